/**
 * What the demo loader's parts share: the database, the clock the demo is dated from, and the
 * two drivers (the co-owners) its jobs and fuel fills name.
 */
import type { SyncedTable } from '@pilbara/shared-schema';
import type { Db } from '../connection';
import { putLogged } from '../change-log';

export const HOUR = 60 * 60 * 1000;
export const DAY = 24 * HOUR;

export interface DemoContext {
  db: Db;
  now: Date;
  /** The driver accounts' full names, first the one `driver1` names. */
  drivers: readonly [string, string];
  /** The ISO time `offsetMs` from now. */
  at(offsetMs: number): string;
  /** The date (YYYY-MM-DD) `offsetMs` from now. */
  dateOnly(offsetMs: number): string;
  /** Writes a synced row with its change-log entry, as every write is (change-log.ts). */
  put<T = Record<string, unknown>>(
    database: Db,
    table: SyncedTable,
    row: Record<string, unknown> & { id: string | number },
  ): T;
}

export function demoContext(db: Db, now: Date, drivers: readonly [string, string]): DemoContext {
  const at = (offsetMs: number) => new Date(now.getTime() + offsetMs).toISOString();
  const nowIso = now.toISOString();
  return {
    db,
    now,
    drivers,
    at,
    dateOnly: (offsetMs) => at(offsetMs).slice(0, 10),
    put: (database, table, row) => putLogged(database, table, row, nowIso),
  };
}

/** A person's first name (a fuel fill or a trip names its driver so). */
export function firstName(name: string): string {
  return name.split(' ')[0] ?? name;
}
