/**
 * Id leases (docs/sync.md): a device gets a block of numbers of an id series, so every id it
 * mints offline — a job id read out to a customer, a vehicle id a fuel record refers to — is
 * final from the start. Blocks come from the same counters the server mints from, so a leased
 * number is never handed out twice.
 */
import type { Db } from '../db/connection';
import { advanceSeriesPast, reserveSeriesBlock } from '../db/id-series';
import type { IdSeries } from '@pilbara/shared-schema';
import { statement } from '../db/statements';

/** Default block size: a busy day of one device's writes in a series. */
const DEFAULT_LEASE_SIZE = 50;

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
  return db
    .transaction((): Lease => {
      const start = reserveSeriesBlock(db, series, size);
      const end = start + size - 1;
      statement(
        db,
        'INSERT INTO id_leases (clientId, series, start, "end", createdAt) VALUES (?, ?, ?, ?, ?)',
      ).run(clientId, series, start, end, now);
      return { series, start, end };
    })
    .immediate();
}

/**
 * Takes in the blocks a device says it holds (its hello). A server restored from an older
 * backup has forgotten some of them: its counters move past them and the leases are recorded
 * again under this device, so no number a device holds is handed to anyone else. Blocks the
 * server still knows change nothing. Returns how many blocks had been forgotten.
 */
export function honourHeldLeases(
  db: Db,
  clientId: string,
  leases: readonly Lease[],
  now = new Date().toISOString(),
): number {
  if (leases.length === 0) return 0;
  return db
    .transaction((): number => {
      let forgotten = 0;
      for (const lease of leases) {
        if (!advanceSeriesPast(db, lease.series, lease.end)) continue;
        forgotten += 1;
        statement(
          db,
          'INSERT OR IGNORE INTO id_leases (clientId, series, start, "end", createdAt) VALUES (?, ?, ?, ?, ?)',
        ).run(clientId, lease.series, lease.start, lease.end, now);
      }
      return forgotten;
    })
    .immediate();
}
