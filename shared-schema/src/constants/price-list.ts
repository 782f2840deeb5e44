/**
 * The price list's vocabularies, apart from its schemas (entities/price-list.ts): the public
 * pages check a price answer by hand with these, and a module of plain constants keeps the
 * schema library out of their first load.
 */

/** What an item's `amount` means. */
export const PRICE_UNITS = ['each', 'km', 'hour', 'day', 'multiplier'] as const;
/** A price unit: cents per each, km, hour or day, or basis points of a location multiplier. */
export type PriceUnit = (typeof PRICE_UNITS)[number];

/**
 * An item's name: lower-case words joined by dots or hyphens (`towing.emergency`,
 * `towing.emergency.per-km`, `storage.daily`).
 */
export const PRICE_KEY_PATTERN = /^[a-z0-9]+(?:[.-][a-z0-9]+)*$/;

/** Where the quote tool's quick-add offers an item; null keeps it off the quick-add. */
export const PRICE_CATEGORIES = ['service', 'parts', 'misc'] as const;
