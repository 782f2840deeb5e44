/**
 * Finding documents by what people read: a job, quote, invoice or credit note is
 * found by its document number (`JOB-2026-12`) or by its key (`JOB-2026-P57`, the provisional
 * reference a device showed before the number arrived, which keeps working), and a key is
 * printed as its number. Numbers and keys never collide: keys carry the provisional mark, and
 * numbers continue past every key of the old form (migration 0019).
 */
import { documentRef, parseSeriesId, type NumberedTable, type RefOf } from '@pilbara/shared-schema';
import type { Db } from '../connection';
import { getRow } from '../rows';
import type { Row } from '../tables';
import { statement } from '../statements';

/** The row of `table` whose number or key is `ref` (case and spaces as typed do not matter). */
export function findDocument<T extends Row = Row>(
  db: Db,
  table: NumberedTable,
  ref: string,
): T | undefined {
  const wanted = ref.trim().toUpperCase();
  const byNumber = statement(db, `SELECT id FROM "${table}" WHERE number = ?`).get(wanted) as
    { id: string } | undefined;
  return getRow<T>(db, table, byNumber?.id ?? wanted);
}

/** The key of the row of `table` whose number or key is `ref`, or undefined. */
export function documentKey(db: Db, table: NumberedTable, ref: string): string | undefined {
  const row = findDocument<{ id: string }>(db, table, ref);
  return row ? row.id : undefined;
}

const TABLE_OF_PREFIX: Record<string, NumberedTable> = {
  JOB: 'jobs',
  Q: 'quotes',
  INV: 'invoices',
  CN: 'credit_notes',
};

/** How the exports and documents print a row's key: the number of the row it names. */
export function refOfKey(db: Db): RefOf {
  return (id: string) => {
    const prefix = parseSeriesId(id)?.prefix;
    const table = prefix ? TABLE_OF_PREFIX[prefix] : undefined;
    if (!table) return id;
    const row = statement(db, `SELECT id, number FROM "${table}" WHERE id = ?`).get(id) as
      { id: string; number: string | null } | undefined;
    return row ? documentRef(row) : documentRef({ id });
  };
}
