/**
 * Document numbers an accountant accepts (docs/decisions/2026-11-27-document-numbers.md).
 *
 * Jobs, quotes, tax invoices and credit notes have two identities:
 *
 * - the **key** (`id`), minted from a leased block so a device can make the row offline and link
 *   other rows to it (a payment to its invoice, history to its job). New keys carry the
 *   provisional mark (`INV-2026-P57`); the key never changes;
 * - the **number** (`number`), which customers and the accountant read: the server gives it when
 *   it stores the row, from one counter per series and year, in the same transaction, so the
 *   numbers follow the order the documents were issued in with no gaps, and a number once given
 *   is never changed or given again.
 *
 * People read numbers, never keys: until the number arrives a device shows the provisional wording
 * ({@link PROVISIONAL_TEXT}) where the number will be, never the key (`Q-2026-P263` beside the
 * `Q-2026-13` the customer was sent read as two quotes). Rows from before numbers were separate
 * have a plain key that is their number.
 */
import { SERIES_PREFIXES, type SeriesPrefix } from '../constants/ids';
import { perthDate } from './dates';
import { isProvisionalId } from './ids';

/** The numbered tables and the prefix of each one's series. */
export const NUMBERED_TABLES = {
  jobs: SERIES_PREFIXES.job,
  quotes: SERIES_PREFIXES.quote,
  invoices: SERIES_PREFIXES.invoice,
  credit_notes: SERIES_PREFIXES.creditNote,
} as const satisfies Record<string, SeriesPrefix>;
/** A table whose rows get document numbers. */
export type NumberedTable = keyof typeof NUMBERED_TABLES;

/** Whether rows of `table` get document numbers. */
export function isNumberedTable(table: string): table is NumberedTable {
  return Object.hasOwn(NUMBERED_TABLES, table);
}

/** What a numbered row carries: its key and, once the server stored it, its number. */
export interface NumberedRow {
  id: string | number;
  number?: string | null | undefined;
}

/**
 * The row's document number: the one the server gave it, or the key of a row from before numbers
 * were separate; null while a new row waits for its number.
 */
export function documentNumber(row: NumberedRow): string | null {
  if (row.number) return row.number;
  const id = String(row.id);
  return isProvisionalId(id) ? null : id;
}

/** Whether the row still waits for its number (it shows its key, marked as provisional). */
export function isProvisional(row: NumberedRow): boolean {
  return documentNumber(row) === null;
}

/** Words shown for a row that has no number yet. */
export const PROVISIONAL_TEXT = {
  BADGE: 'Provisional',
  /** Beside a provisional reference: why there is no number yet. */
  EXPLAIN: 'Provisional: the number is given when this reaches the server.',
  /** Where the number will be ('Quote (number pending) saved'). */
  REF: '(number pending)',
} as const;

/** What people read for a row: its number, or the provisional wording until it arrives. */
export function documentRef(row: NumberedRow): string {
  return documentNumber(row) ?? PROVISIONAL_TEXT.REF;
}

/**
 * An id as people may read it: a series key that is not a number yet (`JOB-2026-P57`) reads as
 * the provisional wording; any other id (a number, a booking reference, a vehicle) as it is.
 */
export function shownId(id: string | number): string {
  return isProvisionalId(String(id)) ? PROVISIONAL_TEXT.REF : String(id);
}

/**
 * The series a row of `table` is numbered in: its prefix and the Perth year of the day it was
 * made (`INV-2026`), so a document made offline on 31 December is numbered in that year.
 */
export function documentSeries(table: NumberedTable, createdAt: string): string {
  return `${NUMBERED_TABLES[table]}-${perthDate(createdAt).slice(0, 4)}`;
}

/**
 * The number a row keeps when a change writes it again: the stored row's, whatever the change
 * carries (numbers never change; a copied row, such as a duplicated quote, does not inherit its
 * source's). A device uses it for its optimistic rows; the server decides the same way.
 */
export function keptNumber(
  stored: NumberedRow | undefined,
  next: NumberedRow,
): string | null | undefined {
  if (stored && String(stored.id) === String(next.id)) return stored.number ?? null;
  return null;
}

/**
 * Whether `text` (as a customer or staff member types it) names this row: its number, or its
 * key (a provisional reference read out before the number arrived keeps working).
 */
export function matchesDocumentRef(row: NumberedRow, text: string): boolean {
  const wanted = text.trim().toUpperCase();
  return documentRef(row) === wanted || String(row.id) === wanted;
}
