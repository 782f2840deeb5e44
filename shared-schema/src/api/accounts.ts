/**
 * Accounts (the mine sites, fleets, clubs and police that pay on account), their own portal, the
 * price list, and statements: the bodies and answers of `/api/accounts…`, `/api/account/…` (the
 * account's own sign-in) and `/api/prices`, and the arguments of the `account.save` and
 * `priceList.save` mutators, which the account and price-list forms build.
 */
import { z } from 'zod';
import { ACCOUNT_MESSAGES } from '../account-messages';
import { QUOTE_LIMITS } from '../constants/limits';
import { ACCOUNT_TYPES, INDUCTION_KINDS, accountSchema } from '../entities/account';
import { bookingSchema } from '../entities/booking';
import { isoDateSchema } from '../entities/common';
import { creditNoteSchema } from '../entities/credit-note';
import { invoiceSchema } from '../entities/invoice';
import { jobSchema } from '../entities/job';
import { jobUpdateSchema } from '../entities/job-update';
import { PRICE_CATEGORIES, PRICE_KEY_PATTERN, PRICE_UNITS } from '../constants/price-list';
import { priceItemSchema } from '../entities/price-list';
import { quoteSchema } from '../entities/quote';
import { publicUserSchema } from '../entities/user';
import { isValidAbn } from '../documents/abn';
import { isCalendarDate } from '../rules/dates';
import { isYearMonth } from '../rules/payment-terms';
import { registerInputSchema } from './auth';
import { siteIdInput, poNumberInput } from './account-work';
import { optionalEmail, optionalText, requiredText } from './fields';
import { makeBookingInputSchema } from './public';

/** A calendar date field `YYYY-MM-DD`, failing with `message`. */
function dateInput(message: string) {
  return z
    .string({ error: message })
    .trim()
    .refine((value) => isCalendarDate(value), message);
}

/** An ABN as typed: valid by the ATO's check when given; '' and missing are none. */
const abnInput = z
  .string()
  .max(20)
  .nullish()
  .transform((value) => (value && value.trim() !== '' ? value.trim() : null))
  .refine((value) => value === null || isValidAbn(value), ACCOUNT_MESSAGES.ABN_INVALID);

/** An id within an account (a contact's, a site's, an induction's); minted when absent. */
const innerId = z.string().trim().min(1).max(64).optional();

/** A contact as the account form sends it. */
export const accountContactInputSchema = z.object({
  id: innerId,
  name: requiredText(ACCOUNT_MESSAGES.CONTACT_NAME_REQUIRED, 100),
  role: optionalText(100),
  phone: optionalText(20),
  email: optionalEmail(),
});

/** A site induction as the account form sends it: a driver's user id or a truck's vehicle id. */
export const siteInductionInputSchema = z
  .object({
    id: innerId,
    kind: z.enum(INDUCTION_KINDS, { error: ACCOUNT_MESSAGES.INDUCTION_WHO_REQUIRED }),
    userId: z
      .number()
      .int()
      .positive()
      .nullish()
      .transform((value) => value ?? null),
    vehicleId: z
      .number()
      .int()
      .positive()
      .nullish()
      .transform((value) => value ?? null),
    expiresOn: dateInput(ACCOUNT_MESSAGES.INDUCTION_EXPIRY_REQUIRED),
  })
  .refine((entry) => (entry.kind === 'driver' ? entry.userId !== null : entry.vehicleId !== null), {
    path: ['userId'],
    error: ACCOUNT_MESSAGES.INDUCTION_WHO_REQUIRED,
  });

/** A site as the account form sends it. */
export const accountSiteInputSchema = z.object({
  id: innerId,
  name: requiredText(ACCOUNT_MESSAGES.SITE_NAME_REQUIRED, 100),
  location: requiredText(ACCOUNT_MESSAGES.SITE_LOCATION_REQUIRED, 255),
  gatePhone: optionalText(20),
  accessNotes: optionalText(1000),
  inductionRequirements: optionalText(1000),
  inductions: z.array(siteInductionInputSchema).max(200).default([]),
});

/** Payment terms as sent: days after the invoice, or after the end of its month. */
export const paymentTermsInputSchema = z.object({
  kind: z.enum(['days', 'eom'], { error: ACCOUNT_MESSAGES.TERMS_DAYS_RANGE }),
  days: z
    .number({ error: ACCOUNT_MESSAGES.TERMS_DAYS_RANGE })
    .int(ACCOUNT_MESSAGES.TERMS_DAYS_RANGE)
    .min(0, ACCOUNT_MESSAGES.TERMS_DAYS_RANGE)
    .max(180, ACCOUNT_MESSAGES.TERMS_DAYS_RANGE),
});

/** Most an account's credit limit may be: $10,000,000. */
const MAX_CREDIT_LIMIT_CENTS = 1_000_000_000;

/** The PO rule as sent. */
export const poRuleInputSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none') }),
  z.object({ kind: z.literal('per-job') }),
  z.object({
    kind: z.literal('blanket'),
    number: requiredText(ACCOUNT_MESSAGES.PO_NUMBER_REQUIRED, 50),
    expiresOn: dateInput(ACCOUNT_MESSAGES.PO_EXPIRY_REQUIRED),
    capCents: z
      .number({ error: ACCOUNT_MESSAGES.PO_CAP_REQUIRED })
      .int(ACCOUNT_MESSAGES.PO_CAP_REQUIRED)
      .min(1, ACCOUNT_MESSAGES.PO_CAP_REQUIRED)
      .max(MAX_CREDIT_LIMIT_CENTS, ACCOUNT_MESSAGES.PO_CAP_REQUIRED),
  }),
]);

/**
 * POST /api/accounts body, and the fields of `account.save`: a whole account as the account
 * form holds it. Contacts, sites and inductions without an id get one.
 */
export const accountInputSchema = z.object({
  /** Id minted offline by the device; the server mints one when absent. */
  id: z.number().int().positive().optional(),
  name: requiredText(ACCOUNT_MESSAGES.ACCOUNT_NAME_REQUIRED, 100),
  type: z.enum(ACCOUNT_TYPES, { error: ACCOUNT_MESSAGES.ACCOUNT_TYPE_REQUIRED }),
  legalName: requiredText(ACCOUNT_MESSAGES.LEGAL_NAME_REQUIRED, 150),
  abn: abnInput,
  billingEmail: optionalEmail(),
  contacts: z.array(accountContactInputSchema).max(50).default([]),
  sites: z.array(accountSiteInputSchema).max(100).default([]),
  terms: paymentTermsInputSchema.default({ kind: 'days', days: 14 }),
  creditLimitCents: z
    .number({ error: ACCOUNT_MESSAGES.CREDIT_LIMIT_RANGE })
    .int(ACCOUNT_MESSAGES.CREDIT_LIMIT_RANGE)
    .min(0, ACCOUNT_MESSAGES.CREDIT_LIMIT_RANGE)
    .max(MAX_CREDIT_LIMIT_CENTS, ACCOUNT_MESSAGES.CREDIT_LIMIT_RANGE)
    .default(0),
  poRule: poRuleInputSchema.default({ kind: 'none' }),
  notes: optionalText(2000),
  isActive: z.boolean().default(true),
});
/** An account as the form sends it. */
export type AccountInput = z.input<typeof accountInputSchema>;
/** An account body after validation. */
export type AccountData = z.output<typeof accountInputSchema>;

/** GET /api/accounts answer. */
export const accountsResponseSchema = z.object({ accounts: z.array(accountSchema) });
/** POST /api/accounts and GET /api/accounts/{id} answer. */
export const accountResponseSchema = z.object({ account: accountSchema });

/** GET /api/accounts/{id}/statement.pdf query: the month, `YYYY-MM`. */
export const statementQuerySchema = z.object({
  month: z
    .string({ error: ACCOUNT_MESSAGES.MONTH_INVALID })
    .trim()
    .refine(isYearMonth, ACCOUNT_MESSAGES.MONTH_INVALID),
});

/** POST /api/accounts/{id}/users body: a sign-in of the account's own (role `account`). */
export const accountUserInputSchema = (() => {
  const { username, password, firstName, lastName, phone } = registerInputSchema.shape;
  return z.object({
    username,
    password,
    firstName,
    lastName,
    email: optionalEmail(),
    phone,
  });
})();
/** A new account sign-in as sent. */
export type AccountUserInput = z.input<typeof accountUserInputSchema>;
/** GET /api/accounts/{id}/users and POST answers. */
export const accountUsersResponseSchema = z.object({ users: z.array(publicUserSchema) });
export const accountUserResponseSchema = z.object({ user: publicUserSchema });

/** One price as the price list form sends it. */
export const priceItemInputSchema = z.object({
  key: z
    .string({ error: ACCOUNT_MESSAGES.PRICE_KEY_INVALID })
    .trim()
    .max(60, ACCOUNT_MESSAGES.PRICE_KEY_INVALID)
    .regex(PRICE_KEY_PATTERN, ACCOUNT_MESSAGES.PRICE_KEY_INVALID),
  label: requiredText(ACCOUNT_MESSAGES.PRICE_LABEL_REQUIRED, 100),
  unit: z.enum(PRICE_UNITS),
  amount: z
    .number({ error: ACCOUNT_MESSAGES.PRICE_AMOUNT_RANGE })
    .int(ACCOUNT_MESSAGES.PRICE_AMOUNT_RANGE)
    .min(0, ACCOUNT_MESSAGES.PRICE_AMOUNT_RANGE)
    .max(QUOTE_LIMITS.maxUnitPriceCents, ACCOUNT_MESSAGES.PRICE_AMOUNT_RANGE),
  category: z.enum(PRICE_CATEGORIES).nullable().default(null),
  note: optionalText(200),
});

/**
 * The arguments of `priceList.save` (and what the price list editor builds): a whole version of
 * a list, in force from `effectiveFrom` (today or later, Perth).
 */
export const priceListVersionInputSchema = z.object({
  effectiveFrom: dateInput(ACCOUNT_MESSAGES.PRICE_EFFECTIVE_REQUIRED),
  items: z
    .array(priceItemInputSchema)
    .max(500)
    .refine(
      (items) => new Set(items.map((entry) => entry.key)).size === items.length,
      ACCOUNT_MESSAGES.PRICE_KEYS_UNIQUE,
    )
    .refine(
      (items) =>
        items.every(
          (entry) =>
            entry.unit !== 'multiplier' || (entry.amount >= 10000 && entry.amount <= 100000),
        ),
      ACCOUNT_MESSAGES.PRICE_AMOUNT_RANGE,
    ),
});
/** A price list version as sent. */
export type PriceListVersionInput = z.input<typeof priceListVersionInputSchema>;

/** GET /api/prices answer: the default list's prices in force today, for the public pages. */
export const pricesResponseSchema = z.object({
  /** The first day of the version in force; null while the built-in prices apply. */
  effectiveFrom: isoDateSchema.nullable(),
  items: z.array(priceItemSchema),
});
/** The public prices. */
export type PricesResponse = z.infer<typeof pricesResponseSchema>;

/**
 * POST /api/account/bookings body (built with the given source of "today"): work booked by an account's own contact, at one of the
 * account's sites, with the customer's PO number (required when the account needs one per job,
 * checked by the server against the account).
 */
export function makeAccountBookingInputSchema(today?: () => string) {
  return z.intersection(
    makeBookingInputSchema(today),
    z.object({ siteId: siteIdInput, poNumber: poNumberInput }),
  );
}
/** {@link makeAccountBookingInputSchema} with today read from the clock. */
export const accountBookingInputSchema = makeAccountBookingInputSchema();
/** An account booking as sent. */
export type AccountBookingInput = z.input<typeof accountBookingInputSchema>;

/** What an account's own sign-in sees of its account (never its credit figures or notes). */
export const portalAccountSchema = accountSchema
  .pick({
    id: true,
    name: true,
    type: true,
    legalName: true,
    abn: true,
    billingEmail: true,
    contacts: true,
    terms: true,
    poRule: true,
    isActive: true,
  })
  .extend({
    /** The sites, without the drivers' and trucks' inductions. */
    sites: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        location: z.string(),
        gatePhone: z.string().nullable(),
        accessNotes: z.string().nullable(),
        inductionRequirements: z.string().nullable(),
      }),
    ),
  });
/** The account as its portal shows it. */
export type PortalAccount = z.infer<typeof portalAccountSchema>;

/** A month a statement can be had for, with its closing balance. */
export const portalStatementSchema = z.object({
  month: z.string(),
  closingCents: z.number().int(),
});

/**
 * GET /api/account/portal answer: everything of the signed-in account's own — its jobs (with
 * their history, the live part), bookings still waiting, quotes, invoices, credit notes, and the
 * months it has statements for. Nothing of any other account.
 */
export const portalResponseSchema = z.object({
  account: portalAccountSchema,
  jobs: z.array(jobSchema.omit({ notes: true, creditHoldNote: true })),
  updates: z.array(jobUpdateSchema),
  bookings: z.array(bookingSchema.omit({ creditHold: true })),
  quotes: z.array(quoteSchema.omit({ notes: true })),
  invoices: z.array(invoiceSchema),
  creditNotes: z.array(creditNoteSchema),
  statements: z.array(portalStatementSchema),
  /** When the server answered (its clock). */
  asOf: z.string(),
});
/** The portal's data. */
export type PortalResponse = z.infer<typeof portalResponseSchema>;

/** POST /api/account/bookings answer: the stored booking. */
export const accountBookingResponseSchema = z.object({
  booking: bookingSchema.omit({ creditHold: true }),
});
