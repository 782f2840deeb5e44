/**
 * A write that meets another connection's write lock waits its turn (busy_timeout) instead of
 * failing with "database is locked": every write transaction takes the lock up front
 * (BEGIN IMMEDIATE). The other connection is a worker thread holding a real lock, as a backup
 * tool or a second server process would.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/connection';
import { migrate } from '../../src/db/migrate';
import { reserveSeriesBlock } from '../../src/db/id-series';
import { applyBatch } from '../../src/sync/apply-mutation';
import { changesPage } from '../../src/sync/session';
import { onTestEnd, tempDir } from '../helper';

const NOW = '2026-11-21T10:00:00.000Z';

/** The other connection's state, shared with it: 1 = holds the lock, 2 = committed. */
const LOCK = 0;
/** Set by the test just before it writes; the holder commits 300 ms later. */
const GO = 1;

/**
 * Another connection takes the write lock on `file` and keeps it until 300 ms after `write`
 * has started, so `write` can only succeed by waiting. Returns what `write` returned.
 */
async function whileLocked<T>(
  file: string,
  write: () => T,
  /** 'waits' for a write; 'reads' for a read, which WAL serves while the lock is held. */
  expected: 'waits' | 'reads' = 'waits',
): Promise<T> {
  const shared = new Int32Array(new SharedArrayBuffer(8));
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     const Database = require(workerData.module);
     const shared = workerData.shared;
     const db = new Database(workerData.file);
     db.exec('BEGIN IMMEDIATE');
     db.prepare("INSERT OR REPLACE INTO id_series (series, next) VALUES ('lock-holder', 1)").run();
     Atomics.store(shared, ${LOCK}, 1);
     parentPort.postMessage('locked');
     Atomics.wait(shared, ${GO}, 0);
     Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300);
     Atomics.store(shared, ${LOCK}, 2);
     db.exec('COMMIT');
     db.close();`,
    {
      eval: true,
      workerData: {
        file,
        shared,
        module: createRequire(import.meta.url).resolve('better-sqlite3'),
      },
    },
  );
  onTestEnd(() => worker.terminate());
  await new Promise<void>((resolve, reject) => {
    worker.once('message', () => resolve());
    worker.once('error', reject);
  });
  expect(Atomics.load(shared, LOCK)).toBe(1);
  Atomics.store(shared, GO, 1);
  Atomics.notify(shared, GO);
  const result = write();
  if (expected === 'waits') {
    // The write got through only after the other connection committed: it waited its turn.
    expect(Atomics.load(shared, LOCK), 'it returned while the other connection held the lock').toBe(
      2,
    );
  } else {
    // A read does not wait: WAL serves the last committed state while the other writes.
    expect(Atomics.load(shared, LOCK), 'the read waited for the lock').toBe(1);
  }
  await new Promise((resolve) => worker.once('exit', resolve));
  return result;
}

describe('writes while another connection holds the write lock', () => {
  it('a push, a pull and a lease wait for the lock and succeed', async () => {
    const file = path.join(tempDir(), 'locked.sqlite');
    const db = openDatabase(file);
    onTestEnd(() => db.close());
    migrate(db);
    db.prepare(
      "INSERT INTO users (id, username, password, role, createdAt, updatedAt) VALUES (1, 'admin', 'x', 'admin', ?, ?)",
    ).run(NOW, NOW);
    const ctx = { db, userId: 1, now: () => new Date(NOW) };
    // The connection has read before (its snapshot is older than the lock holder's commit).
    changesPage(ctx, { clientId: 'cab', cursor: 0, ackedSeq: 0 });

    const note = (seq: number) => ({
      seq,
      mutationId: `m-${seq}`,
      name: 'job.create',
      args: {
        id: `JOB-2026-${seq}`,
        updateId: seq,
        customerName: 'Dana Reid',
        phone: '0412345678',
        service: 'Emergency Towing',
        location: 'Karratha',
      },
    });

    const batch = await whileLocked(file, () => applyBatch(db, 'cab', 1, [note(1)], NOW));
    expect(batch).toMatchObject({ results: [{ status: 'applied' }], lastSeq: 1 });
    expect(batch.stopped).toBeUndefined();

    // A new device's first pull records it (a write): it waits.
    const first = await whileLocked(file, () =>
      changesPage(ctx, { clientId: 'new-cab', cursor: 0, ackedSeq: 0 }),
    );
    expect(first.changes.map((c) => c.rowId)).toContain('JOB-2026-1');
    // A known device's pull only reads: answered at once, from the committed state.
    const page = await whileLocked(
      file,
      () => changesPage(ctx, { clientId: 'cab', cursor: 0, ackedSeq: 0 }),
      'reads',
    );
    expect(page.lastSeq).toBe(1);
    expect(page.changes.map((c) => c.rowId)).toContain('JOB-2026-1');

    expect(await whileLocked(file, () => reserveSeriesBlock(db, 'JOB-2026', 50))).toBe(2);
  });
});
