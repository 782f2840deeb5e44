import { z } from 'zod';
import { QUOTE_ITEM_CATEGORIES, QUOTE_STATUSES } from '../constants/statuses';
import {
  accountWorkFields,
  centsSchema,
  documentNumberSchema,
  isoDateTimeSchema,
  jobIdSchema,
  quoteIdSchema,
} from './common';

/** Quote status value. */
export const quoteStatusSchema = z.enum(QUOTE_STATUSES);
/** Quote item category value. */
export const quoteItemCategorySchema = z.enum(QUOTE_ITEM_CATEGORIES);

/** One line of a quote (stored inside the quote's `items` JSON). Money in cents. */
export const quoteItemSchema = z.object({
  /** Unique within its quote; minted by the client that adds the line. */
  id: z.string().min(1).max(64),
  description: z.string().min(1).max(200),
  quantity: z.number().int().min(1),
  /** Unit price in cents. */
  unitPrice: centsSchema,
  /** unitPrice × quantity, in cents (computed, see the pricing rule). */
  total: centsSchema,
  category: quoteItemCategorySchema,
  /**
   * The price-list item the line was priced from (`towing.emergency`), when it was; its unit
   * price is the list's on the day the quote was saved and never changes afterwards.
   */
  priceKey: z.string().max(60).nullable().optional(),
});
/** A quote line. */
export type QuoteItem = z.infer<typeof quoteItemSchema>;

/** Table `quotes`. All money fields are cents and computed by the pricing rule, never trusted from clients. */
export const quoteSchema = z.object({
  id: quoteIdSchema,
  /** The quote number the customer reads (`Q-2026-12`), given by the server in issue order. */
  number: documentNumberSchema('quote'),
  /**
   * The job an automatic quote was made for (its key); absent on quotes from before the column,
   * whose notes name the job instead (`jobIdOfQuote`).
   */
  jobId: jobIdSchema.nullable().optional(),
  customerName: z.string(),
  customerPhone: z.string(),
  customerEmail: z.string().nullable(),
  vehicleType: z.string().nullable(),
  service: z.string().nullable(),
  fromLocation: z.string().nullable(),
  toLocation: z.string().nullable(),
  /** Distance in km (decimals allowed), default 0. */
  distance: z.number().nonnegative(),
  items: z.array(quoteItemSchema),
  itemsSubtotal: centsSchema,
  basePrice: centsSchema,
  /** Whole percent, 0-100. */
  discountPercent: z.number().int().min(0).max(100),
  discountAmount: centsSchema,
  finalPrice: centsSchema,
  /**
   * The location multiplier the quote was priced with, in basis points, and the place it came
   * from: fixed when the quote is saved, so a later change of the price list never changes what
   * the quote or its invoice says. Absent on quotes from before price lists.
   */
  multiplierBasisPoints: z.number().int().min(10000).nullable().optional(),
  multiplierLocation: z.string().nullable().optional(),
  ...accountWorkFields,
  notes: z.string().nullable(),
  validUntil: isoDateTimeSchema,
  /** Default 'draft'. */
  status: quoteStatusSchema,
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
/** A stored quote. */
export type Quote = z.infer<typeof quoteSchema>;
