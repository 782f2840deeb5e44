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
import type { Db } from '../db/connection';
import { atomically, statement } from '../db/statements';

/** How many log entries one compaction step examines (keeps each write lock a few ms long). */
const COMPACTION_WINDOW = 2000;

/** The pause between the steps of one compaction pass over the log. */
const COMPACTION_STEP_MS = 250;

/** The pause between two passes: a pass starts every ten minutes once the last one finished. */
const COMPACTION_INTERVAL_MS = 10 * 60_000;

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
 * The compaction step's delete: the entries in a seq range that a newer entry of the same row,
 * already read by every log reader, supersedes. A range of the primary key, each entry one probe
 * of the (entity, rowId, seq) index.
 */
export const COMPACTION_SQL = `DELETE FROM changes WHERE seq IN (
   SELECT c.seq FROM changes AS c
   WHERE c.seq > ? AND c.seq <= ? AND EXISTS (
     SELECT 1 FROM changes AS newer
     WHERE newer.entity = c.entity AND newer.rowId = c.rowId
       AND newer.seq > c.seq AND newer.seq <= ?
   )
 )`;

/** What one bounded compaction step did, and where the next one starts (null: pass done). */
export interface CompactionStep {
  deleted: number;
  next: number | null;
}

/**
 * One bounded step of a compaction pass: examines at most `window` log entries after `from`
 * and deletes those superseded (see {@link COMPACTION_SQL}), in one short write transaction.
 * Deleting never changes a seq, the head of the log, or what any pull answers.
 */
export function compactChangeLogStep(
  db: Db,
  from: number,
  window = COMPACTION_WINDOW,
): CompactionStep {
  return atomically(db, () => {
    const upTo = readersDoneThrough(db);
    const edge = statement(
      db,
      'SELECT seq FROM changes WHERE seq > ? ORDER BY seq LIMIT 1 OFFSET ?',
    ).get(from, window - 1) as { seq: number } | undefined;
    const to = Math.min(edge?.seq ?? upTo, upTo);
    if (to <= from) return { deleted: 0, next: null };
    const { changes } = statement(db, COMPACTION_SQL).run(from, to, upTo);
    return { deleted: changes, next: to >= upTo ? null : to };
  });
}

/**
 * A whole compaction pass at once, in steps of `window`; returns how many entries went. For
 * tests and tools: the running server spreads its passes over time ({@link logCompaction}).
 */
export function compactChangeLog(db: Db, window = COMPACTION_WINDOW): number {
  let deleted = 0;
  let from: number | null = 0;
  while (from !== null) {
    const step = compactChangeLogStep(db, from, window);
    deleted += step.deleted;
    from = step.next;
  }
  return deleted;
}

/** How long a verdict the device has taken in is kept as a record. */
const VERDICT_RETENTION_DAYS = 30;

/**
 * Drops the verdict rows of `clientId`'s mutations below `ackedSeq` (the device has taken them
 * in and will not resend them) that are older than {@link VERDICT_RETENTION_DAYS} days at `now`,
 * keeping each one's mutationId and outcome in `settled_mutations`. Returns how many went.
 */
/** Whether {@link pruneMutationResults} would drop anything (a read, so a page can skip writing). */
export function hasPrunableResults(db: Db, clientId: string, ackedSeq: number, now: Date): boolean {
  if (ackedSeq <= 1) return false;
  const before = new Date(now.getTime() - VERDICT_RETENTION_DAYS * 86_400_000).toISOString();
  return (
    statement(
      db,
      'SELECT 1 FROM mutation_results WHERE clientId = ? AND seq < ? AND createdAt < ? LIMIT 1',
    ).get(clientId, ackedSeq, before) !== undefined
  );
}

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

/** How a running server paces its compaction (defaults above; tests shorten them). */
export interface CompactionPacing {
  intervalMs?: number;
  stepMs?: number;
  window?: number;
}

/** Where a running compaction reports what it did. */
interface CompactionLog {
  info(details: Record<string, unknown>, message: string): void;
  warn(details: Record<string, unknown>, message: string): void;
}

/** A running compaction, started and stopped with the server. */
interface LogCompaction {
  start(): void;
  stop(): void;
}

/**
 * Compacts the log while the server runs: a pass walks the log in bounded steps
 * ({@link compactChangeLogStep}), one every `stepMs`, so no step holds the event loop or the
 * write lock for more than a few milliseconds; the next pass starts `intervalMs` after one ends.
 * Nothing runs before `start`: the first step comes `stepMs` after it.
 */
export function logCompaction(
  db: Db,
  log: CompactionLog,
  pacing: CompactionPacing = {},
): LogCompaction {
  const intervalMs = pacing.intervalMs ?? COMPACTION_INTERVAL_MS;
  const stepMs = pacing.stepMs ?? COMPACTION_STEP_MS;
  const window = pacing.window ?? COMPACTION_WINDOW;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  let from = 0;
  let passDeleted = 0;
  const schedule = (ms: number) => {
    if (closed) return;
    timer = setTimeout(run, ms);
    timer.unref();
  };
  const run = () => {
    try {
      const step = compactChangeLogStep(db, from, window);
      passDeleted += step.deleted;
      if (step.next !== null) {
        from = step.next;
        schedule(stepMs);
        return;
      }
      if (passDeleted > 0) log.info({ deleted: passDeleted }, 'change log compacted');
    } catch (error) {
      // A busy database or a full disk: the log just stays longer; the next pass tries again.
      log.warn({ err: error }, 'change log compaction failed');
    }
    from = 0;
    passDeleted = 0;
    schedule(intervalMs);
  };
  return {
    start: () => schedule(stepMs),
    stop: () => {
      closed = true;
      clearTimeout(timer);
    },
  };
}
