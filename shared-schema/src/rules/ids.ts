/**
 * The human-readable id series: `JOB-2026-123`, `BKG-…`, `Q-…`, `INV-…`, `CN-2026-123`.
 *
 * Jobs, quotes, invoices and credit notes carry two of them
 * (docs/decisions/2026-11-27-document-numbers.md): the row's key, minted from a leased block so a
 * device can create the row offline (`JOB-2026-P57`, the `P` marking it as a key, never a number),
 * and the document number the server gives it in issue order when it stores it (`JOB-2026-12`).
 * Rows from before numbers were separate have a plain key that is also their number.
 */
import {
  PROVISIONAL_MARK,
  SERIES_PREFIXES,
  type SeriesName,
  type SeriesPrefix,
} from '../constants/ids';

/** The parts of a series id. */
export interface SeriesId {
  prefix: SeriesPrefix;
  year: number;
  number: number;
  /** A leased key (`JOB-2026-P57`) rather than a document number. */
  provisional: boolean;
}

/** Formats a series id: `formatSeriesId('JOB', 2026, 123)` → 'JOB-2026-123'. */
export function formatSeriesId(prefix: SeriesPrefix, year: number, number: number): string {
  return `${prefix}-${year}-${number}`;
}

/** Formats a leased key: `formatProvisionalId('JOB', 2026, 57)` → 'JOB-2026-P57'. */
export function formatProvisionalId(prefix: SeriesPrefix, year: number, number: number): string {
  return `${prefix}-${year}-${PROVISIONAL_MARK}${number}`;
}

/** Parses a series id, or returns null when the text is not one of the id series. */
export function parseSeriesId(id: string): SeriesId | null {
  const match = new RegExp(`^([A-Z]+)-(\\d{4})-(${PROVISIONAL_MARK}?)(\\d+)$`).exec(id.trim());
  if (!match) return null;
  const prefix = Object.values(SERIES_PREFIXES).find((candidate) => candidate === match[1]);
  if (!prefix) return null;
  return {
    prefix,
    year: Number(match[2]),
    number: Number(match[4]),
    provisional: match[3] === PROVISIONAL_MARK,
  };
}

/** Whether `id` is an id of the given series. */
export function isSeriesId(id: string, series: SeriesName): boolean {
  return parseSeriesId(id)?.prefix === SERIES_PREFIXES[series];
}

/** Whether `id` is a leased key (`JOB-2026-P57`), which is never a document number. */
export function isProvisionalId(id: string): boolean {
  return parseSeriesId(id)?.provisional === true;
}
