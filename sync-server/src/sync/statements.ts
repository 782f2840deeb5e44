/**
 * Prepared statements of the sync tables, prepared once per database and reused: the apply path
 * runs them for every mutation, and preparing is a large share of a small statement's cost.
 */
import type Database from 'better-sqlite3';
import type { Db } from '../db/connection';

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
