import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../src/db/connection';
import { migrate } from '../../src/db/migrate';
import { getRow, putRow } from '../../src/db/rows';
import {
  applyBatch,
  applyMutation,
  applyServerMutation,
  settledThrough,
} from '../../src/sync/apply-mutation';
import { backfillChangeLog, currentCursor, pullChanges } from '../../src/sync/change-log';
import { grantLease } from '../../src/sync/leases';
import { onTestEnd, tempDir } from '../helper';

const NOW = '2026-11-21T10:00:00.000Z';

function freshDb(): Db {
  const db = openDatabase(path.join(tempDir(), 'test.sqlite'));
  onTestEnd(() => db.close());
  migrate(db);
  db.prepare(
    "INSERT INTO users (id, username, password, role, createdAt, updatedAt) VALUES (1, 'admin', 'x', 'admin', ?, ?), (2, 'other', 'x', 'admin', ?, ?)",
  ).run(NOW, NOW, NOW, NOW);
  return db;
}

function seedJob(db: Db, id = 'JOB-2026-1', status = 'Assigned') {
  putRow(db, 'jobs', {
    id,
    customerName: 'Dana Reid',
    phone: '0412345678',
    email: null,
    status,
    service: 'Emergency Towing',
    location: 'Karratha',
    estimatedArrival: null,
    progress: 0,
    assignedTo: null,
    notes: null,
    createdAt: NOW,
    updatedAt: NOW,
  });
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
    expect(count(db, 'changes')).toBe(0);
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
    expect(count(db, 'changes')).toBe(0);
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
    expect(count(db, 'changes')).toBe(3);
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
    backfillChangeLog(db, NOW);
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

describe('grantLease', () => {
  it('hands out disjoint blocks and records them', () => {
    const db = freshDb();
    const a = grantLease(db, 'device-a', 'JOB-2026', 50, NOW);
    const b = grantLease(db, 'device-b', 'JOB-2026', 50, NOW);
    expect(a).toEqual({ series: 'JOB-2026', start: 1, end: 50 });
    expect(b).toEqual({ series: 'JOB-2026', start: 51, end: 100 });
    expect(count(db, 'id_leases')).toBe(2);
  });
});
