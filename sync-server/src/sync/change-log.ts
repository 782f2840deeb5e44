/**
 * The change log (DESIGN.md §5): every write to a synced table is applied through here, so the
 * row and its log entry are written together, and devices pull the log in pages after a cursor.
 *
 * Routes outside the staff write path that create synced rows (public bookings, contact
 * messages, feedback, payment webhooks) must also write with `writeChanges` so staff devices
 * see those rows.
 */
import type { Db } from '../db/connection';
import { deleteRow, getRow, putRow } from '../db/rows';
import type { ChangeEntry, RowChange, RowId, SyncedTable } from '@pilbara/shared-schema';
import { SYNCED_TABLES } from '@pilbara/shared-schema';
import { statement } from './statements';

/** Listeners told after changes were committed, per database (the WebSocket room pokes). */
const listeners = new WeakMap<Db, Set<() => void>>();

/** Calls `listener` after each `notifyChanges(db)`; returns the unsubscribe function. */
export function onChanges(db: Db, listener: () => void): () => void {
  let set = listeners.get(db);
  if (!set) {
    set = new Set();
    listeners.set(db, set);
  }
  set.add(listener);
  return () => set.delete(listener);
}

/** Tells listeners that new changes are committed; call after the transaction that wrote them. */
export function notifyChanges(db: Db): void {
  for (const listener of listeners.get(db) ?? []) listener();
}

/** The highest change seq, or 0 for an empty log. */
export function currentCursor(db: Db): number {
  const row = statement(db, 'SELECT max(seq) AS seq FROM changes').get() as { seq: number | null };
  return row.seq ?? 0;
}

/**
 * Writes each row change to its table and appends it to the log, in the caller's transaction.
 * The logged data is the row as stored (defaults filled), so every device gets exactly the
 * server's row. Returns the log position after the last change.
 */
export function writeChanges(db: Db, changes: readonly RowChange[], now: string): number {
  const append = statement(
    db,
    "INSERT INTO changes (entity, rowId, op, data, scope, createdAt) VALUES (?, ?, ?, ?, 'staff', ?)",
  );
  let cursor = 0;
  for (const change of changes) {
    if (change.op === 'put') {
      const stored = putRow(db, change.entity, change.row);
      cursor = Number(
        append.run(change.entity, change.id, 'put', JSON.stringify(stored), now).lastInsertRowid,
      );
    } else if (deleteRow(db, change.entity, change.id)) {
      cursor = Number(append.run(change.entity, change.id, 'delete', null, now).lastInsertRowid);
    }
  }
  return cursor || currentCursor(db);
}

/** A page of the log after a cursor. */
export interface ChangesPage {
  changes: ChangeEntry[];
  /** The position the client stores after applying the page. */
  cursor: number;
  hasMore: boolean;
  /** The log is behind the client's cursor (restored from a backup): the client resyncs from 0. */
  reset: boolean;
}

interface ChangeRow {
  seq: number;
  entity: string;
  rowId: RowId;
  op: 'put' | 'delete';
  data: string | null;
}

/**
 * The changes after `cursor`, oldest first, at most `limit` of them. Only the latest change of
 * each row is sent: an earlier version would be overwritten by the later one anyway, so a device
 * catching up from 0 gets one entry per row (a snapshot) instead of the whole history.
 */
export function pullChanges(db: Db, cursor: number, limit: number): ChangesPage {
  const head = currentCursor(db);
  const reset = cursor > head;
  const from = reset ? 0 : cursor;
  const rows = statement(
    db,
    `SELECT seq, entity, rowId, op, data FROM changes AS c
       WHERE seq > ? AND NOT EXISTS (
         SELECT 1 FROM changes AS later
         WHERE later.entity = c.entity AND later.rowId = c.rowId AND later.seq > c.seq
       )
       ORDER BY seq LIMIT ?`,
  ).all(from, limit + 1) as ChangeRow[];
  const hasMore = rows.length > limit;
  const page = hasMore ? rows.slice(0, limit) : rows;
  const synced = new Set<string>(SYNCED_TABLES);
  const changes: ChangeEntry[] = page
    .filter((row) => synced.has(row.entity))
    .map((row) => ({
      seq: row.seq,
      entity: row.entity as SyncedTable,
      rowId: row.rowId,
      op: row.op,
      data: row.data === null ? null : (JSON.parse(row.data) as Record<string, unknown>),
    }));
  // A full page ends at its last entry; a final page ends at the head, past superseded entries.
  const next = hasMore ? (page[page.length - 1]?.seq ?? from) : head;
  return { changes, cursor: next, hasMore, reset };
}

/**
 * Logs a put for every row of the synced tables that the log does not know yet (rows inserted
 * by migrations, demo data or older code), so a device pulling from 0 gets the whole table.
 * Run at start after migrations and seeding; a second run logs nothing.
 */
export function backfillChangeLog(db: Db, now: string): number {
  let logged = 0;
  const append = statement(
    db,
    "INSERT INTO changes (entity, rowId, op, data, scope, createdAt) VALUES (?, ?, ?, ?, 'staff', ?)",
  );
  db.transaction(() => {
    for (const entity of SYNCED_TABLES) {
      const ids = statement(
        db,
        `SELECT id FROM "${entity}" AS t WHERE NOT EXISTS (
             SELECT 1 FROM changes AS c WHERE c.entity = ? AND c.rowId = t.id)`,
      ).all(entity) as { id: RowId }[];
      for (const { id } of ids) {
        const stored = getRow(db, entity, id);
        if (!stored) continue;
        append.run(entity, id, 'put', JSON.stringify(stored), now);
        logged += 1;
      }
    }
  }).immediate();
  return logged;
}

/** Per database: the write mark at which the last backfill found every synced row logged. */
const completeAt = new WeakMap<Db, string>();

/**
 * How much this connection has written (`total_changes()`, triggers included) and whether
 * another connection has committed since (`data_version`). Two equal marks mean no row was
 * inserted anywhere in between.
 */
function writeMark(db: Db): string {
  const row = statement(
    db,
    'SELECT total_changes() AS own, data_version AS others FROM pragma_data_version()',
  ).get() as { own: number; others: number };
  return `${row.own}:${row.others}`;
}

/**
 * {@link backfillChangeLog} for the pull path, where it runs before every page: skipped when
 * nothing was written to the database since a backfill last found nothing to log, since without
 * a write no unlogged row can have appeared. A backfill that logged rows leaves no mark (its
 * writes could still be rolled back with the caller's transaction); the next one checks again.
 */
export function backfillChangeLogIfWritten(db: Db, now: string): number {
  if (completeAt.get(db) === writeMark(db)) return 0;
  const logged = backfillChangeLog(db, now);
  if (logged === 0) completeAt.set(db, writeMark(db));
  else completeAt.delete(db);
  return logged;
}
