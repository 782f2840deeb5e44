/**
 * Table `price_lists`: the owners' prices. The default list (no account) is the one source of
 * every price the public pages show and the quote tool offers; an account may have a list of its
 * own whose items take the place of the default's for that account.
 *
 * A list keeps its whole history: each saved version holds every item of the list from its
 * effective date until the next version's. A price on an issued document is copied onto the
 * document, so no version ever changes what was issued.
 */
import { z } from 'zod';
import { PRICE_CATEGORIES, PRICE_KEY_PATTERN, PRICE_UNITS } from '../constants/price-list';
import { intIdSchema, isoDateSchema, isoDateTimeSchema } from './common';

/** One named price. */
export const priceItemSchema = z.object({
  key: z.string().min(1).max(60).regex(PRICE_KEY_PATTERN),
  label: z.string().min(1).max(100),
  unit: z.enum(PRICE_UNITS),
  /** Cents (GST included) per unit; for `multiplier`, basis points (1.4 → 14000). */
  amount: z.number().int().nonnegative(),
  category: z.enum(PRICE_CATEGORIES).nullable(),
  /** A short condition printed with the price ('First 15 km included', '10PM-6AM'). */
  note: z.string().max(200).nullable(),
});
/** A named price. */
export type PriceItem = z.infer<typeof priceItemSchema>;

/** One saved version of a list: its items from `effectiveFrom` on. */
export const priceListVersionSchema = z.object({
  /** The first Perth day the version applies. */
  effectiveFrom: isoDateSchema,
  items: z.array(priceItemSchema),
  savedAt: isoDateTimeSchema,
  /** Who saved it (their name), when known. */
  savedBy: z.string().nullable(),
});
/** A version of a price list. */
export type PriceListVersion = z.infer<typeof priceListVersionSchema>;

/** Table `price_lists`. */
export const priceListSchema = z.object({
  id: intIdSchema,
  name: z.string(),
  /** The account whose own list this is; null for the default list. */
  accountId: intIdSchema.nullable(),
  /** Oldest first. */
  versions: z.array(priceListVersionSchema),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
/** A stored price list. */
export type PriceList = z.infer<typeof priceListSchema>;
