import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Job } from '@pilbara/shared-schema';
import { openDatabase, type Db } from '../../src/db/connection';
import { migrate } from '../../src/db/migrate';
import { deleteRow, getRow, putRow, updateRow } from '../../src/db/rows';
import {
  applyBatch,
  applyBatches,
  applyMutation,
  type BatchResult,
} from '../../src/sync/apply-mutation';
import { applyServerMutation } from '../../src/sync/server-apply';
import { ClientOwnershipError, settledThrough } from '../../src/sync/verdicts';
import {
  currentCursor,
  deleteLogged,
  logUnloggedRows,
  pullChanges,
  pullChangesText,
} from '../../src/db/change-log';
import { answerPushes, changesPage, encodedChangesPage } from '../../src/sync/session';
import { grantLease } from '../../src/sync/leases';
import { onTestEnd, seedRow, tempDir } from '../helper';
import { freshAdminDb, jobRow } from './fixtures';

const NOW = '2026-11-21T10:00:00.000Z';

const freshDb = (): Db => freshAdminDb(NOW, ['other']);

function seedJob(db: Db, id = 'JOB-2026-1', status: Job['status'] = 'Assigned') {
  seedRow(db, 'jobs', jobRow(NOW, { id, status }));
}

function count(db: Db, table: string): number {
  return (db.prepare(`SELECT count(*) AS n FROM "${table}"`).get() as { n: number }).n;
}

const enRoute = (seq: number, id = 'JOB-2026-1', updateId = seq) => ({
  clientId: 'device-a',
  userId: 1,
  seq,
  mutationId: `m-${seq}`,
  name: 'job.markEnRoute',
  args: { id, updateId },
});

describe('applyMutation', () => {
  it('applies a seq once and answers a resend with the stored result', () => {
    const db = freshDb();
    seedJob(db);
    const first = applyMutation(db, enRoute(1), NOW);
    expect(first).toMatchObject({
      status: 'settled',
      replayed: false,
      result: { status: 'applied' },
    });
    const logged = currentCursor(db);

    const again = applyMutation(db, enRoute(1), NOW);
    expect(again).toMatchObject({
      status: 'settled',
      replayed: true,
      result: { status: 'applied', seq: 1 },
    });
    expect(currentCursor(db)).toBe(logged);
    expect(count(db, 'job_updates')).toBe(1);
    expect(getRow(db, 'jobs', 'JOB-2026-1')).toMatchObject({ status: 'En Route', progress: 25 });
  });

  it('stops at a gap without running the mutation', () => {
    const db = freshDb();
    seedJob(db);
    expect(applyMutation(db, enRoute(3), NOW)).toEqual({ status: 'gap', lastSeq: 0 });
    expect(getRow(db, 'jobs', 'JOB-2026-1')).toMatchObject({ status: 'Assigned' });
    expect(count(db, 'mutation_results')).toBe(0);
  });

  it('stores a rejection and still advances lastSeq', () => {
    const db = freshDb();
    seedJob(db, 'JOB-2026-1', 'Completed');
    const rejected = applyMutation(db, enRoute(1), NOW);
    expect(rejected).toMatchObject({
      status: 'settled',
      result: {
        status: 'rejected',
        code: 'invalid_state',
        message: 'That action is not available for this job status',
      },
    });
    const lastSeq = (
      db.prepare("SELECT lastSeq FROM sync_clients WHERE clientId = 'device-a'").get() as {
        lastSeq: number;
      }
    ).lastSeq;
    expect(lastSeq).toBe(1);
    expect(count(db, 'changes')).toBe(1); // the seeded job's own entry
    // The mutation behind it is not blocked.
    seedJob(db, 'JOB-2026-2');
    expect(applyMutation(db, enRoute(2, 'JOB-2026-2'), NOW)).toMatchObject({
      result: { status: 'applied' },
    });
  });

  it('rejects malformed arguments permanently', () => {
    const db = freshDb();
    const result = applyMutation(db, { ...enRoute(1), args: { id: 42 } }, NOW);
    expect(result).toMatchObject({
      status: 'settled',
      result: { status: 'rejected', code: 'invalid_args' },
    });
    const unknown = applyMutation(db, { ...enRoute(2), name: 'job.teleport' }, NOW);
    expect(unknown).toMatchObject({ result: { status: 'rejected', code: 'unknown_mutator' } });
  });

  it('rolls back a transient failure and leaves lastSeq where it was', () => {
    const db = freshDb();
    seedJob(db);
    // A trigger stands in for a disk or driver fault in the middle of the write.
    db.exec(
      "CREATE TEMP TRIGGER boom BEFORE INSERT ON job_updates BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END",
    );
    expect(() => applyMutation(db, enRoute(1), NOW)).toThrow(/disk I\/O error/);
    expect(getRow(db, 'jobs', 'JOB-2026-1')).toMatchObject({ status: 'Assigned' });
    expect(count(db, 'mutation_results')).toBe(0);
    expect(count(db, 'changes')).toBe(1); // the seeded job's own entry
    const client = db
      .prepare("SELECT lastSeq FROM sync_clients WHERE clientId = 'device-a'")
      .get() as { lastSeq: number } | undefined;
    expect(client?.lastSeq ?? 0).toBe(0);

    db.exec('DROP TRIGGER boom');
    expect(applyMutation(db, enRoute(1), NOW)).toMatchObject({ result: { status: 'applied' } });
  });

  it('refuses a client id that belongs to another user', () => {
    const db = freshDb();
    seedJob(db);
    applyMutation(db, enRoute(1), NOW);
    expect(() => applyMutation(db, { ...enRoute(2), userId: 2 }, NOW)).toThrow(/another user/);
  });
});

describe('applyBatch', () => {
  it('applies in seq order, skips what is settled, and stops at a transient failure', () => {
    const db = freshDb();
    seedJob(db, 'JOB-2026-1');
    seedJob(db, 'JOB-2026-2');
    seedJob(db, 'JOB-2026-3');
    const first = applyBatch(db, 'device-a', 1, [enRoute(1, 'JOB-2026-1')], NOW);
    expect(first).toMatchObject({ lastSeq: 1, changed: true });

    db.exec(
      "CREATE TEMP TRIGGER boom BEFORE INSERT ON job_updates WHEN NEW.jobId = 'JOB-2026-3' BEGIN SELECT RAISE(ABORT, 'busy'); END",
    );
    const batch = applyBatch(
      db,
      'device-a',
      1,
      [
        enRoute(3, 'JOB-2026-3'),
        enRoute(1, 'JOB-2026-1'),
        enRoute(2, 'JOB-2026-2'),
        enRoute(4, 'JOB-2026-1', 40),
      ],
      NOW,
    );
    expect(batch.stopped).toBe('transient');
    expect(batch.lastSeq).toBe(2);
    expect(batch.results.map((r) => r.seq)).toEqual([1, 2]);
    expect(getRow(db, 'jobs', 'JOB-2026-2')).toMatchObject({ status: 'En Route' });
    expect(getRow(db, 'jobs', 'JOB-2026-3')).toMatchObject({ status: 'Assigned' });
  });

  it('reports a gap', () => {
    const db = freshDb();
    seedJob(db);
    expect(applyBatch(db, 'device-a', 1, [enRoute(2)], NOW)).toMatchObject({
      stopped: 'gap',
      lastSeq: 0,
      results: [],
    });
  });
});

describe('applyBatches (group commit of pushes that waited together)', () => {
  const onDevice = (
    clientId: string,
    seq: number,
    jobId: string,
    mutationId = `${clientId}-${seq}`,
  ) => ({
    seq,
    mutationId,
    name: 'job.markEnRoute',
    args: { id: jobId, updateId: 100 + seq + (clientId === 'device-b' ? 50 : 0) },
  });
  const lastSeqOf = (db: Db, clientId: string) =>
    (
      db.prepare('SELECT lastSeq FROM sync_clients WHERE clientId = ?').get(clientId) as
        { lastSeq: number } | undefined
    )?.lastSeq;

  it('answers each batch as it would be answered alone, in the order received', () => {
    const db = freshDb();
    for (const id of ['JOB-2026-1', 'JOB-2026-2', 'JOB-2026-3', 'JOB-2026-4']) seedJob(db, id);
    const answers = applyBatches(
      db,
      1,
      [
        {
          clientId: 'device-a',
          mutations: [onDevice('device-a', 1, 'JOB-2026-1'), onDevice('device-a', 2, 'JOB-2026-2')],
        },
        { clientId: 'device-b', mutations: [onDevice('device-b', 1, 'JOB-2026-3')] },
        // The same device again: its seqs go on from the first batch of the group.
        { clientId: 'device-a', mutations: [onDevice('device-a', 3, 'JOB-2026-4')] },
        // A resend of a seq settled earlier in the group is answered, not run again.
        { clientId: 'device-a', mutations: [onDevice('device-a', 2, 'JOB-2026-2')] },
        // A gap is a gap, as alone.
        { clientId: 'device-a', mutations: [onDevice('device-a', 9, 'JOB-2026-1')] },
      ],
      NOW,
    ) as BatchResult[];
    expect(answers.map((a) => a.lastSeq)).toEqual([2, 1, 3, 3, 3]);
    expect(answers.map((a) => a.results.map((r) => r.seq))).toEqual([[1, 2], [1], [3], [2], []]);
    expect(answers.map((a) => a.stopped)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      'gap',
    ]);
    expect(answers.map((a) => a.changed)).toEqual([true, true, true, false, false]);
    for (const id of ['JOB-2026-1', 'JOB-2026-2', 'JOB-2026-3', 'JOB-2026-4'])
      expect(getRow(db, 'jobs', id)).toMatchObject({ status: 'En Route' });
    expect(count(db, 'mutation_results')).toBe(4);
    expect(count(db, 'job_updates')).toBe(4);
    expect(lastSeqOf(db, 'device-a')).toBe(3);
    expect(lastSeqOf(db, 'device-b')).toBe(1);
  });

  it("refuses only the batch whose client id is another user's", () => {
    const db = freshDb();
    seedJob(db, 'JOB-2026-1');
    seedJob(db, 'JOB-2026-2');
    applyBatch(db, 'device-x', 2, [onDevice('device-x', 1, 'JOB-2026-1')], NOW);
    const [mine, theirs] = applyBatches(
      db,
      1,
      [
        { clientId: 'device-a', mutations: [onDevice('device-a', 1, 'JOB-2026-2')] },
        { clientId: 'device-x', mutations: [onDevice('device-x', 2, 'JOB-2026-2', 'x-2')] },
      ],
      NOW,
    );
    expect(mine).toMatchObject({ lastSeq: 1, changed: true });
    expect(theirs).toBeInstanceOf(ClientOwnershipError);
    expect(lastSeqOf(db, 'device-x')).toBe(1);
    expect(count(db, 'mutation_results')).toBe(2);
  });

  it('settles nothing of the group when SQLite ends the transaction', () => {
    const db = freshDb();
    for (const id of ['JOB-2026-1', 'JOB-2026-2', 'JOB-2026-3']) seedJob(db, id);
    // A failure that rolls back the whole transaction (a full disk does): the batches before
    // it in the group were applied in it too, so their verdicts must not stand either.
    db.exec(
      "CREATE TEMP TRIGGER full_disk BEFORE INSERT ON job_updates WHEN NEW.jobId = 'JOB-2026-3' BEGIN SELECT RAISE(ROLLBACK, 'database or disk is full'); END",
    );
    expect(() =>
      applyBatches(
        db,
        1,
        [
          { clientId: 'device-a', mutations: [onDevice('device-a', 1, 'JOB-2026-1')] },
          { clientId: 'device-b', mutations: [onDevice('device-b', 1, 'JOB-2026-2')] },
          { clientId: 'device-a', mutations: [onDevice('device-a', 2, 'JOB-2026-3')] },
        ],
        NOW,
      ),
    ).toThrow();
    expect(db.inTransaction).toBe(false);
    expect(count(db, 'mutation_results')).toBe(0);
    expect(count(db, 'job_updates')).toBe(0);
    expect(lastSeqOf(db, 'device-a') ?? 0).toBe(0);
    expect(getRow(db, 'jobs', 'JOB-2026-1')).toMatchObject({ status: 'Assigned' });
  });
});

describe('applyBatch bookkeeping', () => {
  const vehicleArgs = (id: number, vin: string) => ({
    id,
    name: `Truck ${id}`,
    make: 'Isuzu',
    model: 'NPR',
    year: 2020,
    registration: `REG${id}`,
    vin,
    type: 'Tow Truck',
  });
  const fuel = (seq: number, odometerReading = 10) => ({
    seq,
    mutationId: `f-${seq}`,
    name: 'fuel.add',
    args: {
      id: seq,
      vehicleId: 1,
      location: 'Karratha',
      fuelType: 'Diesel',
      liters: 50_000,
      pricePerLiter: 229,
      totalCost: 11_450,
      odometerReading,
    },
  });
  const seedVehicle = (db: Db) =>
    expect(applyServerMutation(db, 'vehicle.add', vehicleArgs(1, 'VIN1'), 1, NOW).ok).toBe(true);

  it("answers a seq repeated within one batch with that batch's verdict, running it once", () => {
    const db = freshDb();
    seedVehicle(db);
    const batch = applyBatch(db, 'device-a', 1, [fuel(1), fuel(2), fuel(1), fuel(2)], NOW);
    expect(batch).toMatchObject({ lastSeq: 2, changed: true });
    expect(batch.results.map((r) => [r.seq, r.status])).toEqual([
      [1, 'applied'],
      [1, 'applied'],
      [2, 'applied'],
      [2, 'applied'],
    ]);
    expect(batch.results[1]).toEqual(batch.results[0]);
    expect(count(db, 'fuel_records')).toBe(2);
    expect(count(db, 'mutation_results')).toBe(2);
  });

  it('answers a group with exactly the text of its results messages', () => {
    const db = freshDb();
    seedVehicle(db);
    const push = (mutations: ReturnType<typeof fuel>[]) => ({
      type: 'push' as const,
      clientId: 'device-a',
      mutations: mutations.map((m) => ({ ...m, createdAt: NOW })),
    });
    const ctx = { db, userId: 1, now: () => new Date(NOW) };
    const missingTruck = { ...fuel(2), args: { ...fuel(2).args, vehicleId: 99 } };
    const answers = answerPushes(ctx, [
      // Applied (a result), refused with a field (a detail), applied again under a used id.
      push([fuel(1), missingTruck, { ...fuel(3), args: { ...fuel(3).args, id: 1 } }]),
      // A resend of settled seqs (stored verdicts) and a gap.
      push([fuel(1), fuel(2), fuel(9)]),
    ]);
    const batches = [
      applyBatch(db, 'device-a', 1, [fuel(1), missingTruck, fuel(3)], NOW),
      applyBatch(db, 'device-a', 1, [fuel(1), fuel(2), fuel(9)], NOW),
    ];
    const expected = batches.map((batch) => {
      const message: Record<string, unknown> = {
        type: 'results',
        results: batch.results,
        lastSeq: batch.lastSeq,
      };
      if (batch.stopped) message.stopped = batch.stopped;
      return JSON.stringify(message);
    });
    expect(answers).toEqual(expected);
    expect(batches[0]?.results.map((r) => r.status)).toEqual(['applied', 'rejected', 'rejected']);
    expect(batches[1]?.stopped).toBe('gap');
  });

  it('rolls back only the mutation that breaks a constraint and goes on with the batch', () => {
    const db = freshDb();
    seedVehicle(db);
    expect(
      applyServerMutation(db, 'vehicle.add', { ...vehicleArgs(2, 'VIN2'), mileage: 5000 }, 1, NOW)
        .ok,
    ).toBe(true);
    // A constraint the mutator does not know about: raising vehicle 1's mileage to 5,000 breaks
    // it after the fuel record was already written, inside the mutation's savepoint.
    db.exec('CREATE UNIQUE INDEX test_one_mileage ON vehicles (mileage)');
    const cursor = currentCursor(db);
    const mutations = [fuel(1, 10), fuel(2, 5000), fuel(3, 20)];
    const batch = applyBatch(db, 'device-a', 1, mutations, NOW);
    expect(batch.stopped).toBeUndefined();
    expect(batch.lastSeq).toBe(3);
    expect(batch.results.map((r) => r.status)).toEqual(['applied', 'rejected', 'applied']);
    expect(batch.results[1]).toMatchObject({ code: 'conflict' });
    expect(count(db, 'fuel_records')).toBe(2);
    expect(getRow(db, 'fuel_records', 2)).toBeUndefined();
    expect(getRow(db, 'vehicles', 1)).toMatchObject({ mileage: 20 });
    // Seq 1 logged a fuel record and the vehicle, seq 3 the same; nothing of seq 2.
    expect(currentCursor(db)).toBe(cursor + 4);

    // A resend is answered from the stored verdicts, the same as the first answer.
    const again = applyBatch(db, 'device-a', 1, mutations, NOW);
    expect(again).toMatchObject({ lastSeq: 3, changed: false });
    expect(again.results).toEqual(batch.results);
    expect(currentCursor(db)).toBe(cursor + 4);
    // Each verdict is reported settled with the log position its effects reached.
    expect(settledThrough(db, 'device-a', cursor + 1, 0).lastSeq).toBe(0);
    expect(settledThrough(db, 'device-a', cursor + 2, 0).lastSeq).toBe(2);
    expect(settledThrough(db, 'device-a', cursor + 4, 0).lastSeq).toBe(3);
  });

  it('reads what earlier mutations of the same batch wrote', () => {
    const db = freshDb();
    seedVehicle(db);
    const sameId = { ...fuel(4, 300), args: { ...fuel(4, 300).args, id: 1 } };
    const batch = applyBatch(
      db,
      'device-a',
      1,
      [fuel(1, 100), fuel(2, 200), fuel(3, 150), sameId],
      NOW,
    );
    expect(batch.results.map((r) => r.status)).toEqual([
      'applied',
      'applied',
      'applied',
      'rejected',
    ]);
    expect(batch.results[3]).toMatchObject({
      code: 'conflict',
      message: 'Fuel record 1 already exists',
    });
    // Each record saw the mileage the one before it left: 100, then 200, and 150 kept 200.
    expect(getRow(db, 'vehicles', 1)).toMatchObject({ mileage: 200 });
  });

  it("stores every verdict of a long batch and the device's lastSeq once", () => {
    const db = freshDb();
    seedVehicle(db);
    const mutations = Array.from({ length: 234 }, (_, i) => fuel(i + 1));
    const batch = applyBatch(db, 'device-a', 1, mutations, NOW);
    expect(batch).toMatchObject({ lastSeq: 234, changed: true });
    expect(count(db, 'mutation_results')).toBe(234);
    const stored = db
      .prepare(
        "SELECT seq, mutationId, status, changeSeq FROM mutation_results WHERE clientId = 'device-a' ORDER BY seq",
      )
      .all() as { seq: number; mutationId: string; status: string; changeSeq: number }[];
    expect(stored.map((r) => r.seq)).toEqual(mutations.map((m) => m.seq));
    expect(stored.every((r, i) => r.mutationId === `f-${i + 1}` && r.status === 'applied')).toBe(
      true,
    );
    // changeSeq rises with each mutation's own log entry.
    expect(new Set(stored.map((r) => r.changeSeq)).size).toBe(234);
    expect(
      (
        db.prepare("SELECT lastSeq FROM sync_clients WHERE clientId = 'device-a'").get() as {
          lastSeq: number;
        }
      ).lastSeq,
    ).toBe(234);
    expect(applyBatch(db, 'device-a', 1, [fuel(100)], NOW).results[0]).toEqual(
      JSON.parse(JSON.stringify(batch.results[99])),
    );
  });

  it('writes nothing of a batch when SQLite rolled the whole transaction back', () => {
    const db = freshDb();
    seedVehicle(db);
    // RAISE(ROLLBACK) ends the transaction itself, as a full disk can.
    db.exec(
      "CREATE TEMP TRIGGER gone BEFORE INSERT ON fuel_records WHEN NEW.id = 2 BEGIN SELECT RAISE(ROLLBACK, 'database or disk is full'); END",
    );
    expect(() => applyBatch(db, 'device-a', 1, [fuel(1), fuel(2)], NOW)).toThrow(/disk is full/);
    expect(db.inTransaction).toBe(false);
    expect(count(db, 'fuel_records')).toBe(0);
    expect(count(db, 'mutation_results')).toBe(0);
    expect(count(db, 'sync_clients')).toBe(0);
  });
});

describe('applyServerMutation', () => {
  it('writes rows and the change log without device bookkeeping', () => {
    const db = freshDb();
    seedJob(db);
    const outcome = applyServerMutation(
      db,
      'job.complete',
      { id: 'JOB-2026-1', updateId: 1, quoteId: 'Q-2026-1' },
      1,
      NOW,
    );
    expect(outcome.ok).toBe(true);
    expect(getRow(db, 'quotes', 'Q-2026-1')).toMatchObject({ status: 'draft', finalPrice: 20000 });
    expect(count(db, 'sync_clients')).toBe(0);
    expect(count(db, 'changes')).toBe(1 + 3); // the seeded job's entry, then the mutation's three
  });

  it('turns a unique-constraint failure into a rejection with the spec message', () => {
    const db = freshDb();
    db.prepare(
      "INSERT INTO vehicles (id, name, make, model, registration, vin, type, createdAt, updatedAt) VALUES (9, 'Old', 'Isuzu', 'NPR', 'OLD1', 'VIN123', 'Tow Truck', ?, ?)",
    ).run(NOW, NOW);
    const outcome = applyServerMutation(
      db,
      'vehicle.add',
      {
        id: 10,
        name: 'New',
        make: 'Isuzu',
        model: 'NPR',
        year: 2020,
        registration: 'NEW1',
        vin: 'VIN123',
        type: 'Tow Truck',
      },
      1,
      NOW,
    );
    expect(outcome).toMatchObject({
      ok: false,
      message: 'Registration number already exists. Please use a different registration.',
    });
    expect(count(db, 'vehicles')).toBe(1);
  });
});

describe('pullChanges', () => {
  it('pages the log, sends one entry per row, and detects a log behind the cursor', () => {
    const db = freshDb();
    seedJob(db);
    applyMutation(db, enRoute(1), NOW);
    applyMutation(db, { ...enRoute(2), name: 'job.startService' }, NOW);

    const all = pullChanges(db, 0, 100);
    // The job's three versions collapse into its latest; two history rows.
    expect(all.changes.filter((c) => c.entity === 'jobs')).toHaveLength(1);
    expect(all.changes.find((c) => c.entity === 'jobs')?.data).toMatchObject({
      status: 'In Progress',
      progress: 50,
    });
    expect(all).toMatchObject({ hasMore: false, reset: false, cursor: currentCursor(db) });

    const first = pullChanges(db, 0, 1);
    expect(first.hasMore).toBe(true);
    const rest = pullChanges(db, first.cursor, 100);
    expect([...first.changes, ...rest.changes]).toEqual(all.changes);

    expect(pullChanges(db, currentCursor(db) + 50, 100).reset).toBe(true);
  });

  it('encodes the same pages as text, and a kept page follows every write', () => {
    const db = freshDb();
    seedJob(db);
    seedJob(db, 'JOB-2026-2');
    applyMutation(db, enRoute(1), NOW);
    applyMutation(db, { ...enRoute(2), name: 'job.startService' }, NOW);
    seedRow(db, 'job_updates', {
      id: 900,
      jobId: 'JOB-2026-1',
      status: 'Assigned',
      note: 'quote "marks", a \\ and ünïcode',
      createdAt: NOW,
    });
    db.transaction(() => deleteLogged(db, 'jobs', 'JOB-2026-2', NOW))();
    const asText = (cursor: number, limit: number) => {
      const page = pullChangesText(db, cursor, limit);
      return { ...page, changes: JSON.parse(page.changesJson) as unknown };
    };
    for (const [cursor, limit] of [
      [0, 100],
      [0, 2],
      [2, 2],
      [currentCursor(db) + 5, 100],
    ] as const) {
      const entries = pullChanges(db, cursor, limit);
      expect(asText(cursor, limit)).toMatchObject({
        changes: entries.changes,
        count: entries.changes.length,
        cursor: entries.cursor,
        hasMore: entries.hasMore,
        reset: entries.reset,
      });
    }
    // Asked again after a write, the head page carries the write (nothing stale is kept).
    const before = asText(0, 100);
    seedRow(db, 'job_updates', {
      id: 901,
      jobId: 'JOB-2026-1',
      status: 'In Progress',
      note: null,
      createdAt: NOW,
    });
    const after = asText(0, 100);
    expect(after.changes).toEqual(pullChanges(db, 0, 100).changes);
    expect(after.cursor).toBeGreaterThan(before.cursor);

    // The whole message: the same JSON as the page of entries.
    const ctx = { db, userId: 1, now: () => new Date(NOW) };
    const device = { clientId: 'device-a', cursor: 0, ackedSeq: 0 };
    const encoded = encodedChangesPage(ctx, device, { limit: 3 });
    expect(JSON.parse(encoded.text)).toEqual(changesPage(ctx, device, { limit: 3 }));
    expect(encoded.hasMore).toBe(true);
  });

  it('reports a mutation settled only once the page carries its changes', () => {
    const db = freshDb();
    seedJob(db);
    applyMutation(db, enRoute(1), NOW);
    const head = currentCursor(db);
    expect(settledThrough(db, 'device-a', head - 1, 0).lastSeq).toBe(0);
    const settled = settledThrough(db, 'device-a', head, 0);
    expect(settled.lastSeq).toBe(1);
    expect(settled.results).toHaveLength(1);
    expect(settledThrough(db, 'device-a', head, 1).results).toHaveLength(0);
  });
});

describe('logUnloggedRows (the start-up safety net)', () => {
  it('logs rows written behind the log once, and then only rows added since', () => {
    const file = path.join(tempDir(), 'net.sqlite');
    const db = openDatabase(file);
    onTestEnd(() => db.close());
    migrate(db);
    seedJob(db);
    // A migration (or an older server) inserting rows with plain SQL, with no log entry.
    const insert = db.prepare(
      "INSERT INTO vehicles (id, name, make, model, registration, type, createdAt, updatedAt) VALUES (?, 'Old', 'Isuzu', 'NPR', ?, 'Tow Truck', ?, ?)",
    );
    insert.run(7, 'OLD7', NOW, NOW);
    expect(logUnloggedRows(db, NOW)).toBe(1);
    expect(logUnloggedRows(db, NOW)).toBe(0);

    const other = openDatabase(file);
    other
      .prepare(
        "INSERT INTO vehicles (id, name, make, model, registration, type, createdAt, updatedAt) VALUES (8, 'Older', 'Isuzu', 'NPR', 'OLD8', 'Tow Truck', ?, ?)",
      )
      .run(NOW, NOW);
    other.close();
    expect(logUnloggedRows(db, NOW)).toBe(1);
    const logged = pullChanges(db, 0, 100).changes.map((c) => [c.entity, c.rowId]);
    expect(logged).toEqual([
      ['jobs', 'JOB-2026-1'],
      ['vehicles', 7],
      ['vehicles', 8],
    ]);
    // Integer ids are logged as SQLite integers, not reals.
    const types = db
      .prepare("SELECT DISTINCT typeof(rowId) AS t FROM changes WHERE entity = 'vehicles'")
      .all();
    expect(types).toEqual([{ t: 'integer' }]);
  });

  it('reads only the rows after its mark', () => {
    const db = freshDb();
    seedJob(db);
    logUnloggedRows(db, NOW);
    const mark = db
      .prepare("SELECT checkedRowid FROM change_log_marks WHERE entity = 'jobs'")
      .get() as { checkedRowid: number };
    expect(mark.checkedRowid).toBe(1);
    // A row below the mark that lost its entry is not looked at again: the check is incremental.
    db.prepare("DELETE FROM changes WHERE entity = 'jobs'").run();
    expect(logUnloggedRows(db, NOW)).toBe(0);
  });
});

describe('the plain row writers', () => {
  it('refuse synced tables, which are written only with their log entry', () => {
    const db = freshDb();
    const job = { id: 'JOB-2026-9', customerName: 'X' };
    expect(() => putRow(db, 'jobs', job)).toThrow(/write it through the change log/);
    expect(() => updateRow(db, 'vehicles', 1, { mileage: 2 })).toThrow(/change log/);
    expect(() => deleteRow(db, 'fuel_records', 1)).toThrow(/change log/);
    expect(currentCursor(db)).toBe(0);
  });
});

describe('grantLease', () => {
  it('hands out disjoint blocks and records them', () => {
    const db = freshDb();
    const admin = { userId: 1, role: 'admin' } as const;
    const a = grantLease(db, { ...admin, clientId: 'device-a' }, 'JOB-2026', 50, NOW);
    const b = grantLease(db, { ...admin, clientId: 'device-b' }, 'JOB-2026', 50, NOW);
    expect(a).toEqual({ series: 'JOB-2026', start: 1, end: 50 });
    expect(b).toEqual({ series: 'JOB-2026', start: 51, end: 100 });
    expect(count(db, 'id_leases')).toBe(2);
  });
});
