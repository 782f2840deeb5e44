/**
 * The restore guard: a small file beside the database, never inside it, so that restoring the
 * database from an older backup does not restore it too. It records
 * - the epoch of the last server run on this database (sync/timeline.ts), so a start on a
 *   database whose latest epoch is not that one knows the file was replaced by an older copy;
 * - for every id series, a number at or past the highest one the server ever handed out (a lease
 *   block, a job id minted for a REST call, a block a device reported holding). A restored
 *   database has forgotten what it handed out after the backup; the counters move past these
 *   marks before anything else runs, so no id, lease or number is issued twice — whichever
 *   device, or REST caller, comes first.
 *
 * Marks are written ahead by {@link GUARD_HEADROOM} numbers (at start for every series, then
 * whenever a series reaches its mark), so the file is rewritten about once per 200 numbers of a
 * series rather than for each one; a restore skips at most that many unused ones.
 * Each write is atomic (a temporary file, fsync, rename, fsync of the folder) and happens inside
 * the transaction that hands the numbers out, before it commits: if the write fails, nothing is
 * handed out.
 *
 * What it cannot see: a restore of the whole data folder, guard included, from the same backup.
 * Then the devices are the only witnesses (sync/timeline.ts makes them resync; their hellos
 * report the blocks they hold). A data folder that lost its guard while the database has run
 * before is treated as restored, and every series skips {@link RESTORE_MARGIN} numbers.
 */
import fs from 'node:fs';
import path from 'node:path';
import { INTEGER_ID_SERIES } from '@pilbara/shared-schema';
import type { Db } from './connection';
import {
  ID_PREFIXES,
  advanceSeriesPast,
  businessYear,
  onSeriesHandedOut,
  reserveSeriesBlock,
  seriesName,
  type IdPrefix,
} from './id-series';

/** How far ahead of the highest number handed out a mark is written (four default leases). */
export const GUARD_HEADROOM = 200;

/**
 * How many numbers of every series a database restored onto a data folder without a guard skips:
 * far more than this business hands out between two nightly backups.
 */
export const RESTORE_MARGIN = 1000;

interface GuardState {
  epoch: string | null;
  /** Per series: every number up to here may have been handed out. */
  marks: Record<string, number>;
}

/** The guard file of a database file; null for an in-memory database. */
export function guardFile(db: Db): string | null {
  if (!db.name || db.name === ':memory:') return null;
  return path.join(path.dirname(db.name), `restore-guard.${path.basename(db.name)}.json`);
}

function read(file: string): GuardState | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const parsed = JSON.parse(text) as Partial<GuardState>;
  return { epoch: parsed.epoch ?? null, marks: { ...parsed.marks } };
}

function write(file: string, state: GuardState): void {
  const temporary = `${file}.tmp`;
  const fd = fs.openSync(temporary, 'w');
  try {
    fs.writeSync(fd, JSON.stringify(state));
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(temporary, file);
  const dir = fs.openSync(path.dirname(file), 'r');
  try {
    fs.fsyncSync(dir);
  } finally {
    fs.closeSync(dir);
  }
}

/** What {@link armRestoreGuard} found at start. */
export interface GuardCheck {
  /** Why the database looks restored from an older backup; null when it does not. */
  restored: string | null;
  /** Series whose counters moved, with the number they now continue after. */
  moved: Record<string, number>;
  /** Records that the server now runs epoch `epoch` on this database. */
  commit(epoch: string): void;
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

/**
 * Run at start, after migrations and before anything can hand out a number: compares the
 * database's last epoch with the guard's, moves the counters of a restored database past every
 * mark, and from then on keeps the marks ahead of what is handed out. Call `commit` once the new
 * epoch is stored in the database.
 */
export function armRestoreGuard(db: Db, lastEpoch: string | null, now: Date): GuardCheck {
  const file = guardFile(db);
  if (!file) return { restored: null, moved: {}, commit: () => undefined };
  const state = read(file) ?? { epoch: null, marks: {} };
  let restored: string | null = null;
  if (state.epoch === null && lastEpoch !== null) {
    restored = 'the database has run before, but this data folder has no restore guard for it';
  } else if (state.epoch !== null && state.epoch !== lastEpoch) {
    restored = `the database's last run (epoch ${lastEpoch ?? 'none'}) is not the last run in this data folder (epoch ${state.epoch})`;
  }

  const moved: Record<string, number> = {};
  const mark = (series: string, upTo: number) => {
    const wanted = upTo + GUARD_HEADROOM;
    if ((state.marks[series] ?? 0) >= upTo) return;
    state.marks[series] = wanted;
    write(file, state);
  };
  db.transaction(() => {
    if (restored && state.epoch === null) {
      for (const series of everySeries(db, now)) {
        const first = reserveSeriesBlock(db, series, RESTORE_MARGIN);
        moved[series] = first + RESTORE_MARGIN - 1;
      }
    } else if (restored) {
      for (const [series, upTo] of Object.entries(state.marks)) {
        if (advanceSeriesPast(db, series, upTo)) moved[series] = upTo;
      }
    }
    // The marks cover what the database itself knows it handed out, with headroom, so the
    // numbers handed out next need no write of their own.
    const next = new Map(
      (
        db.prepare('SELECT series, next FROM id_series').all() as { series: string; next: number }[]
      ).map((row) => [row.series, row.next]),
    );
    for (const series of everySeries(db, now)) {
      const ahead = (next.get(series) ?? 1) - 1 + GUARD_HEADROOM;
      state.marks[series] = Math.max(state.marks[series] ?? 0, ahead);
    }
  }).immediate();
  onSeriesHandedOut(db, mark);
  return {
    restored,
    moved,
    commit(epoch: string) {
      state.epoch = epoch;
      write(file, state);
    },
  };
}
