// @vitest-environment node
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { PilbaraDatabase } from '../db/database';
import { freshDb } from './testing/fresh-db';
import { DB_VERSIONS } from '../db/schema';
import {
  NoIdsLeftError,
  addLease,
  businessYear,
  heldLeases,
  holdsEverySeries,
  lowSeries,
  mintIdFrom,
  takeLeaseAnswer,
  waitForIds,
} from './leases';

describe('ids minted from leases', () => {
  it('mints final text and integer ids in order and never twice', async () => {
    const db = freshDb();
    const year = businessYear(new Date('2026-06-01T00:00:00Z'));
    await addLease(db, `JOB-${year}`, 101, 102);
    await addLease(db, 'fuel_records', 7, 7);
    const date = new Date('2026-06-01T00:00:00Z');
    // A job's key carries the provisional mark: its number comes from the server.
    expect(await mintIdFrom(db, 'JOB', date)).toBe('JOB-2026-P101');
    expect(await mintIdFrom(db, 'JOB', date)).toBe('JOB-2026-P102');
    expect(await mintIdFrom(db, 'fuel_records', date)).toBe(7);
    await expect(mintIdFrom(db, 'JOB', date)).rejects.toBeInstanceOf(NoIdsLeftError);
  });

  it('uses the Perth business year and asks for more when a series runs low', async () => {
    expect(businessYear(new Date('2026-12-31T17:00:00Z'))).toBe(2027);
    const db = freshDb();
    const date = new Date('2026-06-01T00:00:00Z');
    expect(await lowSeries(db, date)).toContain('JOB-2026');
    await addLease(db, 'JOB-2026', 1, 50);
    expect(await lowSeries(db, date)).not.toContain('JOB-2026');
  });

  it('mints distinct ids when two tabs mint at once', async () => {
    const db = freshDb();
    const other = new PilbaraDatabase(db.name);
    await addLease(db, 'vehicles', 1, 40);
    const minted = await Promise.all(
      Array.from({ length: 20 }, (_, i) => mintIdFrom(i % 2 ? db : other, 'vehicles')),
    );
    other.close();
    expect(new Set(minted).size).toBe(20);
  });

  it('waits for a block that arrives from another tab, and gives up when none does', async () => {
    const db = freshDb();
    const other = new PilbaraDatabase(db.name);
    setTimeout(() => void addLease(other, 'fuel_records', 11, 60), 300);
    expect(await waitForIds(db, 'fuel_records', 10_000)).toBe(true);
    expect(await mintIdFrom(db, 'fuel_records')).toBe(11);
    other.close();
    const started = Date.now();
    expect(await waitForIds(db, 'vehicles', 500)).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(500);
  });
});

describe('the server’s word on the blocks a device holds', () => {
  const date = new Date('2026-06-01T00:00:00Z');

  it('drops a refused block whole, keeps the granted ones, and asks for the series again', async () => {
    const db = freshDb();
    await addLease(db, 'job_updates', 1, 50);
    await addLease(db, 'job_updates', 999_999_950, 999_999_999);
    await addLease(db, 'fuel_records', 51, 100);
    expect(await mintIdFrom(db, 'job_updates', date)).toBe(1);
    const changed = await takeLeaseAnswer(db, {
      refusedLeases: [
        { series: 'job_updates', start: 999_999_950, end: 999_999_999 },
        { series: 'fuel_records', start: 51, end: 100 },
      ],
    });
    expect(changed).toBe(true);
    expect(await heldLeases(db)).toEqual([{ series: 'job_updates', start: 1, end: 50 }]);
    // The numbers left of the granted block are still minted, in order.
    expect(await mintIdFrom(db, 'job_updates', date)).toBe(2);
    // With its block gone the series is low again: the engine asks for a new one.
    expect(await lowSeries(db, date)).toContain('fuel_records');
    await expect(mintIdFrom(db, 'fuel_records', date)).rejects.toBeInstanceOf(NoIdsLeftError);
    expect(await takeLeaseAnswer(db, { refusedLeases: [] })).toBe(false);
  });

  it('keeps and asks only for the kinds the role may hold', async () => {
    const db = freshDb();
    // Before any hello: an admin's set, bookings never (the server numbers them).
    expect(await lowSeries(db, date)).not.toContain('BKG-2026');
    expect(await lowSeries(db, date)).toContain('INV-2026');
    await takeLeaseAnswer(db, {
      leaseKinds: ['job_updates', 'Q', 'fuel_records'],
    });
    expect((await lowSeries(db, date)).sort()).toEqual(['Q-2026', 'fuel_records', 'job_updates']);
    for (const series of ['job_updates', 'Q-2026', 'fuel_records']) {
      await addLease(db, series, 1, 50);
    }
    // A driver's phone holding its three kinds holds every series it needs ("Synced").
    expect(await holdsEverySeries(db, date)).toBe(true);
  });
});

describe('database upgrade', () => {
  it('keeps the outbox from version 2 and indexes its keys in version 3', async () => {
    const name = `upgrade-${Date.now()}`;
    const old = new Dexie(name);
    for (const entry of DB_VERSIONS.filter((v) => v.version <= 2))
      old.version(entry.version).stores(entry.stores);
    await old.table('outbox').add({
      seq: 1,
      mutationId: 'm1',
      clientId: 'c',
      name: 'job.create',
      args: {},
      createdAt: '',
      reads: ['jobs:"JOB-2026-1"'],
      writes: ['jobs:"JOB-2026-1"', 'job_updates:5'],
    });
    old.close();
    const db = freshDb(name);
    expect(await db.outbox.where('keys').equals('job_updates:5').count()).toBe(1);
    expect((await db.outbox.get(1))?.keys).toEqual(['jobs:"JOB-2026-1"', 'job_updates:5']);
  });

  it('keeps what version 14 kept as acknowledged, one row per page from version 15', async () => {
    const name = `upgrade-acknowledged-${Date.now()}`;
    const old = new Dexie(name);
    for (const entry of DB_VERSIONS.filter((v) => v.version <= 14))
      old.version(entry.version).stores(entry.stores);
    const kept = (mutationId: string, ackedAt: string, seq: number) => ({
      mutationId,
      name: 'job.create',
      args: { id: mutationId },
      createdAt: '2026-11-20T00:00:00.000Z',
      ackedAt,
      seq,
    });
    await old
      .table('acknowledged')
      .bulkAdd([
        kept('b', '2026-11-21T00:00:00.000Z', 2),
        kept('c', '2026-11-22T00:00:00.000Z', 3),
        kept('a', '2026-11-21T00:00:00.000Z', 1),
      ]);
    old.close();
    const db = freshDb(name);
    const pages = await db.acknowledgedPages.orderBy('id').toArray();
    expect(pages.map((page) => [page.ackedAt, page.mutations.map((m) => m.mutationId)])).toEqual([
      ['2026-11-21T00:00:00.000Z', ['a', 'b']],
      ['2026-11-22T00:00:00.000Z', ['c']],
    ]);
    expect(pages[0]?.mutations[0]).toEqual(kept('a', '2026-11-21T00:00:00.000Z', 1));
    expect(db.tables.map((table) => table.name)).not.toContain('acknowledged');
  });
});
