/**
 * How the server knows it lost history that a device saw, so that device resyncs — and only
 * then (docs/sync.md: a device resets its identity only on proof from the server).
 *
 * Every start of the server on a database begins an epoch: a random id, stored in
 * `sync_epochs` with the change log's head at that moment. Every changes page carries the
 * current epoch; a device stores it with its cursor, in the same transaction, and reports both
 * in its hello and pulls. The database has lost history the device saw when
 * - the device's cursor is past the log's head;
 * - the device's epoch is not in this database (the device synced with a run of the server that
 *   started after the backup this database was restored from);
 * - the device's cursor is past the head this database had when the epoch after the device's
 *   began: everything the device saw in its epoch was logged before that next start, so a
 *   cursor beyond it means seqs this database has since given to other changes (a restore
 *   makes `sqlite_sequence` come back with the file, and seqs are reused);
 * - the device has taken in verdicts up to a seq the server has not settled (`sync_clients`).
 * Each compares what the device reports with durable state, so a late, duplicated or reordered
 * message can never make the server claim a loss. The checks run for the hello and for every
 * pull, since the HTTP fallback may pull from a restarted server without a new hello.
 *
 * At start the restore guard (db/restore-guard.ts) moves the id counters past everything handed
 * out before, which also tells whether the database file was replaced by an older copy; then
 * counters pushed past anything ever handed out are brought back (db/counter-repair.ts).
 */
import crypto from 'node:crypto';
import type { Db } from '../db/connection';
import { armRestoreGuard, recordGrant, recordJournal, type GuardCheck } from '../db/restore-guard';
import { repairPushedCounters, type CounterRepair } from '../db/counter-repair';
import { onLeaseGranted } from './leases';
import { currentCursor, onLogged } from '../db/change-log';
import { atomically, statement } from '../db/statements';

/** The epoch of the server run that opened each database connection. */
const epochs = new WeakMap<Db, string>();

/** What starting a run found out about the database. */
export interface TimelineStart {
  epoch: string;
  /** Why the database looks restored from an older backup (null: it does not). */
  restored: string | null;
  /** Id series whose counters moved past numbers handed out before the restore. */
  moved: GuardCheck['moved'];
  /** Counters found pushed past anything ever handed out, and brought back. */
  repaired: CounterRepair[];
}

/**
 * Begins this run's epoch on `db`: arms the restore guard (moving the id counters of a restored
 * database past everything handed out) and records the epoch with the current log head. Call
 * once at start, after migrations, before the server answers anything.
 */
export function startTimeline(db: Db, now: Date = new Date()): TimelineStart {
  const guard = armRestoreGuard(db, now);
  const repaired = repairPushedCounters(db);
  onLeaseGranted(db, (holder, lease, grantedAt) =>
    recordGrant(db, { ...lease, ...holder, grantedAt }),
  );
  const epoch = beginEpoch(db, now);
  // Every logged write from now on is journalled in the guard, in its own transaction.
  onLogged(db, (rows, changeSeq, cause, at) =>
    recordJournal(db, at, epoch, changeSeq, cause, rows),
  );
  return { epoch, restored: guard.restored, moved: guard.moved, repaired };
}

function beginEpoch(db: Db, now: Date): string {
  const epoch = crypto.randomUUID();
  atomically(db, () => {
    statement(db, 'INSERT INTO sync_epochs (epoch, startedAt, headAtStart) VALUES (?, ?, ?)').run(
      epoch,
      now.toISOString(),
      currentCursor(db),
    );
  });
  epochs.set(db, epoch);
  return epoch;
}

/**
 * The epoch of the run serving `db`. A connection nobody started a timeline on (a test driving
 * the session directly) begins one on first use, without the restore guard.
 */
export function currentEpoch(db: Db): string {
  return epochs.get(db) ?? beginEpoch(db, new Date());
}

/** What a device reports about the history it has seen. */
export interface DeviceHistory {
  clientId: string;
  cursor: number;
  ackedSeq: number;
  /** The epoch of the page its cursor came from; absent from older clients. */
  epoch?: string | null | undefined;
}

/**
 * Why the server has lost history `device` saw (it must resync from scratch), or null when it
 * has not. See the module comment for the rules.
 */
export function lostHistory(db: Db, device: DeviceHistory): string | null {
  const head = currentCursor(db);
  if (device.cursor > head) {
    return `the device's cursor ${device.cursor} is past the log's head ${head}`;
  }
  if (device.epoch && device.cursor > 0) {
    const at = statement(db, 'SELECT n FROM sync_epochs WHERE epoch = ?').get(device.epoch) as
      { n: number } | undefined;
    if (!at) return `the device synced in epoch ${device.epoch}, which this database never had`;
    const next = statement(
      db,
      'SELECT headAtStart FROM sync_epochs WHERE n > ? ORDER BY n LIMIT 1',
    ).get(at.n) as { headAtStart: number } | undefined;
    if (next && device.cursor > next.headAtStart) {
      return `the device's cursor ${device.cursor} is past the head ${next.headAtStart} this database had when epoch ${device.epoch} ended`;
    }
  }
  const client = statement(db, 'SELECT lastSeq FROM sync_clients WHERE clientId = ?').get(
    device.clientId,
  ) as { lastSeq: number } | undefined;
  const settled = client?.lastSeq ?? 0;
  if (device.ackedSeq > settled) {
    return `the device took in verdicts up to seq ${device.ackedSeq}, the server has settled only up to ${settled}`;
  }
  return null;
}
