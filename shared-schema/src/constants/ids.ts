/** Prefixes of the human-readable id series. */

/** Prefix of each text id series (`JOB-2026-123`, `BKG-…`, `Q-…`, `INV-…`, `CN-…`). */
export const SERIES_PREFIXES = {
  job: 'JOB',
  booking: 'BKG',
  quote: 'Q',
  invoice: 'INV',
  creditNote: 'CN',
} as const;
/** A text id series name. */
export type SeriesName = keyof typeof SERIES_PREFIXES;
/** A text id prefix. */
export type SeriesPrefix = (typeof SERIES_PREFIXES)[SeriesName];
