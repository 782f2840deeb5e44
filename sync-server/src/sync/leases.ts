/**
 * Id leases (DESIGN.md §4): a device gets a block of numbers of an id series, so every id it
 * mints offline — a job id read out to a customer, a vehicle id a fuel record refers to — is
 * final from the start. Blocks come from the same counters the server mints from, so a leased
 * number is never handed out twice.
 */
import type { Db } from '../db/connection';
import { reserveSeriesBlock } from '../db/id-series';
import type { IdSeries } from '@pilbara/shared-schema';
import { statement } from './statements';

/** Default block size: a busy day of one device's writes in a series. */
export const DEFAULT_LEASE_SIZE = 50;

/** A block of numbers `start` to `end` (inclusive) of `series`, owned by one device. */
export interface Lease {
  series: IdSeries;
  start: number;
  end: number;
}

/** Reserves a block of `size` numbers of `series` for `clientId` and records the lease. */
export function grantLease(
  db: Db,
  clientId: string,
  series: IdSeries,
  size = DEFAULT_LEASE_SIZE,
  now = new Date().toISOString(),
): Lease {
  return db.transaction((): Lease => {
    const start = reserveSeriesBlock(db, series, size);
    const end = start + size - 1;
    statement(
      db,
      'INSERT INTO id_leases (clientId, series, start, "end", createdAt) VALUES (?, ?, ?, ?, ?)',
    ).run(clientId, series, start, end, now);
    return { series, start, end };
  })();
}
