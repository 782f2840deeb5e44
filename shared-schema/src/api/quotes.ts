/** Quote and payment bodies (quotes manager, checkout). */
import { z } from 'zod';
import { QUOTE_LIMITS, RECORD_LIMITS } from '../constants/limits';
import { QUOTE_DEFAULTS } from '../constants/quotes';
import {
  QUOTE_ITEM_CATEGORIES,
  QUOTE_STATUSES,
  RECORDABLE_PAYMENT_METHODS,
} from '../constants/statuses';
import { invoiceIdSchema, quoteIdSchema } from '../entities/common';
import { invoiceSchema } from '../entities/invoice';
import { quoteSchema } from '../entities/quote';
import { MESSAGES } from '../messages';
import { dollarsToCents } from '../rules/money';
import { optionalDate, optionalEmail, optionalText, phoneField } from './fields';
import { PRICE_KEY_PATTERN } from '../constants/price-list';
import { ACCOUNT_MESSAGES } from '../account-messages';
import { accountWorkInput } from './account-work';

/** A line's quantity: a whole number from 1 to 1,000. */
const quantityInput = z
  .number({ error: MESSAGES.QUANTITY_MIN })
  .int(MESSAGES.QUANTITY_MIN)
  .min(1, MESSAGES.QUANTITY_MIN)
  .max(QUOTE_LIMITS.maxQuantity, MESSAGES.QUANTITY_MAX);

/**
 * One quote line as a client sends it: no `total`, which the server computes. A custom line
 * needs a description and a unit price above 0 ('Please fill in item details'). A line from the
 * price list names its item (`priceKey`): its unit price is the list's in force on the quote's
 * day, whatever the client sends, so it may be left out.
 */
export const quoteItemInputSchema = z
  .object({
    id: z.string().min(1).max(64).optional(),
    description: z
      .string({ error: MESSAGES.QUOTE_ITEM_DETAILS })
      .trim()
      .min(1, MESSAGES.QUOTE_ITEM_DETAILS)
      .max(200),
    /** 1 to 1,000. */
    quantity: quantityInput,
    /** Unit price in cents, above 0 and at most $1,000,000. */
    unitPrice: z
      .number({ error: MESSAGES.QUOTE_ITEM_DETAILS })
      .int(MESSAGES.QUOTE_ITEM_DETAILS)
      .min(1, MESSAGES.QUOTE_ITEM_DETAILS)
      .max(QUOTE_LIMITS.maxUnitPriceCents, MESSAGES.UNIT_PRICE_MAX)
      .optional(),
    category: z.enum(QUOTE_ITEM_CATEGORIES).default('misc'),
    /** The price-list item the line is priced from. */
    priceKey: z
      .string()
      .max(60)
      .regex(PRICE_KEY_PATTERN, ACCOUNT_MESSAGES.PRICE_KEY_INVALID)
      .nullish(),
  })
  .refine((item) => item.unitPrice !== undefined || Boolean(item.priceKey), {
    path: ['unitPrice'],
    error: MESSAGES.QUOTE_ITEM_DETAILS,
  });
/** A quote line as sent. */
export type QuoteItemInput = z.input<typeof quoteItemInputSchema>;

/**
 * The quote form's custom-item fields as entered, in dollars: description and a unit price above
 * 0, else 'Please fill in item details'. Convert with `dollarsToCents` before sending.
 */
export const customQuoteItemFormSchema = z.object({
  description: z
    .string({ error: MESSAGES.QUOTE_ITEM_DETAILS })
    .trim()
    .min(1, MESSAGES.QUOTE_ITEM_DETAILS)
    .max(200),
  unitPrice: z
    .union([z.string(), z.number()], { error: MESSAGES.QUOTE_ITEM_DETAILS })
    .refine((value) => dollarsToCents(value) > 0, MESSAGES.QUOTE_ITEM_DETAILS)
    .refine(
      (value) => dollarsToCents(value) <= QUOTE_LIMITS.maxUnitPriceCents,
      MESSAGES.UNIT_PRICE_MAX,
    ),
  quantity: quantityInput,
  category: z.enum(QUOTE_ITEM_CATEGORIES).default('misc'),
});

/** A whole-percent discount from 0 to `max`, every failure showing `message`. */
function discountPercentInput(max: number, message: string) {
  return z.number({ error: message }).int(message).min(0, message).max(max, message);
}

/** Distance in km, decimals allowed, at most 5,000. */
const distanceInput = z
  .number({ error: MESSAGES.DISTANCE_MIN })
  .min(0, MESSAGES.DISTANCE_MIN)
  .max(QUOTE_LIMITS.maxDistanceKm, MESSAGES.DISTANCE_MAX)
  .default(0);

/** Days a quote stays valid, default 14. */
const validDaysInput = z
  .number({ error: MESSAGES.VALID_DAYS_MIN })
  .int(MESSAGES.VALID_DAYS_MIN)
  .min(1, MESSAGES.VALID_DAYS_MIN)
  .max(365, MESSAGES.VALID_DAYS_MIN)
  .default(QUOTE_DEFAULTS.validDays);

/** The fields a quote is made of, shared by the API body and the quote form. */
const quoteFields = {
  customerName: z
    .string({ error: MESSAGES.QUOTE_CUSTOMER_REQUIRED })
    .trim()
    .min(1, MESSAGES.QUOTE_CUSTOMER_REQUIRED)
    .max(100),
  customerPhone: phoneField(MESSAGES.QUOTE_CUSTOMER_REQUIRED),
  customerEmail: optionalEmail(),
  vehicleType: optionalText(100),
  service: optionalText(100),
  fromLocation: optionalText(100),
  toLocation: optionalText(100),
  notes: optionalText(5000),
  /** 1 to 200 lines, whose total is at most $10,000,000. */
  items: z
    .array(quoteItemInputSchema, { error: MESSAGES.QUOTE_ITEMS_REQUIRED })
    .min(1, MESSAGES.QUOTE_ITEMS_REQUIRED)
    .max(QUOTE_LIMITS.maxItems, MESSAGES.QUOTE_ITEMS_MAX)
    .refine(
      (items) =>
        items.reduce((sum, item) => sum + (item.unitPrice ?? 0) * item.quantity, 0) <=
        QUOTE_LIMITS.maxSubtotalCents,
      MESSAGES.QUOTE_TOTAL_MAX,
    ),
};

/**
 * POST /api/quotes and PUT /api/quotes/{id} body. Totals are NOT part of it: any
 * itemsSubtotal, basePrice, discountAmount, finalPrice, validUntil or status a client sends is
 * stripped, and the server computes them with the pricing rule. The quote is saved as draft.
 */
export const quoteInputSchema = z.object({
  /** Id minted offline by the device; the server mints one when absent. */
  id: quoteIdSchema.optional(),
  ...quoteFields,
  ...accountWorkInput,
  distance: distanceInput,
  /** Whole percent 0-100 (the form offers 0-50). */
  discountPercent: discountPercentInput(
    QUOTE_DEFAULTS.discountMax,
    MESSAGES.DISCOUNT_RANGE,
  ).default(0),
  validDays: validDaysInput,
});
/** Quote body as sent. */
export type QuoteInput = z.input<typeof quoteInputSchema>;
/** Quote body after validation. */
export type QuoteData = z.output<typeof quoteInputSchema>;

/** An empty number input ('') is no value: the field's default applies. */
const emptyNumber = (value: unknown) => (value === '' ? undefined : value);

/**
 * The New/Edit Quote form's schema: the API body's fields and messages, reading the form as it
 * holds them (empty text is '', an empty number input is ''), with the form's narrower discount
 * range (0-50). Its output is the API body without the id, ready for `quote.save`.
 */
export const quoteFormSchema = z.object({
  ...quoteFields,
  distance: z.preprocess(emptyNumber, distanceInput),
  discountPercent: z.preprocess(
    emptyNumber,
    discountPercentInput(QUOTE_DEFAULTS.discountFieldMax, MESSAGES.DISCOUNT_FIELD_RANGE).default(0),
  ),
  validDays: z.preprocess(emptyNumber, validDaysInput),
});
/** What the quote form holds. */
export type QuoteFormInput = z.input<typeof quoteFormSchema>;

/** PATCH /api/quotes/{id} body. Whether the change is allowed is the quote-flow rule's decision. */
export const quoteStatusInputSchema = z.object({
  status: z.enum(QUOTE_STATUSES, { error: MESSAGES.QUOTE_STATUS_INVALID }),
});
/** Quote status body. */
export type QuoteStatusInput = z.infer<typeof quoteStatusInputSchema>;

/** POST /api/quotes/{id}/duplicate body: the new quote's id when a device minted one offline. */
export const duplicateQuoteInputSchema = z.object({ id: quoteIdSchema.optional() });

/** GET /api/quotes answer. */
export const quotesResponseSchema = z.object({ quotes: z.array(quoteSchema) });
/** Quotes list response. */
export type QuotesResponse = z.infer<typeof quotesResponseSchema>;
/** Answer of POST, PUT, PATCH /api/quotes… and of POST /api/quotes/{id}/send-email. */
export const quoteResponseSchema = z.object({ quote: quoteSchema });
/** Single-quote response. */
export type QuoteResponse = z.infer<typeof quoteResponseSchema>;

/** POST /api/quotes/{id}/create-payment-intent answer. */
export const createPaymentIntentResponseSchema = z.object({ clientSecret: z.string().min(1) });
/** Payment intent response. */
export type CreatePaymentIntentResponse = z.infer<typeof createPaymentIntentResponseSchema>;

/**
 * POST /api/quotes/{id}/record-payment body: staff record a payment taken outside the card
 * checkout. `amount` defaults to the quote's final price; `paidAt` to now.
 */
export const recordPaymentInputSchema = z.object({
  method: z.enum(RECORDABLE_PAYMENT_METHODS, { error: MESSAGES.PAYMENT_METHOD_INVALID }),
  amount: z
    .number({ error: MESSAGES.AMOUNT_MIN })
    .int(MESSAGES.AMOUNT_MIN)
    .min(0, MESSAGES.AMOUNT_MIN)
    .max(RECORD_LIMITS.maxPaymentCents, MESSAGES.PAYMENT_MAX)
    .optional(),
  reference: optionalText(100),
  paidAt: optionalDate(),
  /** Id of the invoice to create, minted offline by the device. */
  invoiceId: invoiceIdSchema.optional(),
});
/** Record payment body. */
export type RecordPaymentInput = z.input<typeof recordPaymentInputSchema>;

/** Answer of recording a payment: the accepted quote and its paid invoice. */
export const recordPaymentResponseSchema = z.object({ quote: quoteSchema, invoice: invoiceSchema });

/** GET /api/invoices answer. */
export const invoicesResponseSchema = z.object({ invoices: z.array(invoiceSchema) });
/** GET /api/invoices/{id} answer. */
export const invoiceResponseSchema = z.object({ invoice: invoiceSchema });
