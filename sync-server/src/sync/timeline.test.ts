import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../db/connection';
import { migrate } from '../db/migrate';
import { applyBatch } from './apply-mutation';
import { currentCursor } from '../db/change-log';
import { lostHistory, startTimeline } from './timeline';

const NOW = '2026-11-21T10:00:00.000Z';
const dirs: string[] = [];
const open: Db[] = [];

afterEach(() => {
  for (const db of open.splice(0)) if (db.open) db.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function start(file: string): { db: Db; epoch: string } {
  const db = openDatabase(file);
  open.push(db);
  migrate(db);
  db.prepare(
    "INSERT OR IGNORE INTO users (id, username, password, role, createdAt, updatedAt) VALUES (1, 'admin', 'x', 'admin', ?, ?)",
  ).run(NOW, NOW);
  return { db, epoch: startTimeline(db, new Date(NOW)).epoch };
}

/** A device writes `n` jobs; returns its cursor and ackedSeq as a page would leave them. */
function writeJobs(db: Db, clientId: string, from: number, n: number) {
  const batch = applyBatch(
    db,
    clientId,
    1,
    Array.from({ length: n }, (_, i) => ({
      seq: from + i,
      mutationId: `${clientId}-${from + i}`,
      name: 'job.create',
      args: {
        id: `JOB-2026-${clientId.length * 100 + from + i}`,
        updateId: clientId.length * 100 + from + i,
        customerName: 'Dana Reid',
        phone: '0412345678',
        service: 'Emergency Towing',
        location: 'Karratha',
      },
    })),
    NOW,
  );
  return { cursor: currentCursor(db), ackedSeq: batch.lastSeq };
}

describe('lost history', () => {
  it('is never claimed across normal restarts, nor for an old report', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pilbara-timeline-'));
    dirs.push(dir);
    const file = path.join(dir, 'pilbara.sqlite');
    const first = start(file);
    const early = { clientId: 'cab', epoch: first.epoch, ...writeJobs(first.db, 'cab', 1, 2) };
    const late = { clientId: 'cab', epoch: first.epoch, ...writeJobs(first.db, 'cab', 3, 2) };
    first.db.close();
    const second = start(file);
    writeJobs(second.db, 'ute', 1, 3);
    expect(lostHistory(second.db, late)).toBeNull();
    // A late, repeated message reports less than the device knows now: still no loss.
    expect(lostHistory(second.db, early)).toBeNull();
    expect(lostHistory(second.db, { clientId: 'new', cursor: 0, ackedSeq: 0 })).toBeNull();
  });

  it('is claimed for each kind of evidence a restore leaves', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pilbara-timeline-'));
    dirs.push(dir);
    const file = path.join(dir, 'pilbara.sqlite');
    const backup = path.join(dir, 'backup.sqlite');
    const first = start(file);
    writeJobs(first.db, 'cab', 1, 2);
    first.db.exec(`VACUUM INTO '${backup}'`);
    // After the backup a reader pulls past it, and the writer's verdicts are taken in.
    const reader = { clientId: 'reader', epoch: first.epoch, cursor: 0, ackedSeq: 0 };
    const writer = { clientId: 'cab', epoch: first.epoch, ...writeJobs(first.db, 'cab', 3, 3) };
    reader.cursor = writer.cursor;
    const later = startTimeline(first.db, new Date(NOW)).epoch;
    const laterDevice = { clientId: 'ute', epoch: later, cursor: 1, ackedSeq: 0 };
    first.db.close();

    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
    fs.copyFileSync(backup, file);
    const restored = start(file);
    expect(lostHistory(restored.db, reader)).toMatch(/cursor \d+ is past the log's head/);
    expect(lostHistory(restored.db, laterDevice)).toMatch(/never had/);
    expect(lostHistory(restored.db, { ...writer, cursor: 1, epoch: null })).toMatch(
      /verdicts up to seq 5, the server has settled only up to 2/,
    );
    // Others write past the reader's cursor before it comes back: the seqs it saw were reused.
    writeJobs(restored.db, 'van', 1, 6);
    expect(currentCursor(restored.db)).toBeGreaterThan(reader.cursor);
    expect(lostHistory(restored.db, reader)).toMatch(/past the head \d+ this database had/);
  });
});
