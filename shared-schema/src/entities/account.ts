/**
 * Table `accounts`: the customers who pay on account — mine sites and their contractors, transport
 * fleets, roadside-assistance clubs, police, insurers — with their contacts, sites, payment terms,
 * credit limit and purchase-order rule. Contacts, sites (with their inductions), terms and the PO
 * rule are stored as JSON: they are edited as one record, offline, by the owners.
 */
import { z } from 'zod';
import { centsSchema, intIdSchema, isoDateSchema, isoDateTimeSchema } from './common';

/** The kinds of account, in the order the account form offers them. */
export const ACCOUNT_TYPES = [
  'mine-site',
  'fleet',
  'roadside-club',
  'police',
  'insurer',
  'cash',
] as const;
/** An account kind. */
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/** How each kind reads on screens and documents. */
export const ACCOUNT_TYPE_LABELS: Readonly<Record<AccountType, string>> = {
  'mine-site': 'Mine site or contractor',
  fleet: 'Fleet',
  'roadside-club': 'Roadside club',
  police: 'Police',
  insurer: 'Insurer',
  cash: 'Cash',
};

/** A person at the account. */
export const accountContactSchema = z.object({
  /** Unique within the account; minted by the device that adds the contact. */
  id: z.string().min(1).max(64),
  name: z.string(),
  role: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});
/** A contact of an account. */
export type AccountContact = z.infer<typeof accountContactSchema>;

/** Who or what a site induction is for: a driver (their user id) or a truck (its vehicle id). */
export const INDUCTION_KINDS = ['driver', 'vehicle'] as const;

/** One site induction: a driver or a truck inducted at a site, until a date. */
export const siteInductionSchema = z.object({
  id: z.string().min(1).max(64),
  kind: z.enum(INDUCTION_KINDS),
  /** The driver's user id (kind `driver`). */
  userId: intIdSchema.nullable(),
  /** The truck's vehicle id (kind `vehicle`). */
  vehicleId: intIdSchema.nullable(),
  /** The last Perth day the induction is good for. */
  expiresOn: isoDateSchema,
});
/** A site induction. */
export type SiteInduction = z.infer<typeof siteInductionSchema>;

/** A place of the account work is done at: a mine site's gate, a fleet's depot. */
export const accountSiteSchema = z.object({
  /** Unique within the account; minted by the device that adds the site. */
  id: z.string().min(1).max(64),
  name: z.string(),
  location: z.string(),
  gatePhone: z.string().nullable(),
  accessNotes: z.string().nullable(),
  /** What a driver or truck needs before going on site (the site's own words). */
  inductionRequirements: z.string().nullable(),
  inductions: z.array(siteInductionSchema),
});
/** A site of an account. */
export type AccountSite = z.infer<typeof accountSiteSchema>;

/**
 * When an account pays: a number of days after the invoice date, or after the end of the
 * invoice's month (`eom`: end of month plus days, "30 days EOM").
 */
export const paymentTermsSchema = z.object({
  kind: z.enum(['days', 'eom']),
  days: z.number().int().min(0).max(180),
});
/** Payment terms. */
export type PaymentTerms = z.infer<typeof paymentTermsSchema>;

/**
 * The account's purchase-order rule: none; a PO required for every job; or one blanket PO that
 * covers its jobs up to a value cap and until an expiry date.
 */
export const poRuleSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none') }),
  z.object({ kind: z.literal('per-job') }),
  z.object({
    kind: z.literal('blanket'),
    number: z.string().min(1).max(50),
    /** The last Perth day the PO covers. */
    expiresOn: isoDateSchema,
    /** The PO's value, GST included, in cents. */
    capCents: centsSchema,
  }),
]);
/** A PO rule. */
export type PoRule = z.infer<typeof poRuleSchema>;

/** Table `accounts`. */
export const accountSchema = z.object({
  id: intIdSchema,
  /** What staff call the account ("Rio Tinto Dampier Salt"). */
  name: z.string(),
  type: z.enum(ACCOUNT_TYPES),
  /** The buyer's legal name, printed on its tax invoices and statements. */
  legalName: z.string(),
  /** The buyer's ABN as typed; null for a cash account or a buyer without one. */
  abn: z.string().nullable(),
  /** Where invoices and the monthly statement go. */
  billingEmail: z.string().nullable(),
  contacts: z.array(accountContactSchema),
  sites: z.array(accountSiteSchema),
  terms: paymentTermsSchema,
  /** Most the account may owe, GST included, in cents; 0 for no limit. */
  creditLimitCents: centsSchema,
  poRule: poRuleSchema,
  notes: z.string().nullable(),
  /** A closed account keeps its history; no new work is booked under it. */
  isActive: z.boolean(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
/** A stored account. */
export type Account = z.infer<typeof accountSchema>;
