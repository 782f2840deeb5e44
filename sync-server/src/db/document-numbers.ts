/**
 * Document numbers (docs/decisions/2026-11-27-document-numbers.md): the server gives
 * every job, quote, tax invoice and credit note its number when it first stores the row, from one
 * counter per series and year (`document_numbers`), inside the transaction that stores the row —
 * the mutation's own, under the apply path's exactly-once guarantees. A rejected or rolled-back
 * mutation takes its number back with it, so a series has no gaps and follows the order the server
 * stored the documents in; a number once given never changes (a later write of the row keeps the
 * stored number, whatever the write carries).
 *
 * Called from the one place synced rows are written (`storeRow`, db/rows.ts), like the tracking
 * token rule, so every path — a device's mutation, a REST call, the card webhook, demo data — is
 * numbered the same way.
 *
 * The restore guard (db/restore-guard.ts) records each number given, with the row it went to, in
 * the same transaction: a server restored from an older backup moves its counters past every
 * number given since, and a row the backup lacks that comes back (a device sending its mutation
 * again) gets the number it had, so a number printed or sent is never given to another document.
 */
import {
  MAX_SERIES_NUMBER,
  documentSeries,
  isNumberedTable,
  type NumberedTable,
} from '@pilbara/shared-schema';
import type { Db } from './connection';
import { IdSeriesError } from './id-series';
import { statement } from './statements';
import type { Row } from './tables';

/** What the restore guard knows: a number given to this row before (a restore lost the row). */
export interface NumberMemory {
  /** The number this row was given before, if the guard recorded one. */
  numberOf(table: NumberedTable, id: string): number | undefined;
  /** Records a number given (in the caller's transaction). */
  record(table: NumberedTable, id: string, series: string, number: number): void;
}

const memories = new WeakMap<Db, NumberMemory>();

/** Attaches the restore guard's memory of numbers given (restore-guard.ts). */
export function rememberNumbersWith(db: Db, memory: NumberMemory): void {
  memories.set(db, memory);
}

/** The highest number of `series` already stored in `table` (rows numbered before this counter). */
function highestStoredNumber(db: Db, table: NumberedTable, series: string): number {
  const stem = `${series}-`;
  const row = statement(
    db,
    `SELECT max(CAST(substr(number, ?) AS INTEGER)) AS n FROM "${table}"
      WHERE number >= ? AND number < ? AND length(number) BETWEEN ? AND ?
        AND substr(number, ?) NOT GLOB '*[^0-9]*'`,
  ).get(stem.length + 1, stem, `${series}.`, stem.length + 1, stem.length + 9, stem.length + 1) as {
    n: number | null;
  };
  return row.n ?? 0;
}

/** The last number given in `series`, or undefined for a series not started. */
function lastGiven(db: Db, series: string): number | undefined {
  const row = statement(db, 'SELECT last FROM document_numbers WHERE series = ?').get(series) as
    { last: number } | undefined;
  if (!row) return undefined;
  if (!Number.isSafeInteger(row.last) || row.last < 0 || row.last > MAX_SERIES_NUMBER) {
    throw new IdSeriesError(`Document series ${series} holds a counter it cannot continue from`);
  }
  return row.last;
}

function setLast(db: Db, series: string, last: number): void {
  statement(
    db,
    'INSERT INTO document_numbers (series, last) VALUES (?, ?) ON CONFLICT (series) DO UPDATE SET last = excluded.last',
  ).run(series, last);
}

/**
 * Moves a series' counter past `upTo` if it is not past it already (a restored database, told by
 * the guard what was given since its backup). Returns whether it moved.
 */
export function advanceDocumentSeriesPast(db: Db, series: string, upTo: number): boolean {
  const last = lastGiven(db, series) ?? 0;
  if (last >= upTo || upTo > MAX_SERIES_NUMBER) return false;
  setLast(db, series, upTo);
  return true;
}

/** Every document series started, with its last number. */
export function documentSeriesCounters(db: Db): { series: string; last: number }[] {
  return db.prepare('SELECT series, last FROM document_numbers').all() as {
    series: string;
    last: number;
  }[];
}

/**
 * The number `row` of `table` is stored with: the stored row's (never changed), else the one the
 * restore guard remembers for this row, else the next of its series. Must run inside the
 * transaction that stores the row.
 */
function numberFor(db: Db, table: NumberedTable, row: Row): string {
  const id = String(row.id);
  const stored = statement(db, `SELECT number FROM "${table}" WHERE id = ?`).get(id) as
    { number: string | null } | undefined;
  if (stored?.number) return stored.number;
  const createdAt = typeof row.createdAt === 'string' ? row.createdAt : new Date().toISOString();
  const series = documentSeries(table, createdAt);
  const memory = memories.get(db);
  const remembered = memory?.numberOf(table, id);
  if (remembered !== undefined) {
    advanceDocumentSeriesPast(db, series, remembered);
    return `${series}-${remembered}`;
  }
  const last = lastGiven(db, series) ?? highestStoredNumber(db, table, series);
  const next = last + 1;
  if (next > MAX_SERIES_NUMBER) throw new IdSeriesError(`Document series ${series} is full`);
  setLast(db, series, next);
  memory?.record(table, id, series, next);
  return `${series}-${next}`;
}

/**
 * `row` with its document number when `table` is numbered. The number is also written onto the
 * given object, so a mutation's result that holds the same row (`{ invoice }`) answers with it.
 */
export function withDocumentNumber(db: Db, table: string, row: Row): Row {
  if (!isNumberedTable(table)) return row;
  const number = numberFor(db, table, row);
  if (row.number !== number) row.number = number;
  return row;
}
