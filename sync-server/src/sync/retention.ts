/**
 * Keeps the sync bookkeeping from growing without end on a server that runs for years.
 *
 * - The change log keeps every version of every row, but a pull only ever sends the newest
 *   version of a row (change-log.ts). An older version can go once a newer one of the same row
 *   has been read by every log reader (`log_cursors`, the notifier): the notifier compares a
 *   job's change with the one before it, so the version just before anything unread stays.
 *   Deleting never changes a seq, the head of the log, or what any pull answers.
 * - A device's stored mutation verdicts exist to answer a resend. A device resends a mutation
 *   only while it is in its outbox, and it deletes the outbox row in the same transaction that
 *   takes the verdict in; once it says it has taken in the verdicts up to `ackedSeq` (a pull),
 *   it can never send those mutations again, under this client id or any later one. The full
 *   verdict rows below `ackedSeq` are kept {@link VERDICT_RETENTION_DAYS} days all the same, as a
 *   record of which device sent what, then go; the verdict at `ackedSeq` itself always stays (a
 *   pull page reports the highest settled seq at or below its cursor from it). Verdicts a device
 *   has not taken in are never dropped, however long it stays away.
 * - What a dropped verdict leaves behind is its mutationId and outcome (`settled_mutations`,
 *   about 60 bytes each), kept for good: a mutation is applied at most once by its mutationId
 *   even if something (a device restored from its own backup, a bug) ever sent it again.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/connection';
import { atomically, statement } from './statements';

/** How many superseded log entries one compaction step deletes (keeps each write lock short). */
export const COMPACTION_BATCH = 5000;

/** How often a running server compacts the log: four times a day. */
export const COMPACTION_INTERVAL_MS = 6 * 3600_000;

/** The log position every log reader has reached; the head when there is no reader. */
function readersDoneThrough(db: Db): number {
  const row = statement(
    db,
    `SELECT coalesce((SELECT min(cursor) FROM log_cursors),
                     (SELECT max(seq) FROM changes), 0) AS upTo`,
  ).get() as { upTo: number };
  return row.upTo;
}

/**
 * Deletes log entries that a newer entry of the same row, already read by every log reader,
 * supersedes. Runs in steps of {@link COMPACTION_BATCH}; returns how many entries went.
 */
export function compactChangeLog(db: Db, batch = COMPACTION_BATCH): number {
  const step = statement(
    db,
    `DELETE FROM changes WHERE seq IN (
       SELECT c.seq FROM changes AS c
       WHERE EXISTS (
         SELECT 1 FROM changes AS newer
         WHERE newer.entity = c.entity AND newer.rowId = c.rowId
           AND newer.seq > c.seq AND newer.seq <= ?
       )
       LIMIT ?
     )`,
  );
  let deleted = 0;
  for (;;) {
    const upTo = readersDoneThrough(db);
    const { changes } = step.run(upTo, batch);
    deleted += changes;
    if (changes < batch) return deleted;
  }
}

/** How long a verdict the device has taken in is kept as a record. */
export const VERDICT_RETENTION_DAYS = 30;

/**
 * Drops the verdict rows of `clientId`'s mutations below `ackedSeq` (the device has taken them
 * in and will not resend them) that are older than {@link VERDICT_RETENTION_DAYS} days at `now`,
 * keeping each one's mutationId and outcome in `settled_mutations`. Returns how many went.
 */
export function pruneMutationResults(
  db: Db,
  clientId: string,
  ackedSeq: number,
  now: Date,
): number {
  if (ackedSeq <= 1) return 0;
  const before = new Date(now.getTime() - VERDICT_RETENTION_DAYS * 86_400_000).toISOString();
  return atomically(db, () => {
    statement(
      db,
      `INSERT OR IGNORE INTO settled_mutations (mutationId, status, code, settledAt)
         SELECT mutationId, status, code, createdAt FROM mutation_results
         WHERE clientId = ? AND seq < ? AND createdAt < ?`,
    ).run(clientId, ackedSeq, before);
    return statement(
      db,
      'DELETE FROM mutation_results WHERE clientId = ? AND seq < ? AND createdAt < ?',
    ).run(clientId, ackedSeq, before).changes;
  });
}

/** Compacts the log now and every {@link COMPACTION_INTERVAL_MS} until the app closes. */
export function startLogCompaction(
  app: FastifyInstance,
  intervalMs = COMPACTION_INTERVAL_MS,
): void {
  const run = () => {
    try {
      const deleted = compactChangeLog(app.db);
      if (deleted > 0) app.log.info({ deleted }, 'change log compacted');
    } catch (error) {
      // A busy database or a full disk: the log just stays longer; the next run tries again.
      app.log.warn({ err: error }, 'change log compaction failed');
    }
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  app.addHook('onReady', run);
  app.addHook('preClose', () => clearInterval(timer));
}
