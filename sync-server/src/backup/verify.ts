/**
 * Copies and checks databases off the event loop, in a worker thread with its own
 * connections, so the server keeps answering meanwhile:
 * - the copy is SQLite's online backup (better-sqlite3's `backup()`, a thousand pages a step)
 *   from a connection that holds one read transaction for the whole copy: in WAL mode the
 *   server's writes go on beside it and the copy is the database as it stood when that
 *   transaction began — consistent, never restarted by those writes. (Done on the server's own
 *   connection instead, each step's disk writes would run on the event loop, and a large copy
 *   would hold `/api/health` up while the kernel throttled the writes.)
 * - `PRAGMA integrity_check` reads every page of the copy (seconds of a core for the scale
 *   database), then the copy is hashed.
 *
 * The worker's code is plain JavaScript given as text (`eval`), so it runs the same under tsx,
 * vitest and a build, and loads the better-sqlite3 this package resolves.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

const require = createRequire(import.meta.url);

const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const crypto = require('node:crypto');
const fs = require('node:fs');
const Database = require(workerData.sqlite);
// The lowest CPU priority for this thread only (Linux sets nice per thread): on a busy machine
// the server's own thread is scheduled first, and the copy waits.
try { require('node:os').setPriority(19); } catch {}
async function main() {
for (const file of workerData.files) {
  if (!file.from) continue;
  const source = new Database(file.from, { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    source.exec('BEGIN');
    source.prepare('SELECT count(*) FROM sqlite_master').get();
    await source.backup(file.path, { progress: () => 1000 });
    source.exec('COMMIT');
  } finally {
    source.close();
  }
}
const answers = [];
for (const file of workerData.files) {
  const db = new Database(file.path, { fileMustExist: true });
  try {
    // One self-contained file: a restore copies it as it is, with no -wal beside it.
    db.pragma('journal_mode = DELETE');
    const problems = db.pragma('integrity_check').map((row) => row.integrity_check).filter((text) => text !== 'ok');
    const query = file.query ? db.prepare(file.query).all() : null;
    answers.push({ problems, query });
  } finally {
    db.close();
  }
}
const hashes = [];
for (const file of workerData.files) {
  const hash = crypto.createHash('sha256');
  const fd = fs.openSync(file.path, 'r');
  const chunk = Buffer.alloc(1 << 20);
  let bytes = 0;
  for (;;) {
    const read = fs.readSync(fd, chunk, 0, chunk.length, null);
    if (read === 0) break;
    hash.update(chunk.subarray(0, read));
    bytes += read;
  }
  fs.closeSync(fd);
  hashes.push({ sha256: hash.digest('hex'), bytes });
}
parentPort.postMessage(answers.map((answer, i) => ({ ...answer, ...hashes[i] })));
}
main().catch((error) => parentPort.postMessage({ error: String(error && error.message || error) }));
`;

/** What the check found of one database copy. */
export interface CopyCheck {
  /** integrity_check's findings; empty when the copy is sound. */
  problems: string[];
  /** The rows of the copy's `query`, when one was asked. */
  query: Record<string, unknown>[] | null;
  sha256: string;
  bytes: number;
}

/**
 * In a worker thread: copies each `from` database into `path` (online backup, one read
 * snapshot), then checks each file at `path` (switching it to a rollback journal first, so it is
 * one file), runs its `query`, and hashes it.
 */
export function checkCopies(
  files: readonly { path: string; from?: string; query?: string }[],
): Promise<CopyCheck[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, {
      eval: true,
      workerData: { sqlite: require.resolve('better-sqlite3'), files },
    });
    worker.once('message', (answers: CopyCheck[] | { error: string }) => {
      if (Array.isArray(answers)) resolve(answers);
      else reject(new Error(answers.error));
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`The check of the copy stopped with code ${code}`));
    });
  });
}
