/** Field schemas every entity shares: ids, timestamps, money, volume. */
import { z } from 'zod';
import { PROVISIONAL_MARK, SERIES_PREFIXES, type SeriesName } from '../constants/ids';

/** ISO-8601 timestamp (UTC `Z` or with an offset), as every timestamp travels on the wire. */
export const isoDateTimeSchema = z.iso.datetime({ offset: true });
/** Calendar date `YYYY-MM-DD` (booking preferred date, expiry dates, invoice dates). */
export const isoDateSchema = z.iso.date();
/** A date-only or full timestamp value; used where old records may hold either. */
export const isoDateOrDateTimeSchema = z.union([isoDateSchema, isoDateTimeSchema]);

/** Integer id of tables whose ids are numbers (drawn from leased blocks, so always positive). */
export const intIdSchema = z.number().int().positive();

/** Money in integer cents, never negative. */
export const centsSchema = z.number().int().nonnegative();
/** Fuel volume in integer thousandths of a litre (millilitres). */
export const milliLitresSchema = z.number().int().nonnegative();

/**
 * Largest number of a text id series: nine digits. Ids the server mints or leases never come
 * near it, and a number of more digits would lose precision in JavaScript.
 */
export const MAX_SERIES_NUMBER = 999_999_999;

/**
 * Regular expression of one id series: prefix, four-digit year, a number of 1 to 9 digits, which
 * a leased key marks with `P` (`JOB-2026-P57`, rules/ids.ts).
 */
export function seriesIdPattern(series: SeriesName): RegExp {
  return new RegExp(`^${SERIES_PREFIXES[series]}-\\d{4}-${PROVISIONAL_MARK}?[1-9]\\d{0,8}$`);
}

/** Regular expression of a document number of one series (never a leased key). */
export function documentNumberPattern(series: SeriesName): RegExp {
  return new RegExp(`^${SERIES_PREFIXES[series]}-\\d{4}-[1-9]\\d{0,8}$`);
}

/**
 * The document number the server gave a row (docs/decisions/2026-11-27-document-numbers.md); null
 * or absent until the server has stored the row (a device shows its key as a provisional reference
 * meanwhile).
 */
export function documentNumberSchema(series: SeriesName) {
  return z.string().regex(documentNumberPattern(series)).nullable().optional();
}

/** Job id such as `JOB-2026-123`. */
export const jobIdSchema = z.string().regex(seriesIdPattern('job'));
/** Booking id such as `BKG-2026-123`. */
export const bookingIdSchema = z.string().regex(seriesIdPattern('booking'));
/** Quote id such as `Q-2026-123`. */
export const quoteIdSchema = z.string().regex(seriesIdPattern('quote'));
/** Invoice id such as `INV-2026-123`. */
export const invoiceIdSchema = z.string().regex(seriesIdPattern('invoice'));
/** Credit note id such as `CN-2026-123`. */
export const creditNoteIdSchema = z.string().regex(seriesIdPattern('creditNote'));

/**
 * What bookings, jobs and quotes carry for work done on account: the account, its site (the id
 * of one of the account's sites) and the customer's purchase-order number. All absent or null
 * for a one-off customer, and in a device's copy of a row synced before accounts existed.
 */
export const accountWorkFields = {
  accountId: intIdSchema.nullable().optional(),
  siteId: z.string().max(64).nullable().optional(),
  poNumber: z.string().max(50).nullable().optional(),
};
