import { describe, expect, it } from 'vitest';
import { memoryDb as db, seedRow } from '../../test/helper';

import {
  advanceSeriesPast,
  businessYear,
  mintIntegerId,
  mintTextId,
  nextSeriesNumber,
  reserveSeriesBlock,
} from './id-series';

const stamp = '2026-06-01T00:00:00.000Z';
const job = (id: string) => ({
  id,
  customerName: 'A',
  phone: '0400000000',
  service: 'Emergency Towing',
  location: 'Karratha',
  createdAt: stamp,
  updatedAt: stamp,
});

describe('id series', () => {
  it('counts up from 1 in a fresh database', () => {
    const database = db();
    expect(nextSeriesNumber(database, 'JOB-2026')).toBe(1);
    expect(nextSeriesNumber(database, 'JOB-2026')).toBe(2);
    expect(nextSeriesNumber(database, 'vehicles')).toBe(1);
  });

  it('hands out blocks that never overlap', () => {
    const database = db();
    const first = reserveSeriesBlock(database, 'Q-2026', 50);
    const second = reserveSeriesBlock(database, 'Q-2026', 50);
    expect(first).toBe(1);
    expect(second).toBe(51);
    expect(nextSeriesNumber(database, 'Q-2026')).toBe(101);
  });

  it('moves a counter past a number a device holds, never backwards', () => {
    const database = db();
    reserveSeriesBlock(database, 'JOB-2026', 50);
    expect(advanceSeriesPast(database, 'JOB-2026', 30)).toBe(false);
    expect(nextSeriesNumber(database, 'JOB-2026')).toBe(51);
    expect(advanceSeriesPast(database, 'JOB-2026', 120)).toBe(true);
    expect(nextSeriesNumber(database, 'JOB-2026')).toBe(121);
    // A series never used starts past both the stored rows and the held number.
    seedRow(database, 'jobs', job('JOB-2027-9'));
    expect(advanceSeriesPast(database, 'JOB-2027', 5)).toBe(false);
    expect(nextSeriesNumber(database, 'JOB-2027')).toBe(10);
  });

  it('starts a new series after ids already stored', () => {
    const database = db();
    seedRow(database, 'jobs', job('JOB-2026-41'));
    seedRow(database, 'jobs', job('JOB-2025-900'));
    expect(nextSeriesNumber(database, 'JOB-2026')).toBe(42);
  });

  it('mints text ids in the Perth year and skips numbers already taken', () => {
    const database = db();
    // 2026-12-31 20:00 UTC is already 2027 in Perth.
    expect(businessYear(new Date('2026-12-31T20:00:00Z'))).toBe(2027);
    // A job's id is its key, marked apart from the number the server gives it.
    expect(mintTextId(database, 'JOB', new Date('2026-06-01T00:00:00Z'))).toBe('JOB-2026-P1');
    seedRow(database, 'jobs', job('JOB-2026-P2'));
    expect(mintTextId(database, 'JOB', new Date('2026-06-01T00:00:00Z'))).toBe('JOB-2026-P3');
    expect(mintTextId(database, 'BKG', new Date('2026-06-01T00:00:00Z'))).toBe('BKG-2026-1');
  });

  it('starts a new series after the keys of both forms already stored', () => {
    const database = db();
    seedRow(database, 'jobs', job('JOB-2026-7'));
    seedRow(database, 'jobs', job('JOB-2026-P12'));
    expect(nextSeriesNumber(database, 'JOB-2026')).toBe(13);
  });

  it('mints integer ids past any row a device created with its own id', () => {
    const database = db();
    expect(mintIntegerId(database, 'feedback')).toBe(1);
    database
      .prepare(
        "INSERT INTO contact_submissions (id, firstName, lastName, phone, email, serviceNeeded, message, createdAt) VALUES (5, 'a','b','c','d','e','f','g')",
      )
      .run();
    expect(mintIntegerId(database, 'contact_submissions')).toBe(6);
  });

  it('steps over numbers rows hold, never up to one planted near the ceiling', () => {
    const database = db();
    const insert = database.prepare(
      "INSERT INTO contact_submissions (id, firstName, lastName, phone, email, serviceNeeded, message, createdAt) VALUES (?, 'a','b','c','d','e','f','g')",
    );
    expect(mintIntegerId(database, 'contact_submissions')).toBe(1);
    for (const id of [2, 3, 999_999_999]) insert.run(id);
    expect(mintIntegerId(database, 'contact_submissions')).toBe(4);
    expect(mintIntegerId(database, 'contact_submissions')).toBe(5);
    // A series not started yet does not continue from a number past the alarm level either.
    seedRow(database, 'jobs', job('JOB-2027-P999999998'));
    seedRow(database, 'jobs', job('JOB-2027-P7'));
    expect(nextSeriesNumber(database, 'JOB-2027')).toBe(8);
  });

  it('refuses unknown series and bad block sizes', () => {
    const database = db();
    expect(() => nextSeriesNumber(database, 'nope')).toThrow(/Unknown id series/);
    expect(() => nextSeriesNumber(database, 'jobs')).toThrow(/text ids/);
    expect(() => reserveSeriesBlock(database, 'JOB-2026', 0)).toThrow(/Block size/);
  });
});
