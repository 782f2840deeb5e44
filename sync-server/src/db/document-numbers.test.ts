/**
 * Document numbers: given by the server when a row is first stored, in order, with no
 * gaps (a refused or rolled-back write gives its number back), never changed, and remembered by
 * the restore guard so a restored server gives a returning row its old number and nobody else
 * any number it gave before.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { applyServerMutation } from '../sync/server-apply';
import { startTimeline } from '../sync/timeline';
import { openDatabase, type Db } from './connection';
import { migrate } from './migrate';
import { getRow } from './rows';

const NOW = '2026-11-21T02:00:00.000Z';
const dirs: string[] = [];
const open: Db[] = [];

afterEach(() => {
  for (const db of open.splice(0)) if (db.open) db.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function start(file = ':memory:'): Db {
  const db = openDatabase(file);
  open.push(db);
  migrate(db);
  startTimeline(db, new Date(NOW));
  return db;
}

let nextUpdate = 1;

function createJob(db: Db, id: string, now = NOW) {
  return applyServerMutation(
    db,
    'job.create',
    {
      id,
      updateId: nextUpdate++,
      customerName: 'Dana Reid',
      phone: '0412 345 678',
      service: 'Emergency Towing',
      location: 'Karratha',
    },
    'server',
    now,
  );
}

function numberOf(db: Db, id: string): string | null | undefined {
  return getRow<{ number: string | null }>(db, 'jobs', id)?.number;
}

describe('document numbers', () => {
  it('numbers rows in the order they are stored, whatever their keys, with no gaps', () => {
    const db = start();
    // Keys from two devices' leases, arriving interleaved.
    for (const key of ['JOB-2026-P51', 'JOB-2026-P1', 'JOB-2026-P52', 'JOB-2026-P2']) {
      const outcome = createJob(db, key);
      expect(outcome.ok).toBe(true);
    }
    expect(
      ['JOB-2026-P51', 'JOB-2026-P1', 'JOB-2026-P52', 'JOB-2026-P2'].map((key) =>
        numberOf(db, key),
      ),
    ).toEqual(['JOB-2026-1', 'JOB-2026-2', 'JOB-2026-3', 'JOB-2026-4']);
  });

  it('answers the mutation with the number, and never changes it on a later write', () => {
    const db = start();
    const created = createJob(db, 'JOB-2026-P7');
    if (!created.ok) throw new Error(created.message);
    expect((created.result as { job: { number: string } }).job.number).toBe('JOB-2026-1');
    const edited = applyServerMutation(
      db,
      'job.update',
      { id: 'JOB-2026-P7', patch: { notes: 'Gate code 4411' } },
      'server',
      NOW,
    );
    expect(edited.ok).toBe(true);
    expect(numberOf(db, 'JOB-2026-P7')).toBe('JOB-2026-1');
  });

  it('gives a refused mutation no number, so the next one takes it', () => {
    const db = start();
    createJob(db, 'JOB-2026-P1');
    // The same key again is refused: nothing stored, no number used up.
    expect(createJob(db, 'JOB-2026-P1').ok).toBe(false);
    createJob(db, 'JOB-2026-P2');
    expect(numberOf(db, 'JOB-2026-P2')).toBe('JOB-2026-2');
  });

  it('numbers a document in the year it was made (Perth), each year its own series', () => {
    const db = start();
    // 31 Dec 2026 23:30 in Perth, synced after midnight: still the 2026 series.
    createJob(db, 'JOB-2026-P1', '2026-12-31T15:30:00.000Z');
    createJob(db, 'JOB-2027-P1', '2026-12-31T16:30:00.000Z');
    expect(numberOf(db, 'JOB-2026-P1')).toBe('JOB-2026-1');
    expect(numberOf(db, 'JOB-2027-P1')).toBe('JOB-2027-1');
  });

  it('continues a series after the numbers of rows from before numbers were separate', () => {
    const db = start();
    // A key of the old form is its own number (migration 0019) and the counter went past it.
    db.prepare("INSERT INTO document_numbers (series, last) VALUES ('JOB-2026', 40)").run();
    createJob(db, 'JOB-2026-P41');
    expect(numberOf(db, 'JOB-2026-P41')).toBe('JOB-2026-41');
  });

  it('after a restore, gives a returning row its old number and no one else any number given', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pilbara-numbers-'));
    dirs.push(dir);
    const file = path.join(dir, 'pilbara.sqlite');
    const first = start(file);
    createJob(first, 'JOB-2026-P1');
    const backup = path.join(dir, 'backup.sqlite');
    first.exec(`VACUUM INTO '${backup}'`);
    // Numbered after the backup: printed, emailed, then lost with the restore.
    createJob(first, 'JOB-2026-P2');
    createJob(first, 'JOB-2026-P3');
    expect(numberOf(first, 'JOB-2026-P3')).toBe('JOB-2026-3');
    first.close();

    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
    fs.copyFileSync(backup, file);
    const restored = start(file);
    expect(numberOf(restored, 'JOB-2026-P3')).toBeUndefined();
    // A new job is numbered past everything given; the device resending JOB-2026-P3 gets 3 back.
    createJob(restored, 'JOB-2026-P9');
    createJob(restored, 'JOB-2026-P3');
    expect(numberOf(restored, 'JOB-2026-P9')).toBe('JOB-2026-4');
    expect(numberOf(restored, 'JOB-2026-P3')).toBe('JOB-2026-3');
  });
});
