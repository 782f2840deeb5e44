/**
 * Id leases (docs/sync.md): a device gets a block of numbers of an id series, so every id it
 * mints offline — a job id read out to a customer, a vehicle id a fuel record refers to — is
 * final from the start. Blocks come from the same counters the server mints from, so a leased
 * number is never handed out twice.
 *
 * Blocks are the server's word. Each grant is recorded with the device's client id, its user
 * and role (and, through the restore guard, beside the database, so a restore does not forget
 * it). A device may hold only blocks granted to its own client id, of series its role mints
 * (shared-schema rules/id-leases.ts); a hello claiming any other block is told so, and never
 * moves a counter: a stolen or faulty phone cannot use a series up by saying it holds numbers.
 */
import type { Db } from '../db/connection';
import { reserveSeriesBlock } from '../db/id-series';
import {
  LEASE_GRANTS_PER_DAY,
  mayLeaseSeries,
  type HeldLease,
  type IdSeries,
  type Role,
} from '@pilbara/shared-schema';
import { statement } from '../db/statements';

/** Default block size: a busy day of one device's writes in a series. */
const DEFAULT_LEASE_SIZE = 50;

/** A block of numbers `start` to `end` (inclusive) of `series`, owned by one device. */
export interface Lease {
  series: IdSeries;
  start: number;
  end: number;
}

/** Who a block goes to. */
export interface LeaseHolder {
  clientId: string;
  userId: number;
  role: Role;
}

/** A lease request the server will not grant; the device is told why, the session goes on. */
export class LeaseRefusedError extends Error {
  override name = 'LeaseRefusedError';
  constructor(
    message: string,
    /** Whether asking again later may succeed (a daily cap), or never (the role). */
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

type GrantListener = (holder: LeaseHolder, lease: Lease, now: string) => void;
const grantListeners = new WeakMap<Db, GrantListener>();

/**
 * Calls `listener` inside the transaction of every grant (the restore guard keeps a copy of the
 * record beside the database, so a restored one still knows which device holds which block).
 */
export function onLeaseGranted(db: Db, listener: GrantListener): void {
  grantListeners.set(db, listener);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Reserves a block of `size` numbers of `series` for the holder's device and records the grant.
 * Refuses ({@link LeaseRefusedError}) a series the holder's role does not mint, and more than
 * `perDay` (LEASE_GRANTS_PER_DAY unless the deployment sets it) blocks of one series to one user
 * in a day.
 */
export function grantLease(
  db: Db,
  holder: LeaseHolder,
  series: IdSeries,
  size = DEFAULT_LEASE_SIZE,
  now = new Date().toISOString(),
  { perDay = LEASE_GRANTS_PER_DAY }: { perDay?: number | undefined } = {},
): Lease {
  if (!mayLeaseSeries(holder.role, series)) {
    throw new LeaseRefusedError(`A ${holder.role} account does not hold ids of ${series}`, false);
  }
  return db
    .transaction((): Lease => {
      const since = new Date(new Date(now).getTime() - DAY_MS).toISOString();
      const recent = statement(
        db,
        'SELECT count(*) AS n FROM id_leases WHERE userId = ? AND series = ? AND createdAt >= ?',
      ).get(holder.userId, series, since) as { n: number };
      if (recent.n >= perDay) {
        throw new LeaseRefusedError(
          `${perDay} blocks of ${series} in a day is the most a device is granted`,
          true,
        );
      }
      const start = reserveSeriesBlock(db, series, size);
      const end = start + size - 1;
      statement(
        db,
        `INSERT INTO id_leases (clientId, series, start, "end", createdAt, origin, userId, role)
           VALUES (?, ?, ?, ?, ?, 'granted', ?, ?)`,
      ).run(holder.clientId, series, start, end, now, holder.userId, holder.role);
      const lease = { series, start, end };
      grantListeners.get(db)?.(holder, lease, now);
      return lease;
    })
    .immediate();
}

/**
 * The blocks of a hello that are not the device's: not granted to this client id (a block
 * exactly as granted), or of a series the role does not mint. Reads only: a claim never moves a
 * counter or records anything.
 */
export function refusedHeldLeases(
  db: Db,
  clientId: string,
  role: Role,
  leases: readonly HeldLease[],
): HeldLease[] {
  const granted = statement(
    db,
    'SELECT 1 FROM id_leases WHERE series = ? AND start = ? AND "end" = ? AND clientId = ?',
  );
  return leases.filter(
    (lease) =>
      !mayLeaseSeries(role, lease.series) ||
      !granted.get(lease.series, lease.start, lease.end, clientId),
  );
}
