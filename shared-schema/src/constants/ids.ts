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

/**
 * The series whose numbers a customer or accountant reads
 * (docs/decisions/2026-11-27-document-numbers.md): the server numbers them in issue order with no
 * gaps. Their rows are keyed by a leased id in the provisional form (`INV-2026-P57`), which never
 * changes; the number is a column of its own.
 */
export const DOCUMENT_SERIES = ['job', 'quote', 'invoice', 'creditNote'] as const;
/** A numbered document series. */
export type DocumentSeries = (typeof DOCUMENT_SERIES)[number];

/** The marker of a leased (internal, provisional) key: `JOB-2026-P57`. */
export const PROVISIONAL_MARK = 'P';

/** Integer-id tables whose ids devices mint from a lease; each table is its own series. */
export const INTEGER_ID_SERIES = [
  'job_updates',
  'vehicles',
  'service_records',
  'fuel_records',
  'mileage_records',
  'fleet_expenses',
  'payments',
  'prestart_checks',
  'vehicle_defects',
  'merge_notices',
  'accounts',
  'price_lists',
  'yard_vehicles',
  'yard_events',
  'complaints',
  'occurrences',
  'driver_shift_events',
] as const;
