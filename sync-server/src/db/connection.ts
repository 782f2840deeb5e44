/**
 * Opens the SQLite database the way every part of the server expects it: WAL journal (readers
 * never block the writer), foreign keys enforced, every commit durable before it is answered,
 * and a busy timeout so a second process (a backup, a CLI) makes us wait instead of failing.
 * The wait only works for transactions that take the write lock up front (`BEGIN IMMEDIATE`,
 * see `atomically` in db/statements.ts); every write transaction in the server does.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { phoneKey } from '@pilbara/shared-schema';

export type Db = Database.Database;

export function openDatabase(file: string): Db {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  // FULL: every commit is on disk before the call returns, so before any answer goes out. A
  // device deletes a mutation from its outbox once the server acknowledges it; under NORMAL a
  // power cut or OS crash can drop the last commits of the WAL, and an acknowledged mutation lost
  // that way would be lost for good (the device no longer has it). The price is one fsync per
  // transaction, and a push batch of up to 500 mutations is one transaction.
  db.pragma('synchronous = FULL');
  // Temporary data in memory: above all the statement journal, where SQLite keeps what a
  // savepoint may have to roll back (sync/apply-mutation.ts: a batch's, and each mutation's when
  // a batch runs again guarded). In a file it is a temporary file's writes; durability is the
  // WAL's and does not change.
  db.pragma('temp_store = MEMORY');
  // digits('0400 000 001') = '0400000001': phone lookups compare numbers, not their spacing.
  db.function('digits', { deterministic: true }, (value: unknown) =>
    typeof value === 'string' ? value.replace(/\D/g, '') : null,
  );
  // phone_key('+61 412 345 678') = '0412345678': customers are matched by their number however
  // it was written (shared-schema rules/customer-match.ts).
  db.function('phone_key', { deterministic: true }, (value: unknown) =>
    typeof value === 'string' ? phoneKey(value) : null,
  );
  return db;
}

const healthQueries = new WeakMap<Db, Database.Statement>();

/** Whether the database answers a query (the health check; prepared once per database). */
export function databaseAnswers(db: Db): boolean {
  let query = healthQueries.get(db);
  if (!query) {
    query = db.prepare('SELECT 1 AS ok');
    healthQueries.set(db, query);
  }
  return query.get() !== undefined;
}

/**
 * Runs `fn` as one write transaction (a savepoint inside an open one): all of its writes or
 * none. Routes call it for a unit of work that spans several repository or apply-path calls, so
 * they never touch the driver themselves. It takes the write lock up front (`BEGIN IMMEDIATE`):
 * a transaction that reads first and upgrades later would fail at once, whatever the busy
 * timeout, while another connection writes.
 */
export function inTransaction<T>(db: Db, fn: () => T): T {
  return db.transaction(fn).immediate();
}
