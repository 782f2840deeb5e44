/** The human-readable id series: `JOB-2026-123`, `BKG-…`, `Q-…`, `INV-…`, `CN-2026-123`. */
import { SERIES_PREFIXES, type SeriesName, type SeriesPrefix } from '../constants/ids';

/** The parts of a series id. */
export interface SeriesId {
  prefix: SeriesPrefix;
  year: number;
  number: number;
}

/** Formats a series id: `formatSeriesId('JOB', 2026, 123)` → 'JOB-2026-123'. */
export function formatSeriesId(prefix: SeriesPrefix, year: number, number: number): string {
  return `${prefix}-${year}-${number}`;
}

/** Parses a series id, or returns null when the text is not one of the id series. */
export function parseSeriesId(id: string): SeriesId | null {
  const match = /^([A-Z]+)-(\d{4})-(\d+)$/.exec(id.trim());
  if (!match) return null;
  const prefix = Object.values(SERIES_PREFIXES).find((candidate) => candidate === match[1]);
  if (!prefix) return null;
  return { prefix, year: Number(match[2]), number: Number(match[3]) };
}

/** Whether `id` is an id of the given series. */
export function isSeriesId(id: string, series: SeriesName): boolean {
  return parseSeriesId(id)?.prefix === SERIES_PREFIXES[series];
}
