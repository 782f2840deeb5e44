import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startTimeline } from '../sync/timeline';
import { openDatabase, type Db } from './connection';
import { nextSeriesNumber, reserveSeriesBlock } from './id-series';
import { migrate } from './migrate';
import { RESTORE_MARGIN, guardFile } from './restore-guard';

const NOW = new Date('2026-11-21T10:00:00.000Z');
const dirs: string[] = [];
const open: Db[] = [];

afterEach(() => {
  for (const db of open.splice(0)) if (db.open) db.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function folder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pilbara-guard-'));
  dirs.push(dir);
  return dir;
}

/** A server start on `file`: open, migrate, start the timeline. */
function start(file: string) {
  const db = openDatabase(file);
  open.push(db);
  migrate(db);
  return { db, ...startTimeline(db, NOW) };
}

describe('restore guard', () => {
  it('changes nothing across a normal restart', () => {
    const file = path.join(folder(), 'pilbara.sqlite');
    const first = start(file);
    expect(first.restored).toBeNull();
    expect(reserveSeriesBlock(first.db, 'JOB-2026', 50)).toBe(1);
    first.db.close();

    const again = start(file);
    expect(again.restored).toBeNull();
    expect(again.moved).toEqual({});
    expect(nextSeriesNumber(again.db, 'JOB-2026')).toBe(51);
  });

  it('moves the counters of a restored database past every number handed out since', () => {
    const dir = folder();
    const file = path.join(dir, 'pilbara.sqlite');
    const first = start(file);
    reserveSeriesBlock(first.db, 'JOB-2026', 10);
    const backup = path.join(dir, 'backup.sqlite');
    first.db.exec(`VACUUM INTO '${backup}'`);
    // After the backup: a lease block and a REST-minted number, both gone with the restore.
    expect(reserveSeriesBlock(first.db, 'JOB-2026', 50)).toBe(11);
    expect(nextSeriesNumber(first.db, 'fuel_records')).toBe(1);
    first.db.close();

    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
    fs.copyFileSync(backup, file);
    const restored = start(file);
    expect(restored.restored).toMatch(/older than numbers this server handed out/);
    expect(restored.moved).toEqual({ 'JOB-2026': 60, fuel_records: 1 });
    expect(nextSeriesNumber(restored.db, 'JOB-2026')).toBe(61);
    expect(nextSeriesNumber(restored.db, 'fuel_records')).toBe(2);
  });

  it('skips a margin of every series when a database that ran before comes without its guard', () => {
    const file = path.join(folder(), 'pilbara.sqlite');
    const first = start(file);
    reserveSeriesBlock(first.db, 'JOB-2026', 10);
    first.db.close();
    const elsewhere = path.join(folder(), 'pilbara.sqlite');
    fs.copyFileSync(file, elsewhere);

    const moved = start(elsewhere);
    expect(guardFile(moved.db)).not.toBe(guardFile(first.db));
    expect(moved.restored).toMatch(/no restore guard/);
    expect(nextSeriesNumber(moved.db, 'JOB-2026')).toBe(11 + RESTORE_MARGIN);
    expect(nextSeriesNumber(moved.db, 'vehicles')).toBe(1 + RESTORE_MARGIN);
  });

  it('records nothing of a reservation that was rolled back', () => {
    const file = path.join(folder(), 'pilbara.sqlite');
    const { db } = start(file);
    expect(() =>
      db.transaction(() => {
        reserveSeriesBlock(db, 'Q-2026', 500);
        throw new Error('the mutation failed');
      })(),
    ).toThrow('the mutation failed');
    expect(db.prepare("SELECT upTo FROM guard.handed_out WHERE series = 'Q-2026'").get()).toBe(
      undefined,
    );
  });
});
