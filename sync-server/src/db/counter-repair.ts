/**
 * The start-time repair of id counters pushed past anything the server ever handed out.
 *
 * Servers before leases were the server's word moved a counter past any block a device claimed
 * in its hello, and recorded the claim as a lease: a forged claim of 999,999,999 used a series up
 * for good (every booking, job and lease answered 500), and the restore guard kept the mark, so
 * neither a restart nor a restore undid it. At every start, after the guard is armed, each
 * counter is compared with what is known to have been handed out:
 *
 * - what the server itself handed out: `id_series.grantedThrough` and the guard's copy, exact
 *   for everything since the migration that added them;
 * - then, growing from there, whatever lies within {@link REPAIR_GAP} of it: rows stored, lease
 *   rows from before (most were real grants), the guard's mark. Real numbers are handed out one
 *   block after another from the counter, so they lie close together; the largest honest jump
 *   (a restore without its guard skips 1,000) is far smaller than the gap. A claimed block out
 *   at the ceiling is not reached.
 *
 * A counter past both what was reached and the highest number any row holds is brought back to
 * just after the larger of them (never below a number a row holds), the lease rows past it (the
 * claims no grant stands behind) go, and the guard's mark comes down with it.
 */
import { MAX_SERIES_NUMBER } from '@pilbara/shared-schema';
import type { Db } from './connection';
import { highestStored } from './id-series';
import { guardGrantedThrough, guardMarks, lowerGuardMark } from './restore-guard';

/** How far apart two honest hand-outs of one series can lie (see the module comment). */
const REPAIR_GAP = 100_000;

/** One counter brought back: from the last number it had passed to the last one now behind it. */
export interface CounterRepair {
  series: string;
  from: number;
  to: number;
}

/** Whether the series names rows this server can read its numbers from. */
function repairable(db: Db, series: string): boolean {
  try {
    highestStored(db, series, 1);
    return true;
  } catch {
    return false;
  }
}

/** Brings back every counter pushed past what was handed out; returns what it changed. */
export function repairPushedCounters(db: Db): CounterRepair[] {
  const granted = guardGrantedThrough(db);
  const marks = guardMarks(db);
  const repairs: CounterRepair[] = [];
  db.transaction(() => {
    const counters = db
      .prepare('SELECT series, next, grantedThrough FROM id_series ORDER BY series')
      .all() as { series: string; next: number; grantedThrough: number | null }[];
    const leaseEnd = db.prepare(
      'SELECT max("end") AS n FROM id_leases WHERE series = ? AND start <= ? AND "end" <= ?',
    );
    const grantedLeaseEnd = db.prepare(
      `SELECT max("end") AS n FROM id_leases WHERE series = ? AND origin = 'granted'`,
    );
    for (const { series, next, grantedThrough } of counters) {
      const pushed = next - 1;
      // A counter that cannot count at all is refused where it is used (db/id-series.ts).
      if (!Number.isSafeInteger(pushed) || !repairable(db, series)) continue;
      let reach = Math.max(
        grantedThrough ?? 0,
        granted.get(series) ?? 0,
        (grantedLeaseEnd.get(series) as { n: number | null }).n ?? 0,
      );
      if (pushed <= reach + REPAIR_GAP) continue;
      for (;;) {
        const limit = reach + REPAIR_GAP;
        const mark = marks.get(series) ?? 0;
        const further = Math.max(
          highestStored(db, series, limit),
          (leaseEnd.get(series, limit, limit + REPAIR_GAP) as { n: number | null }).n ?? 0,
          mark <= limit ? mark : 0,
        );
        if (further <= reach) break;
        reach = further;
      }
      const target = Math.max(reach, highestStored(db, series, MAX_SERIES_NUMBER));
      if (pushed <= target) continue;
      db.prepare('UPDATE id_series SET next = ? WHERE series = ?').run(target + 1, series);
      db.prepare('DELETE FROM id_leases WHERE series = ? AND "end" > ?').run(series, target);
      lowerGuardMark(db, series, target);
      repairs.push({ series, from: pushed, to: target });
    }
  }).immediate();
  return repairs;
}
