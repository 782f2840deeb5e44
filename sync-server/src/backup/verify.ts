/**
 * Checks a database copy off the event loop (issue 32): `PRAGMA integrity_check` reads every
 * page of the file, seconds of a core for the scale database, so it runs in a worker thread with
 * its own connection, as does the hash of the copy. The server keeps answering meanwhile.
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
 * Checks each SQLite copy (switching it to a rollback journal first, so it is one file), runs
 * its `query`, and hashes it; in a worker thread.
 */
export function checkCopies(files: readonly { path: string; query?: string }[]): Promise<CopyCheck[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, {
      eval: true,
      workerData: { sqlite: require.resolve('better-sqlite3'), files },
    });
    worker.once('message', (answers: CopyCheck[]) => resolve(answers));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`The check of the copy stopped with code ${code}`));
    });
  });
}
