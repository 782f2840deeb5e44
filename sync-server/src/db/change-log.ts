/**
 * The change log (docs/sync.md): every write to a synced table is applied through here, so the
 * row and its log entry are written together, and devices pull the log in pages after a cursor.
 *
 * Every write to a synced table goes through `writeChanges` / `putLogged` / `deleteLogged`
 * (the plain row writers of db/rows.ts refuse synced tables), so a pull never has to search the
 * tables for rows the log does not know: it reads the log alone, by index.
 */
import type { Db } from './connection';
import { getRow, removeRow, storeRow } from './rows';
import type { ChangeEntry, Row, RowChange, RowId, SyncedTable } from '@pilbara/shared-schema';
import { SYNCED_TABLES } from '@pilbara/shared-schema';
import { atomically, statement } from './statements';

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

/** Who a logged write is for: a device's mutation, a REST caller's, or the server itself. */
export interface WriteCause {
  origin: 'device' | 'rest' | 'server';
  mutationId?: string;
  name?: string;
  userId?: number;
  clientId?: string;
}

/** A row a logged write touched. */
interface LoggedRow {
  entity: SyncedTable;
  rowId: RowId;
  op: 'put' | 'delete';
}

type LoggedListener = (rows: LoggedRow[], cursor: number, cause: WriteCause, now: string) => void;
const loggedListeners = new WeakMap<Db, LoggedListener>();
const causes = new WeakMap<Db, WriteCause>();
const SERVER_CAUSE: WriteCause = { origin: 'server' };

/**
 * Calls `listener` inside the transaction after every logged write, with the rows, the log
 * position and who the write is for (the restore guard's journal: db/restore-guard.ts). A throw
 * rolls the write back, so nothing is logged that the journal does not record.
 */
export function onLogged(db: Db, listener: LoggedListener): void {
  loggedListeners.set(db, listener);
}

/** Runs `fn` with its logged writes attributed to `cause` (a device's or a caller's mutation). */
export function writingFor<T>(db: Db, cause: WriteCause, fn: () => T): T {
  const before = causes.get(db);
  causes.set(db, cause);
  try {
    return fn();
  } finally {
    if (before) causes.set(db, before);
    else causes.delete(db);
  }
}

function logged(db: Db, rows: LoggedRow[], cursor: number, now: string): void {
  if (rows.length === 0) return;
  loggedListeners.get(db)?.(rows, cursor, causes.get(db) ?? SERVER_CAUSE, now);
}

/** The highest change seq, or 0 for an empty log. */
export function currentCursor(db: Db): number {
  const row = statement(db, 'SELECT max(seq) AS seq FROM changes').get() as { seq: number | null };
  return row.seq ?? 0;
}

/**
 * The log's form of a row id: integer ids are bound as SQLite integers. better-sqlite3 binds every
 * JS number as a REAL, and `changes.rowId` has no declared type (it holds text ids too), so 5
 * would be stored as 5.0, and a lookup comparing it with an INTEGER column could not use the
 * (entity, rowId) index.
 */
export function logRowId(id: RowId): string | bigint {
  return typeof id === 'number' ? BigInt(id) : id;
}

const APPEND_SQL =
  "INSERT INTO changes (entity, rowId, op, data, scope, createdAt) VALUES (?, ?, ?, ?, 'staff', ?)";

/**
 * Writes a row of a synced table and appends it to the log, in the caller's transaction; returns
 * the row as stored. The logged data is the stored row (defaults filled), so every device gets
 * exactly the server's row. This (and {@link deleteLogged}, {@link writeChanges}) is the only way
 * to write a synced table: `putRow` refuses them, so the log always knows every row.
 */
export function putLogged<T = Row>(db: Db, entity: SyncedTable, row: Row, now: string): T {
  const stored = storeRow<T>(db, entity, row);
  const info = statement(db, APPEND_SQL).run(
    entity,
    logRowId(row.id),
    'put',
    JSON.stringify(stored),
    now,
  );
  logged(db, [{ entity, rowId: row.id, op: 'put' }], Number(info.lastInsertRowid), now);
  return stored;
}

/** Deletes a row of a synced table and logs the tombstone; returns whether a row went. */
export function deleteLogged(db: Db, entity: SyncedTable, id: RowId, now: string): boolean {
  if (!removeRow(db, entity, id)) return false;
  const info = statement(db, APPEND_SQL).run(entity, logRowId(id), 'delete', null, now);
  logged(db, [{ entity, rowId: id, op: 'delete' }], Number(info.lastInsertRowid), now);
  return true;
}

/**
 * Writes each row change to its table and appends it to the log, in the caller's transaction.
 * Returns the log position after the last change.
 */
export function writeChanges(db: Db, changes: readonly RowChange[], now: string): number {
  const append = statement(db, APPEND_SQL);
  let cursor = 0;
  const rows: LoggedRow[] = [];
  for (const change of changes) {
    if (change.op === 'put') {
      const stored = storeRow(db, change.entity, change.row);
      cursor = Number(
        append.run(change.entity, logRowId(change.id), 'put', JSON.stringify(stored), now)
          .lastInsertRowid,
      );
      rows.push({ entity: change.entity, rowId: change.id, op: 'put' });
    } else if (removeRow(db, change.entity, change.id)) {
      cursor = Number(
        append.run(change.entity, logRowId(change.id), 'delete', null, now).lastInsertRowid,
      );
      rows.push({ entity: change.entity, rowId: change.id, op: 'delete' });
    }
  }
  logged(db, rows, cursor, now);
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

/** The synced tables' names: the only entities a page carries (plain identifiers). */
const SYNCED = new Set<string>(SYNCED_TABLES);

/** A page of the log: the newest entry of each row after a seq (the later one by index). */
export const PULL_SQL = `SELECT seq, entity, rowId, op, data FROM changes AS c
   WHERE seq > ? AND NOT EXISTS (
     SELECT 1 FROM changes AS later
     WHERE later.entity = c.entity AND later.rowId = c.rowId AND later.seq > c.seq
   )
   ORDER BY seq LIMIT ?`;

/**
 * The changes after `cursor`, oldest first, at most `limit` of them. Only the latest change of
 * each row is sent: an earlier version would be overwritten by the later one anyway, so a device
 * catching up from 0 gets one entry per row (a snapshot) instead of the whole history.
 */
export function pullChanges(db: Db, cursor: number, limit: number): ChangesPage {
  const head = currentCursor(db);
  const reset = cursor > head;
  const from = reset ? 0 : cursor;
  const rows = statement(db, PULL_SQL).all(from, limit + 1) as ChangeRow[];
  const hasMore = rows.length > limit;
  const page = hasMore ? rows.slice(0, limit) : rows;
  const changes: ChangeEntry[] = page
    .filter((row) => SYNCED.has(row.entity))
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

/** A log entry as a reader with its own cursor sees it (every entry, the `data` as stored). */
export interface LogEntry {
  seq: number;
  entity: string;
  rowId: unknown;
  op: string;
  data: string | null;
}

/** The log's entries after `seq`, oldest first, at most `limit`: for readers with a cursor. */
export function logEntriesAfter(db: Db, seq: number, limit: number): LogEntry[] {
  return statement(
    db,
    'SELECT seq, entity, rowId, op, data FROM changes WHERE seq > ? ORDER BY seq LIMIT ?',
  ).all(seq, limit) as LogEntry[];
}

/** The entry of a row logged before a given entry (by the (entity, rowId, seq) index). */
export const PREVIOUS_VERSION_SQL =
  'SELECT data FROM changes WHERE entity = ? AND rowId = ? AND seq < ? ORDER BY seq DESC LIMIT 1';

/** The row's entry before `seq` (its `data` null for a delete), or undefined when none is. */
export function previousLogEntry(
  db: Db,
  entity: string,
  rowId: unknown,
  seq: number,
): { data: string | null } | undefined {
  return statement(db, PREVIOUS_VERSION_SQL).get(entity, rowId, seq) as
    { data: string | null } | undefined;
}

/** Where the reader `name` stands in the log (`log_cursors`), or undefined before its first read. */
export function readerCursor(db: Db, name: string): number | undefined {
  const row = statement(db, 'SELECT cursor FROM log_cursors WHERE name = ?').get(name) as
    { cursor: number } | undefined;
  return row?.cursor;
}

/** Records where the reader `name` stands, creating its row on the first call. */
export function moveReaderCursor(db: Db, name: string, cursor: number, now: string): void {
  statement(
    db,
    `INSERT INTO log_cursors (name, cursor, updatedAt) VALUES (?, ?, ?)
     ON CONFLICT (name) DO UPDATE SET cursor = excluded.cursor, updatedAt = excluded.updatedAt`,
  ).run(name, cursor, now);
}

/** A page of the log as the JSON text of its `changes` array, ready to go into a message. */
export interface ChangesPageText {
  /** `[{"seq":…,"entity":…,"rowId":…,"op":…,"data":{…}}, …]`: the same entries as {@link pullChanges}. */
  changesJson: string;
  count: number;
  cursor: number;
  hasMore: boolean;
  reset: boolean;
}

/** Pages encoded while the log stood at one state, per database (see {@link pullChangesText}). */
const textPages = new WeakMap<Db, { state: string; pages: Map<string, ChangesPageText> }>();
/** Encoded pages kept per state: the head page many devices ask for, and a few before it. */
const TEXT_PAGES_KEPT = 8;

/**
 * {@link pullChanges} as JSON text, for the socket: each entry's `data` is the log's stored JSON
 * text placed as it is, so a page is neither parsed nor re-serialised (for a new device's
 * snapshot of hundreds of thousands of rows that was most of the server's work). The
 * same page is asked for by every device a poke wakes, so pages are kept while the database
 * stays as it was: the state is the log's head, this connection's count of changed rows (any
 * write, compaction included) and SQLite's data_version (a write by another connection).
 */
export function pullChangesText(db: Db, cursor: number, limit: number): ChangesPageText {
  const now = statement(
    db,
    `SELECT (SELECT max(seq) FROM changes) AS head, total_changes() AS writes,
            (SELECT data_version FROM pragma_data_version) AS version`,
  ).get() as { head: number | null; writes: number; version: number };
  const head = now.head ?? 0;
  const state = `${head}:${now.writes}:${now.version}`;
  let cache = textPages.get(db);
  if (!cache || cache.state !== state) {
    cache = { state, pages: new Map() };
    textPages.set(db, cache);
  }
  const key = `${cursor}:${limit}`;
  const kept = cache.pages.get(key);
  if (kept) return kept;

  const reset = cursor > head;
  const from = reset ? 0 : cursor;
  const rows = statement(db, PULL_SQL).all(from, limit + 1) as ChangeRow[];
  const hasMore = rows.length > limit;
  const count = hasMore ? limit : rows.length;
  const parts: string[] = [];
  for (let i = 0; i < count; i++) {
    const row = rows[i] as ChangeRow;
    if (!SYNCED.has(row.entity)) continue;
    parts.push(
      `{"seq":${row.seq},"entity":"${row.entity}","rowId":${JSON.stringify(row.rowId)},"op":"${row.op}","data":${row.data ?? 'null'}}`,
    );
  }
  const next = hasMore ? (rows[count - 1]?.seq ?? from) : head;
  const page = {
    changesJson: `[${parts.join(',')}]`,
    count: parts.length,
    cursor: next,
    hasMore,
    reset,
  };
  if (cache.pages.size >= TEXT_PAGES_KEPT) {
    const oldest = cache.pages.keys().next().value;
    if (oldest !== undefined) cache.pages.delete(oldest);
  }
  cache.pages.set(key, page);
  return page;
}

/**
 * The safety net for rows that reached a synced table without a log entry (a migration's
 * INSERT, a database from before the log existed): an incremental check, run at start. For each
 * synced table it looks only at rows past the highest SQLite rowid it checked last time
 * (`change_log_marks`), each by one probe of the (entity, rowId) index, logs a put for those the
 * log does not know, and moves the mark. Rows written since the last start are the only ones it
 * reads; the first start after the upgrade reads each table once. Every code path writes synced
 * tables through {@link putLogged} / {@link writeChanges}, so in practice it finds nothing.
 * Returns how many rows it logged.
 */
export function logUnloggedRows(db: Db, now: string): number {
  let logged = 0;
  const append = statement(db, APPEND_SQL);
  atomically(db, () => {
    for (const entity of SYNCED_TABLES) {
      const mark = statement(db, 'SELECT checkedRowid FROM change_log_marks WHERE entity = ?').get(
        entity,
      ) as { checkedRowid: number } | undefined;
      const from = mark?.checkedRowid ?? 0;
      const rows = statement(db, unloggedRowsSql(entity)).all(from, entity) as {
        r: number;
        id: RowId;
      }[];
      for (const { id } of rows) {
        const stored = getRow(db, entity, id);
        if (!stored) continue;
        append.run(entity, logRowId(id), 'put', JSON.stringify(stored), now);
        logged += 1;
      }
      const top = statement(db, `SELECT coalesce(max(rowid), 0) AS r FROM "${entity}"`).get() as {
        r: number;
      };
      if (top.r !== from) {
        statement(
          db,
          `INSERT INTO change_log_marks (entity, checkedRowid) VALUES (?, ?)
             ON CONFLICT (entity) DO UPDATE SET checkedRowid = excluded.checkedRowid`,
        ).run(entity, top.r);
      }
    }
  });
  return logged;
}

/**
 * The safety net's query for one table: its rows past a rowid with no log entry. `+t.id` strips
 * the column's INTEGER affinity, so the comparison with `changes.rowId` (no affinity) converts
 * nothing and the index on (entity, rowId) answers it.
 */
export function unloggedRowsSql(entity: SyncedTable): string {
  return `SELECT t.rowid AS r, t.id AS id FROM "${entity}" AS t
            WHERE t.rowid > ? AND NOT EXISTS (
              SELECT 1 FROM changes AS c WHERE c.entity = ? AND c.rowId = +t.id)
            ORDER BY t.rowid`;
}
