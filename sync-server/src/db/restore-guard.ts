/**
 * The restore guard: a small SQLite file beside the database, never inside it, so that restoring
 * the database from an older backup does not restore it too. It records, for every id series,
 * the highest number the server ever handed out (a lease block, a job id minted for a REST call)
 * or moved a counter past, and apart from that how far it handed numbers out itself; and every
 * lease block it granted, with the device, user and role it went to. A restored database takes
 * those grants back at start, so a device still holding one is believed; what a device merely
 * claims in its hello is never recorded (sync/leases.ts).
 *
 * It is attached to the server's connection and written in the same transaction that hands the
 * numbers out, so it costs one more fsync per such transaction and is exact: nothing is handed
 * out that it does not record. At every start the counters move past its marks; on a database
 * that was not restored that changes nothing, on a restored one it moves them past everything
 * handed out since the backup, before anything is served — so no id, lease or number is issued
 * twice, whichever device, or REST caller, comes first.
 *
 * Document numbers are guarded the same way, one step further: the guard records every
 * number given with the row it went to. At start each document counter moves past the highest
 * number given, and a row the restored database lacks that comes back later (a device sends its
 * mutation again) is given the number it had — so a number printed or sent is never given to
 * another document, and the document keeps it.
 *
 * What it cannot see: a restore of the whole data folder, guard included, from the same backup.
 * Then the devices are the only witnesses (sync/timeline.ts makes them resync, and their hellos
 * report the blocks they hold). A data folder without a guard for a database that has run before
 * (it has sync epochs) is treated that way: every series skips {@link RESTORE_MARGIN} numbers.
 * `npm run restore` (backup/restore.ts) never lowers the marks whatever the copy holds: it keeps
 * the live guard and raises its marks to the copy's, or, when the live guard is gone too, writes
 * the copy's marks plus the margin.
 *
 * Two more tables let a restored server recover what its backup missed:
 * - `journal`: one entry for every logged write (change-log.ts), in the same transaction: when,
 *   the epoch and change-log position it was written at, and whose it was (a device's mutation
 *   by mutationId, a REST caller's, the server's own). A restored database lacks the entries
 *   written after its backup; devices send their mutations back (by mutationId), and what none
 *   sends back is listed for staff (sync/recovery.ts). Kept {@link JOURNAL_KEEP_DAYS} days.
 * - `restores`: every restore this guard has seen, so the server knows it went back, since when,
 *   and whether its journal covers that time.
 */
import fs from 'node:fs';
import type Database from 'better-sqlite3';
import path from 'node:path';
import { INTEGER_ID_SERIES, JOURNAL_KEEP_DAYS, NUMBERED_TABLES } from '@pilbara/shared-schema';
import type { Db } from './connection';
import {
  advanceDocumentSeriesPast,
  documentSeriesCounters,
  rememberNumbersWith,
} from './document-numbers';
import {
  ID_PREFIXES,
  advanceSeriesPast,
  businessYear,
  onSeriesHandedOut,
  reserveSeriesBlock,
  seriesName,
  type IdPrefix,
} from './id-series';

/**
 * How many numbers of every series a database restored onto a data folder without its guard
 * skips: far more than this business hands out between two nightly backups.
 */
export const RESTORE_MARGIN = 1000;

/** The guard's tables in the attached schema `schema` ('guard' on the server, 'main' alone). */
export function guardSchemaSql(schema: string): string {
  return `
    CREATE TABLE IF NOT EXISTS ${schema}.handed_out (series TEXT PRIMARY KEY, upTo INTEGER NOT NULL);
    -- How far the server itself handed numbers out (blocks it granted, ids it minted), apart from
    -- how far a counter was moved: what the start-time repair trusts.
    CREATE TABLE IF NOT EXISTS ${schema}.granted_through (series TEXT PRIMARY KEY, upTo INTEGER NOT NULL);
    -- Every id block granted to a device, so a restored database still knows whose it is.
    CREATE TABLE IF NOT EXISTS ${schema}.granted (
      series TEXT NOT NULL, start INTEGER NOT NULL, "end" INTEGER NOT NULL,
      clientId TEXT NOT NULL, userId INTEGER, role TEXT, grantedAt TEXT NOT NULL,
      PRIMARY KEY (series, start)
    );
    -- Every document number given, with the row it went to.
    CREATE TABLE IF NOT EXISTS ${schema}.numbers (
      entity TEXT NOT NULL, rowId TEXT NOT NULL, series TEXT NOT NULL, number INTEGER NOT NULL,
      PRIMARY KEY (entity, rowId)
    );
    CREATE TABLE IF NOT EXISTS ${schema}.journal (
      n INTEGER PRIMARY KEY AUTOINCREMENT,
      at TEXT NOT NULL,
      epoch TEXT NOT NULL,
      changeSeq INTEGER NOT NULL,
      origin TEXT NOT NULL,
      mutationId TEXT,
      name TEXT,
      userId INTEGER,
      clientId TEXT,
      rows TEXT NOT NULL
    );
    CREATE INDEX IF NOT EXISTS ${schema}.journal_at ON journal (at);
    CREATE INDEX IF NOT EXISTS ${schema}.journal_mutation ON journal (mutationId);
    CREATE TABLE IF NOT EXISTS ${schema}.restores (
      n INTEGER PRIMARY KEY,
      restoredAt TEXT NOT NULL,
      backupTakenAt TEXT,
      source TEXT NOT NULL,
      journalComplete INTEGER NOT NULL,
      journalUpTo INTEGER NOT NULL,
      noticedAt TEXT,
      closedAt TEXT
    );`;
}

/** One restore the guard knows of. */
export interface RestoreRecord {
  n: number;
  restoredAt: string;
  backupTakenAt: string | null;
  source: string;
  /** Whether the journal kept running across the restore (the live guard survived it). */
  journalComplete: boolean;
  /** The last journal entry written before the restore. */
  journalUpTo: number;
  closedAt: string | null;
}

/** Rows a journal entry lists at most (a mutation touching more is rare: a job and its history). */
const JOURNAL_ROWS = 10;

const journalInserts = new WeakMap<Db, Database.Statement<unknown[]>>();

/**
 * The journal's insert, prepared once per connection: it runs for every logged
 * write, and preparing it each time was a sixth of a 10,000-mutation push's server time.
 */
function journalInsert(db: Db): Database.Statement<unknown[]> {
  let insert = journalInserts.get(db);
  if (!insert) {
    insert = db.prepare<unknown[]>(
      `INSERT INTO guard.journal (at, epoch, changeSeq, origin, mutationId, name, userId, clientId, rows)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    journalInserts.set(db, insert);
  }
  return insert;
}

/** Who a journal entry's write was for (change-log.ts `WriteCause`). */
interface JournalCause {
  origin: string;
  mutationId?: string | undefined;
  name?: string | undefined;
  userId?: number | undefined;
  clientId?: string | undefined;
}

/**
 * Records one logged write in the journal (called inside its transaction, see change-log.ts
 * `onLogged`). Only on a connection whose guard is armed. It runs for every mutation a device
 * pushes, so it takes its parts as they are instead of one merged object, and writes the rows'
 * JSON in one pass: merging and copying arrays per write would slow a long push noticeably.
 */
export function recordJournal(
  db: Db,
  at: string,
  epoch: string,
  changeSeq: number,
  cause: JournalCause,
  rows: readonly { entity: string; rowId: string | number; op: string }[],
): void {
  if (!armed.has(db)) return;
  journalInsert(db).run(
    at,
    epoch,
    changeSeq,
    cause.origin,
    cause.mutationId ?? null,
    cause.name ?? null,
    cause.userId ?? null,
    cause.clientId ?? null,
    journalRows(rows),
  );
}

/** `[[entity, rowId, op], …]` of at most {@link JOURNAL_ROWS} rows, as JSON text. */
function journalRows(rows: readonly { entity: string; rowId: string | number; op: string }[]) {
  let text = '[';
  const count = Math.min(rows.length, JOURNAL_ROWS);
  for (let i = 0; i < count; i++) {
    const row = rows[i] as (typeof rows)[number];
    if (i > 0) text += ',';
    text += `[${JSON.stringify(row.entity)},${JSON.stringify(row.rowId)},${JSON.stringify(row.op)}]`;
  }
  return `${text}]`;
}

interface RestoreRow {
  n: number;
  restoredAt: string;
  backupTakenAt: string | null;
  source: string;
  journalComplete: number;
  journalUpTo: number;
  closedAt: string | null;
}

function toRecord(row: RestoreRow): RestoreRecord {
  return { ...row, journalComplete: row.journalComplete === 1 };
}

/** The latest restore the armed guard of `db` knows of, or null. */
export function latestRestore(db: Db): RestoreRecord | null {
  if (!armed.has(db)) return null;
  const row = db
    .prepare(
      'SELECT n, restoredAt, backupTakenAt, source, journalComplete, journalUpTo, closedAt FROM guard.restores ORDER BY n DESC LIMIT 1',
    )
    .get() as RestoreRow | undefined;
  return row ? toRecord(row) : null;
}

/** The restore before `n` (its journal range ends where the next one's starts). */
export function restoreBefore(db: Db, n: number): RestoreRecord | null {
  if (!armed.has(db)) return null;
  const row = db
    .prepare(
      'SELECT n, restoredAt, backupTakenAt, source, journalComplete, journalUpTo, closedAt FROM guard.restores WHERE n < ? ORDER BY n DESC LIMIT 1',
    )
    .get(n) as RestoreRow | undefined;
  return row ? toRecord(row) : null;
}

/** Marks restore `n` closed: devices' changes stop waiting for others after it. */
export function closeRestore(db: Db, n: number, now: string): void {
  if (!armed.has(db)) return;
  db.prepare('UPDATE guard.restores SET closedAt = ? WHERE n = ? AND closedAt IS NULL').run(now, n);
}

/**
 * Keeps a copy of an id block's grant in the guard (called inside the grant's transaction), so
 * a database restored from an older backup still knows which device holds it.
 */
export function recordGrant(
  db: Db,
  grant: {
    series: string;
    start: number;
    end: number;
    clientId: string;
    userId: number;
    role: string;
    grantedAt: string;
  },
): void {
  if (!armed.has(db)) return;
  db.prepare(
    `INSERT OR REPLACE INTO guard.granted (series, start, "end", clientId, userId, role, grantedAt)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    grant.series,
    grant.start,
    grant.end,
    grant.clientId,
    grant.userId,
    grant.role,
    grant.grantedAt,
  );
}

/** How far the guard says the server itself handed out numbers of each series. */
export function guardGrantedThrough(db: Db): Map<string, number> {
  if (!armed.has(db)) return new Map();
  const rows = db.prepare('SELECT series, upTo FROM guard.granted_through').all() as {
    series: string;
    upTo: number;
  }[];
  return new Map(rows.map((row) => [row.series, row.upTo]));
}

/** The guard's mark of how far each series was handed out or moved past. */
export function guardMarks(db: Db): Map<string, number> {
  if (!armed.has(db)) return new Map();
  const rows = db.prepare('SELECT series, upTo FROM guard.handed_out').all() as {
    series: string;
    upTo: number;
  }[];
  return new Map(rows.map((row) => [row.series, row.upTo]));
}

/** Lowers the guard's mark of `series` to `upTo` (the repair of a counter pushed too far). */
export function lowerGuardMark(db: Db, series: string, upTo: number): void {
  if (!armed.has(db)) return;
  db.prepare('UPDATE guard.handed_out SET upTo = ? WHERE series = ? AND upTo > ?').run(
    upTo,
    series,
    upTo,
  );
}

/** Whether `db` has its restore guard attached. */
export function guardArmed(db: Db): boolean {
  return armed.has(db);
}

/** The guard file of a database file; null for an in-memory database. */
export function guardFile(db: Db): string | null {
  if (!db.name || db.name === ':memory:') return null;
  return path.join(path.dirname(db.name), `restore-guard.${path.basename(db.name)}`);
}

/** Connections the guard is attached to (once each). */
const armed = new WeakSet<Db>();

/** What {@link armRestoreGuard} found at start. */
export interface GuardCheck {
  /** Why the database looks restored from an older backup; null when it does not. */
  restored: string | null;
  /** Series whose counters moved, with the last number now behind them. */
  moved: Record<string, number>;
}

/** Every series a device or the server may have used. */
export function everySeries(db: Db, now: Date): string[] {
  const stored = (db.prepare('SELECT series FROM id_series').all() as { series: string }[]).map(
    (row) => row.series,
  );
  const year = businessYear(now);
  const prefixes = (Object.keys(ID_PREFIXES) as IdPrefix[]).map((p) => seriesName(p, year));
  return [...new Set([...stored, ...INTEGER_ID_SERIES, ...prefixes])];
}

/** This year's document series and every one started. */
function everyDocumentSeries(db: Db, now: Date): string[] {
  const year = businessYear(now);
  const prefixes = (Object.values(NUMBERED_TABLES) as string[]).map((p) => `${p}-${year}`);
  return [...new Set([...documentSeriesCounters(db).map((row) => row.series), ...prefixes])];
}

/**
 * Run once at start, after migrations and before anything can hand out a number: attaches the
 * guard, moves the counters past its marks (or, for a database that ran before on another data
 * folder, past a margin), and from then on records every number handed out.
 */
export function armRestoreGuard(db: Db, now: Date): GuardCheck {
  const file = guardFile(db);
  if (!file || armed.has(db)) return { restored: null, moved: {} };
  armed.add(db);
  const existed = fs.existsSync(file);
  const ranBefore = db.prepare('SELECT 1 FROM sync_epochs LIMIT 1').get() !== undefined;
  db.prepare('ATTACH DATABASE ? AS guard').run(file);
  db.pragma('guard.journal_mode = WAL');
  db.pragma('guard.synchronous = FULL');
  db.exec(guardSchemaSql('guard'));
  const record = db.prepare(
    `INSERT INTO guard.handed_out (series, upTo) VALUES (?, ?)
       ON CONFLICT (series) DO UPDATE SET upTo = max(upTo, excluded.upTo)`,
  );
  const recordGranted = db.prepare(
    `INSERT INTO guard.granted_through (series, upTo) VALUES (?, ?)
       ON CONFLICT (series) DO UPDATE SET upTo = max(upTo, excluded.upTo)`,
  );
  const recordNumber = db.prepare(
    'INSERT OR REPLACE INTO guard.numbers (entity, rowId, series, number) VALUES (?, ?, ?, ?)',
  );
  const numberOf = db.prepare('SELECT number FROM guard.numbers WHERE entity = ? AND rowId = ?');

  let restored: string | null = null;
  const moved: Record<string, number> = {};
  db.transaction(() => {
    const since = new Date(now.getTime() - JOURNAL_KEEP_DAYS * 86_400_000).toISOString();
    db.prepare('DELETE FROM guard.journal WHERE at < ?').run(since);
    // A restore made with `npm run restore` is recorded in the guard by the command itself.
    const announced = db
      .prepare(
        'SELECT n, source, journalComplete FROM guard.restores WHERE noticedAt IS NULL ORDER BY n DESC',
      )
      .get() as { n: number; source: string; journalComplete: number } | undefined;
    if (announced) {
      db.prepare('UPDATE guard.restores SET noticedAt = ? WHERE noticedAt IS NULL').run(
        now.toISOString(),
      );
      restored = `restored from ${announced.source} with npm run restore`;
    }
    // Restored with the backup's own guard (this folder's was lost): the numbers given since the
    // backup are unknown, as the command's id marks are.
    if (announced && !announced.journalComplete) {
      for (const series of everyDocumentSeries(db, now)) {
        const last = documentSeriesCounters(db).find((row) => row.series === series)?.last ?? 0;
        const upTo = db
          .prepare('SELECT max(number) AS n FROM guard.numbers WHERE series = ?')
          .get(series) as { n: number | null };
        const past = Math.max(last, upTo.n ?? 0) + RESTORE_MARGIN;
        advanceDocumentSeriesPast(db, series, past);
        moved[`number ${series}`] = past;
      }
    }
    if (!existed && ranBefore) {
      restored = 'the database has run before, but this data folder has no restore guard for it';
      for (const series of everySeries(db, now)) {
        const first = reserveSeriesBlock(db, series, RESTORE_MARGIN);
        moved[series] = first + RESTORE_MARGIN - 1;
      }
      // Numbers given since the backup are unknown too: skip as many, never give one twice.
      for (const series of everyDocumentSeries(db, now)) {
        const last = documentSeriesCounters(db).find((row) => row.series === series)?.last ?? 0;
        advanceDocumentSeriesPast(db, series, last + RESTORE_MARGIN);
        moved[`number ${series}`] = last + RESTORE_MARGIN;
      }
    } else {
      const marks = db.prepare('SELECT series, upTo FROM guard.handed_out').all() as {
        series: string;
        upTo: number;
      }[];
      for (const { series, upTo } of marks) {
        if (advanceSeriesPast(db, series, upTo)) moved[series] = upTo;
      }
      const given = db
        .prepare('SELECT series, max(number) AS upTo FROM guard.numbers GROUP BY series')
        .all() as { series: string; upTo: number }[];
      for (const { series, upTo } of given) {
        if (advanceDocumentSeriesPast(db, series, upTo)) moved[`number ${series}`] = upTo;
      }
      if (Object.keys(moved).length > 0) {
        restored = 'the database is older than numbers this server handed out (a restored backup)';
      }
    }
    if (restored && !announced) {
      // Restored by hand: the guard records it, with the newest change the copy holds as the
      // best word on when it was taken.
      const newest = db.prepare('SELECT max(createdAt) AS at FROM changes').get() as {
        at: string | null;
      };
      const upTo = db.prepare('SELECT max(n) AS n FROM guard.journal').get() as {
        n: number | null;
      };
      db.prepare(
        `INSERT INTO guard.restores (restoredAt, backupTakenAt, source, journalComplete, journalUpTo, noticedAt)
           VALUES (?, ?, ?, ?, ?, ?)`,
      ).run(
        now.toISOString(),
        newest.at,
        existed ? 'a database file replaced by hand' : 'a data folder without its restore guard',
        existed ? 1 : 0,
        upTo.n ?? 0,
        now.toISOString(),
      );
    }
    // What the database itself knows it handed out (an older server wrote no guard).
    for (const row of db.prepare('SELECT series, next, grantedThrough FROM id_series').all() as {
      series: string;
      next: number;
      grantedThrough: number | null;
    }[]) {
      record.run(row.series, row.next - 1);
      if (row.grantedThrough !== null) recordGranted.run(row.series, row.grantedThrough);
    }
    // Blocks granted since the backup a restored database was taken from: its devices still
    // hold them, and they are theirs.
    db.prepare(
      `INSERT OR IGNORE INTO id_leases (clientId, series, start, "end", createdAt, origin, userId, role)
         SELECT clientId, series, start, "end", grantedAt, 'granted', userId, role FROM guard.granted`,
    ).run();
  }).immediate();
  onSeriesHandedOut(db, (series, upTo, granted) => {
    record.run(series, upTo);
    if (granted) recordGranted.run(series, upTo);
  });
  rememberNumbersWith(db, {
    numberOf: (table, id) =>
      (numberOf.get(table, id) as { number: number } | undefined)?.number ?? undefined,
    record: (table, id, series, number) => recordNumber.run(table, id, series, number),
  });
  return { restored, moved };
}
