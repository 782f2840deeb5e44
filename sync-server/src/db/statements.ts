/**
 * Prepared statements of the sync tables, prepared once per database and reused: the apply path
 * runs them for every mutation, and preparing is a large share of a small statement's cost.
 */
import type Database from 'better-sqlite3';
import type { Db } from './connection';

type Statement = Database.Statement<unknown[]>;

const caches = new WeakMap<Db, Map<string, Statement>>();

/** The prepared statement for `sql` on `db`. */
export function statement(db: Db, sql: string): Statement {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  let prepared = cache.get(sql);
  if (!prepared) {
    prepared = db.prepare<unknown[]>(sql);
    cache.set(sql, prepared);
  }
  return prepared;
}

type Atomic = <T>(fn: () => T) => T;
const atomics = new WeakMap<Db, Atomic>();

/**
 * Runs `fn` in a write transaction (`BEGIN IMMEDIATE`), or in a savepoint when one is already
 * open; everything it wrote is undone if it throws. The same as `db.transaction(fn).immediate()`,
 * but the wrapper is made once per database: better-sqlite3 builds four wrapped functions on
 * every `db.transaction` call, which costs more than a small mutation's savepoint.
 *
 * Immediate, because every caller may write after reading: a deferred transaction that reads
 * first and then needs the write lock while another connection holds it fails at once with
 * SQLITE_BUSY (waiting could deadlock), whatever `busy_timeout` says. Taking the lock up front
 * makes it wait its turn instead.
 */
export function atomically<T>(db: Db, fn: () => T): T {
  let run = atomics.get(db);
  if (!run) {
    const wrapped = db.transaction((body: () => unknown) => body());
    run = <R>(body: () => R) => wrapped.immediate(body) as R;
    atomics.set(db, run);
  }
  return run(fn);
}

const readers = new WeakMap<Db, Atomic>();

/**
 * Runs `fn` in a read transaction (a deferred `BEGIN`): everything it reads comes from one
 * state of the database, without taking the write lock. `fn` must not write; callers that may
 * write use {@link atomically}. A page of changes for a known device reads only, and answering
 * 200 devices after each write, the write lock's begin and commit were a large share of a page.
 */
export function consistently<T>(db: Db, fn: () => T): T {
  let run = readers.get(db);
  if (!run) {
    const wrapped = db.transaction((body: () => unknown) => body());
    run = <R>(body: () => R) => wrapped.deferred(body) as R;
    readers.set(db, run);
  }
  return run(fn);
}
