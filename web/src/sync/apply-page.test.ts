// @vitest-environment node
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { ChangeEntry, ChangesMessage } from '@pilbara/shared-schema';
import type { PilbaraDatabase } from '../db/database';
import { freshDb } from './testing/fresh-db';
import { APPLY_CHUNK, applyChangesPage, type ApplyPacing } from './apply-page';
import { META, getMeta, mutateLocal } from './local-store';

const fuel = (id: number): ChangeEntry => ({
  seq: 40,
  entity: 'fuel_records',
  rowId: id,
  op: 'put',
  data: {
    id,
    vehicleId: 1,
    dateTime: '2026-12-01T00:00:00.000Z',
    location: 'Karratha',
    fuelType: 'Diesel',
    liters: 60_000,
    pricePerLiter: 190,
    totalCost: 11_400,
    odometerReading: 100_000 + id,
    fillType: 'Full',
    createdAt: '2026-12-01T00:00:00.000Z',
  },
});

/** An open job as the server sends it. */
const JOB: ChangeEntry = {
  seq: 40,
  entity: 'jobs',
  rowId: 'JOB-2026-1',
  op: 'put',
  data: {
    id: 'JOB-2026-1',
    customerName: 'Dana Reid',
    phone: '0412345678',
    email: null,
    service: 'Emergency Towing',
    location: 'Karratha',
    status: 'Assigned',
    progress: 0,
    estimatedArrival: null,
    assignedTo: null,
    notes: null,
    createdAt: '2026-12-01T00:00:00.000Z',
    updatedAt: '2026-12-01T00:00:00.000Z',
  },
};

/** A page of a snapshot at log position 40, with rows `from` to `to`. */
function snapshotPage(from: number, to: number, next: string | null): ChangesMessage {
  const changes: ChangeEntry[] = [];
  for (let id = from; id <= to; id++) changes.push(fuel(id));
  return {
    type: 'changes',
    changes,
    cursor: next === null ? 40 : 0,
    hasMore: next !== null,
    reset: false,
    lastSeq: 0,
    results: [],
    epoch: 'e1',
    snapshot: { head: 40, next },
  };
}

/**
 * Records every read-write transaction the page apply opens, and how many fuel records are on
 * screen (the visible table) as each one commits, in `steps` beside the pacing's yields. The
 * pacing's clock is fake: each transaction moves it on by `msPerRow` for every row it wrote, as a
 * device writing at that rate would see it.
 */
function watchTransactions(
  db: PilbaraDatabase,
  msPerRow = 0,
): { shownAfterEach: number[]; steps: string[]; partMs: number[]; pacing: ApplyPacing } {
  const shownAfterEach: number[] = [];
  const steps: string[] = [];
  const partMs: number[] = [];
  let clock = 0;
  const pacing: ApplyPacing = {
    budgetMs: 50,
    now: () => clock,
    yieldToMain: () => {
      steps.push('yield');
      return Promise.resolve();
    },
  };
  const transaction = db.transaction.bind(db) as (...args: unknown[]) => Promise<unknown>;
  (db as unknown as { transaction: (...args: unknown[]) => Promise<unknown> }).transaction = async (
    ...args: unknown[]
  ) => {
    const result = await transaction(...args);
    if (args[0] === 'rw') {
      const shown = await db.fuel_records.count();
      const ms = (shown - (shownAfterEach[shownAfterEach.length - 1] ?? 0)) * msPerRow;
      clock += ms;
      partMs.push(ms);
      shownAfterEach.push(shown);
      steps.push('part');
    }
    return result;
  };
  return { shownAfterEach, steps, partMs, pacing };
}

describe('a long page', () => {
  it('is written in parts that fit the time budget, the main thread given back before each', async () => {
    const db = freshDb();
    // A device writing a row in 2 ms: after the first guess, 25 rows fit in 50 ms.
    const { shownAfterEach, steps, partMs, pacing } = watchTransactions(db, 2);
    await applyChangesPage(db, snapshotPage(1, 150, 'h:9:2026-11-01'), undefined, { pacing });
    expect(shownAfterEach).toEqual([50, 75, 100, 125, 150]);
    expect(steps).toEqual(Array.from({ length: 5 }, () => ['yield', 'part']).flat());
    expect(partMs[0]).toBe(100);
    partMs.shift();
    expect(Math.max(...partMs)).toBeLessThanOrEqual(pacing.budgetMs);
    expect(await db.confirmed('fuel_records').count()).toBe(150);
  });

  it('cuts smaller parts on a slow device, every row still written', async () => {
    const db = freshDb();
    // A row a millisecond, then slower: two ms a row, the first part overruns the budget, and
    // every later one fits it.
    const { shownAfterEach, partMs, pacing } = watchTransactions(db, 2);
    pacing.rowsPerMs = 1;
    await applyChangesPage(db, snapshotPage(1, 100, 'h'), undefined, { pacing });
    expect(shownAfterEach[0]).toBe(50);
    expect(shownAfterEach[shownAfterEach.length - 1]).toBe(100);
    expect(partMs[0]).toBe(100);
    for (const ms of partMs.slice(1)) expect(ms).toBeLessThanOrEqual(pacing.budgetMs);
    // The rate is kept for the next page: its first part fits the budget too.
    const before = partMs.length;
    await applyChangesPage(db, snapshotPage(101, 160, 'i'), undefined, { pacing });
    for (const ms of partMs.slice(before)) expect(ms).toBeLessThanOrEqual(pacing.budgetMs);
    expect(await db.confirmed('fuel_records').count()).toBe(160);
  });

  it('grows the parts on a fast device, at most doubling, up to a bounded size', async () => {
    const db = freshDb();
    const { shownAfterEach, pacing } = watchTransactions(db, 0);
    const rows = 2 * APPLY_CHUNK + 50;
    await applyChangesPage(db, snapshotPage(1, rows, 'h:9:2026-11-01'), undefined, { pacing });
    expect(shownAfterEach).toEqual([50, 50 + APPLY_CHUNK, rows]);
    expect(await db.confirmed('fuel_records').count()).toBe(rows);
  });

  it('keeps the cursor until the last part: a page cut short comes again whole', async () => {
    const db = freshDb();
    await applyChangesPage(db, snapshotPage(1, 10, 'f:3:0'));
    const page = snapshotPage(11, 10 + 2 * APPLY_CHUNK, 'h');
    // The link drops while the page is written: its last part never commits.
    const transaction = db.transaction.bind(db) as (...args: unknown[]) => Promise<unknown>;
    let parts = 0;
    (db as unknown as { transaction: (...args: unknown[]) => Promise<unknown> }).transaction = (
      ...args: unknown[]
    ) => {
      if (args[0] === 'rw' && ++parts === 2) return Promise.reject(new Error('link lost'));
      return transaction(...args);
    };
    await expect(applyChangesPage(db, page)).rejects.toThrow('link lost');
    expect(await getMeta(db, META.snapshot, null)).toEqual({ head: 40, next: 'f:3:0' });
    (db as unknown as { transaction: unknown }).transaction = transaction;
    // The same page again, from where the device says it stands.
    await applyChangesPage(db, page, undefined, {
      askedFrom: { cursor: 0, ackedSeq: 0, snapshot: 'f:3:0' },
    });
    expect(await db.fuel_records.count()).toBe(10 + 2 * APPLY_CHUNK);
    expect(await getMeta(db, META.snapshot, null)).toEqual({ head: 40, next: 'h' });
  });
});

describe("a snapshot's pages", () => {
  it('are on screen as they come, and the last one moves the cursor to the head', async () => {
    const db = freshDb();
    await applyChangesPage(db, snapshotPage(1, 20, 'f:9:0'));
    // Shown at once, though more pages are coming.
    expect(await db.fuel_records.count()).toBe(20);
    expect(await getMeta(db, META.cursor, -1)).toBe(0);
    expect(await getMeta(db, META.snapshot, null)).toEqual({ head: 40, next: 'f:9:0' });
    await applyChangesPage(db, snapshotPage(21, 30, null));
    expect(await db.fuel_records.count()).toBe(30);
    expect(await getMeta(db, META.cursor, -1)).toBe(40);
    expect(await getMeta(db, META.snapshot, null)).toBeNull();
  });

  it('keep a change made on the device over the row a page brings', async () => {
    const db = freshDb();
    const first = snapshotPage(1, 5, 'f:9:0');
    await applyChangesPage(db, { ...first, changes: [JOB, ...first.changes] });
    const edit = await mutateLocal(db, 'job.update', {
      id: 'JOB-2026-1',
      patch: { notes: 'Gate code 4471' },
    });
    if (!edit.ok) throw new Error(edit.message);
    // The job comes again in the middle of a long page, as the server had it.
    const long = snapshotPage(1, 2 * APPLY_CHUNK, 'h');
    long.changes.splice(APPLY_CHUNK / 2, 0, JOB);
    await applyChangesPage(db, long);
    expect(await db.jobs.get('JOB-2026-1')).toMatchObject({ notes: 'Gate code 4471' });
    expect(await db.confirmed('jobs').get('JOB-2026-1')).toMatchObject({ notes: null });
  });

  it('refuses a page asked for from a position the device does not hold, writing nothing', async () => {
    const db = freshDb();
    await applyChangesPage(db, snapshotPage(1, 5, 'f:9:0'));
    await expect(
      applyChangesPage(db, snapshotPage(6, 2 * APPLY_CHUNK, 'h'), undefined, {
        askedFrom: { cursor: 0, ackedSeq: 0, snapshot: 'f:2:0' },
      }),
    ).rejects.toThrow(/snapshot f:2:0/);
    expect(await db.confirmed('fuel_records').count()).toBe(5);
    expect(await getMeta(db, META.snapshot, null)).toEqual({ head: 40, next: 'f:9:0' });
  });
});
