/**
 * The restore guard: a small SQLite file beside the database, never inside it, so that restoring
 * the database from an older backup does not restore it too. It records, for every id series,
 * the highest number the server ever handed out or knew a device to hold (a lease block, a job
 * id minted for a REST call, a block a device reported in its hello).
 *
 * It is attached to the server's connection and written in the same transaction that hands the
 * numbers out, so it costs one more fsync per such transaction and is exact: nothing is handed
 * out that it does not record. At every start the counters move past its marks; on a database
 * that was not restored that changes nothing, on a restored one it moves them past everything
 * handed out since the backup, before anything is served — so no id, lease or number is issued
 * twice, whichever device, or REST caller, comes first.
 *
 * Document numbers (issue 28) are guarded the same way, one step further: the guard records every
 * number given with the row it went to. At start each document counter moves past the highest
 * number given, and a row the restored database lacks that comes back later (a device sends its
 * mutation again) is given the number it had — so a number printed or sent is never given to
 * another document, and the document keeps it.
 *
 * What it cannot see: a restore of the whole data folder, guard included, from the same backup.
 * Then the devices are the only witnesses (sync/timeline.ts makes them resync, and their hellos
 * report the blocks they hold). A data folder without a guard for a database that has run before
 * (it has sync epochs) is treated that way: every series skips {@link RESTORE_MARGIN} numbers.
 */
import fs from 'node:fs';
import path from 'node:path';
import { INTEGER_ID_SERIES, NUMBERED_TABLES } from '@pilbara/shared-schema';
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
function everySeries(db: Db, now: Date): string[] {
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
  db.exec(
    'CREATE TABLE IF NOT EXISTS guard.handed_out (series TEXT PRIMARY KEY, upTo INTEGER NOT NULL)',
  );
  db.exec(
    `CREATE TABLE IF NOT EXISTS guard.numbers (
       entity TEXT NOT NULL, rowId TEXT NOT NULL, series TEXT NOT NULL, number INTEGER NOT NULL,
       PRIMARY KEY (entity, rowId))`,
  );
  const record = db.prepare(
    `INSERT INTO guard.handed_out (series, upTo) VALUES (?, ?)
       ON CONFLICT (series) DO UPDATE SET upTo = max(upTo, excluded.upTo)`,
  );
  const recordNumber = db.prepare(
    'INSERT OR REPLACE INTO guard.numbers (entity, rowId, series, number) VALUES (?, ?, ?, ?)',
  );
  const numberOf = db.prepare('SELECT number FROM guard.numbers WHERE entity = ? AND rowId = ?');

  let restored: string | null = null;
  const moved: Record<string, number> = {};
  db.transaction(() => {
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
    // What the database itself knows it handed out (an older server wrote no guard).
    for (const row of db.prepare('SELECT series, next FROM id_series').all() as {
      series: string;
      next: number;
    }[]) {
      record.run(row.series, row.next - 1);
    }
  }).immediate();
  onSeriesHandedOut(db, (series, upTo) => record.run(series, upTo));
  rememberNumbersWith(db, {
    numberOf: (table, id) =>
      (numberOf.get(table, id) as { number: number } | undefined)?.number ?? undefined,
    record: (table, id, series, number) => recordNumber.run(table, id, series, number),
  });
  return { restored, moved };
}
