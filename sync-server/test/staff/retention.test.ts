/**
 * Retention of the sync bookkeeping (src/sync/retention.ts): superseded log entries and
 * verdicts a device has taken in go, and nothing a device or the notifier needs goes with them.
 */
import { describe, expect, it } from 'vitest';
import type { Job } from '@pilbara/shared-schema';
import type { Db } from '../../src/db/connection';
import { applyBatch } from '../../src/sync/apply-mutation';
import { currentCursor, pullChanges, writeChanges } from '../../src/db/change-log';
import {
  compactChangeLog,
  compactChangeLogStep,
  pruneMutationResults,
} from '../../src/sync/retention';
import { waitFor } from '../sync-socket/harness';
import { buildApp } from '../../src/app';
import { TEST_PASSWORD_COST, buildTestApp, onTestEnd, testConfig } from '../helper';
import { BIG_RED, freshAdminDb, jobRow } from './fixtures';

const NOW = '2026-11-21T10:00:00.000Z';

const freshDb = (): Db => freshAdminDb(NOW);

const job = (id: string, status: Job['status'], progress: number) =>
  jobRow(NOW, { id, status, progress });

/** Writes a job through the log in each of `steps`, as the apply path would. */
function writeJobHistory(db: Db, id: string, steps: [Job['status'], number][]): void {
  for (const [status, progress] of steps) {
    db.transaction(() =>
      writeChanges(db, [{ entity: 'jobs', op: 'put', id, row: job(id, status, progress) }], NOW),
    )();
  }
}

function logOf(db: Db, id: string): string[] {
  return (
    db
      .prepare("SELECT data FROM changes WHERE entity = 'jobs' AND rowId = ? ORDER BY seq")
      .all(id) as { data: string }[]
  ).map((row) => (JSON.parse(row.data) as { status: string }).status);
}

function everyPage(db: Db, from: number) {
  const pages = [];
  let page = pullChanges(db, from, 2);
  pages.push(page);
  while (page.hasMore) {
    page = pullChanges(db, page.cursor, 2);
    pages.push(page);
  }
  return pages.flatMap((p) => p.changes);
}

describe('change log compaction', () => {
  it('drops superseded versions without changing the head or what any pull answers', () => {
    const db = freshDb();
    writeJobHistory(db, 'JOB-2026-1', [
      ['Assigned', 0],
      ['En Route', 25],
      ['In Progress', 50],
      ['Completed', 100],
    ]);
    writeJobHistory(db, 'JOB-2026-2', [['Assigned', 0]]);
    writeJobHistory(db, 'JOB-2026-1', [['Completed', 100]]);
    const head = currentCursor(db);
    const fromZero = everyPage(db, 0);
    const fromThree = everyPage(db, 3);

    expect(compactChangeLog(db, 2)).toBe(4);

    expect(logOf(db, 'JOB-2026-1')).toEqual(['Completed']);
    expect(logOf(db, 'JOB-2026-2')).toEqual(['Assigned']);
    expect(currentCursor(db)).toBe(head);
    expect(everyPage(db, 0)).toEqual(fromZero);
    expect(everyPage(db, 3)).toEqual(fromThree);
    expect(compactChangeLog(db)).toBe(0);
  });

  it('runs in bounded steps while a server configured for it runs, not at its start', async () => {
    const config = testConfig();
    const first = await buildTestApp({ config });
    writeJobHistory(first.db, 'JOB-2026-7', [
      ['Assigned', 0],
      ['En Route', 25],
    ]);
    await first.close();

    // buildApp, not buildTestApp: nothing is awaited after ready (the admin password's hash
    // would give the first steps time to run before the check below).
    const second = await buildApp(config, {
      logger: false,
      passwordCost: TEST_PASSWORD_COST,
      logCompaction: { window: 1, stepMs: 5, intervalMs: 20 },
    });
    onTestEnd(() => second.close());
    await second.ready();
    // Ready, and nothing compacted yet: start-up does no pass over the log.
    expect(logOf(second.db, 'JOB-2026-7')).toEqual(['Assigned', 'En Route']);
    await waitFor(() => logOf(second.db, 'JOB-2026-7').length === 1, 5000, 'a compaction step');
    expect(logOf(second.db, 'JOB-2026-7')).toEqual(['En Route']);

    // Later writes are compacted by later passes of the same running server.
    writeJobHistory(second.db, 'JOB-2026-7', [
      ['In Progress', 50],
      ['Completed', 100],
    ]);
    await waitFor(() => logOf(second.db, 'JOB-2026-7').length === 1, 5000, 'a later pass');
    expect(logOf(second.db, 'JOB-2026-7')).toEqual(['Completed']);
  });

  it('examines at most its window per step', () => {
    const db = freshDb();
    for (const n of [1, 2, 3, 4]) {
      writeJobHistory(db, `JOB-2026-${n}`, [
        ['Assigned', 0],
        ['En Route', 25],
      ]);
    }
    // Entries 1..8: each job's first version (odd seqs) is superseded.
    const first = compactChangeLogStep(db, 0, 3);
    expect(first).toEqual({ deleted: 2, next: 3 });
    const second = compactChangeLogStep(db, 3, 3);
    expect(second).toEqual({ deleted: 1, next: 6 });
    const third = compactChangeLogStep(db, 6, 3);
    expect(third).toEqual({ deleted: 1, next: null });
  });

  it('keeps what the notifier has not read, and the version it compares the first one with', () => {
    const db = freshDb();
    writeJobHistory(db, 'JOB-2026-1', [
      ['Assigned', 0],
      ['En Route', 25],
    ]);
    db.prepare("INSERT INTO log_cursors (name, cursor, updatedAt) VALUES ('notifier', ?, ?)").run(
      currentCursor(db),
      NOW,
    );
    writeJobHistory(db, 'JOB-2026-1', [
      ['In Progress', 50],
      ['Completed', 100],
    ]);

    expect(compactChangeLog(db)).toBe(1);
    expect(logOf(db, 'JOB-2026-1')).toEqual(['En Route', 'In Progress', 'Completed']);

    db.prepare("UPDATE log_cursors SET cursor = ? WHERE name = 'notifier'").run(currentCursor(db));
    expect(compactChangeLog(db)).toBe(2);
    expect(logOf(db, 'JOB-2026-1')).toEqual(['Completed']);
  });
});

describe('mutation verdict pruning', () => {
  const vehicle = (seq: number) => ({
    seq,
    mutationId: `m-${seq}`,
    name: 'mileage.add',
    args: {
      id: seq,
      vehicleId: 1,
      startOdometer: 50_000 + seq * 100,
      endOdometer: 50_050 + seq * 100,
      purpose: 'Recovery run',
    },
    createdAt: NOW,
  });

  it('forgets month-old verdicts the device took in, keeps the last, and a late resend changes nothing', () => {
    const db = freshDb();
    db.transaction(() =>
      writeChanges(
        db,
        [
          {
            entity: 'vehicles',
            op: 'put',
            id: 1,
            row: BIG_RED,
          },
        ],
        NOW,
      ),
    )();
    const batch = applyBatch(db, 'device-a', 1, [1, 2, 3, 4, 5].map(vehicle), NOW);
    expect(batch.results.map((r) => r.status)).toEqual(Array(5).fill('applied'));
    const records = () =>
      (db.prepare('SELECT count(*) AS n FROM mileage_records').get() as { n: number }).n;
    expect(records()).toBe(5);

    // Kept for a month as a record, then the ones the device took in go.
    const inDays = (days: number) => new Date(Date.parse(NOW) + days * 86_400_000);
    expect(pruneMutationResults(db, 'device-a', 4, inDays(29))).toBe(0);
    expect(pruneMutationResults(db, 'device-a', 4, inDays(31))).toBe(3);
    const kept = db
      .prepare("SELECT seq FROM mutation_results WHERE clientId = 'device-a' ORDER BY seq")
      .all() as { seq: number }[];
    expect(kept.map((row) => row.seq)).toEqual([4, 5]);

    // A device that crashed between taking the verdicts in and clearing its outbox sends an old
    // seq again: it is answered as applied and not run a second time.
    const again = applyBatch(db, 'device-a', 1, [vehicle(2), vehicle(6)], NOW);
    expect(again.results.map((r) => [r.seq, r.status])).toEqual([
      [2, 'applied'],
      [6, 'applied'],
    ]);
    expect(records()).toBe(6);
  });
});
