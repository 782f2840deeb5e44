/**
 * After a restore: what the server lost, what devices gave back, and whether a
 * device's change should wait for another device's.
 *
 * The restore guard's journal (db/restore-guard.ts) has an entry for every logged write, with
 * the epoch and change-log position it was written at. An entry is in the database when its
 * epoch is and its position is not past the head that epoch ended at (the rule of
 * sync/timeline.ts): the restored copy has everything up to its backup and nothing after. Of the
 * entries it lacks, a device's mutation is *given back* once the device sends it again (its
 * mutationId is settled here); the website's and the server's own writes (a booking, a card
 * payment, an upload) are back when their rows are. Everything else is listed for staff.
 *
 * Devices send back in whatever order they come online, so a change may arrive before the
 * record it needs (an edit of a job another phone created). While a restore is open and changes
 * the journal expects are still out (or, without a journal, until staff stop it), such a change
 * waits: the device keeps it and sends it again, instead of it being refused for good. The wait
 * ends by itself after {@link RECOVERY_WAIT_HOURS}.
 */
import {
  RECOVERY_WAIT_HOURS,
  recordLabel,
  type MissingChange,
  type RecoveryReport,
} from '@pilbara/shared-schema';
import type { Db } from '../db/connection';
import {
  closeRestore,
  latestRestore,
  restoreBefore,
  type RestoreRecord,
} from '../db/restore-guard';
import { statement } from '../db/statements';

/** Thrown by the apply path to make a device's change wait (a transient stop of its batch). */
export class RecoveryWait extends Error {
  override name = 'RecoveryWait';
  constructor(
    readonly mutationId: string,
    reason: string,
  ) {
    super(`Waiting for other devices after the restore: ${reason}`);
  }
}

/** Refusals another device's change can cure (a record not there yet, a step not taken yet). */
export function mayWaitForRecovery(code: string): boolean {
  return code === 'not_found' || code === 'invalid_state';
}

function isOpen(restore: RestoreRecord, now: string): boolean {
  if (restore.closedAt) return false;
  const ends = new Date(restore.restoredAt).getTime() + RECOVERY_WAIT_HOURS * 3_600_000;
  return new Date(now).getTime() < ends;
}

/** The journal's entries the database lacks, in the latest restore's range. */
const LOST_SQL = `
  SELECT j.n, j.at, j.origin, j.mutationId, j.name, j.userId, j.rows,
    coalesce(r.status, s.status) AS settled, r.message AS refusal
  FROM guard.journal AS j
    LEFT JOIN mutation_results AS r ON r.mutationId = j.mutationId
    LEFT JOIN settled_mutations AS s ON s.mutationId = j.mutationId
  WHERE j.n > ? AND j.n <= ?
    AND NOT EXISTS (
      SELECT 1 FROM sync_epochs AS e
      WHERE e.epoch = j.epoch AND j.changeSeq <= coalesce(
        (SELECT x.headAtStart FROM sync_epochs AS x WHERE x.n > e.n ORDER BY x.n LIMIT 1),
        9223372036854775807))
  ORDER BY j.n`;

interface LostRow {
  n: number;
  at: string;
  origin: 'device' | 'rest' | 'server';
  mutationId: string | null;
  name: string | null;
  userId: number | null;
  rows: string;
  settled: 'applied' | 'rejected' | null;
  refusal: string | null;
}

function lostEntries(db: Db, restore: RestoreRecord): LostRow[] {
  const from = restoreBefore(db, restore.n)?.journalUpTo ?? 0;
  return statement(db, LOST_SQL).all(from, restore.journalUpTo) as LostRow[];
}

function rowsOf(entry: LostRow): [string, string | number, string][] {
  return JSON.parse(entry.rows) as [string, string | number, string][];
}

/** Whether a server write's rows are as it left them: its puts exist, its deletes do not. */
function rowsBack(db: Db, entry: LostRow): boolean {
  return rowsOf(entry).every(([entity, rowId, op]) => {
    const exists =
      statement(db, `SELECT 1 FROM "${entity.replace(/"/g, '')}" WHERE id = ?`).get(rowId) !==
      undefined;
    return op === 'put' ? exists : !exists;
  });
}

type Verdict = 'back' | 'awaited' | 'lost';

function verdictOf(db: Db, entry: LostRow): Verdict {
  if (entry.origin === 'device') {
    if (entry.settled === 'applied') return 'back';
    return entry.settled === 'rejected' ? 'lost' : 'awaited';
  }
  if (entry.origin === 'server' && rowsBack(db, entry)) return 'back';
  return 'lost';
}

/**
 * Whether a device's change refused now should wait for other devices instead: a restore is
 * open and the server still expects changes back (or cannot tell, its journal lost).
 */
export function recoveryHolds(db: Db, now: string): boolean {
  const restore = latestRestore(db);
  if (!restore || !isOpen(restore, now)) return false;
  if (!restore.journalComplete) return true;
  return lostEntries(db, restore).some((entry) => verdictOf(db, entry) === 'awaited');
}

function userName(db: Db, userId: number | null): string {
  if (userId === null) return 'staff';
  const user = statement(db, 'SELECT username, firstName, lastName FROM users WHERE id = ?').get(
    userId,
  ) as { username: string; firstName: string | null; lastName: string | null } | undefined;
  if (!user) return 'a staff member no longer on file';
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return name || user.username;
}

function describe(db: Db, entry: LostRow): MissingChange {
  const [first] = rowsOf(entry);
  const what = first ? `${recordLabel(first[0])} ${String(first[1])}` : 'A record';
  let how: string;
  if (entry.origin === 'device') {
    how =
      entry.settled === 'rejected'
        ? `sent back by a device but refused: ${entry.refusal ?? 'the server refused it'}`
        : `saved on a phone or tablet by ${userName(db, entry.userId)}; no device has sent it back`;
  } else if (entry.origin === 'rest') {
    how = `saved through the API by ${userName(db, entry.userId)}`;
  } else if (first?.[0] === 'bookings') {
    how = 'booked on the website';
  } else if (first?.[0] === 'payments') {
    how = 'recorded from a card payment';
  } else {
    how = 'written by the server';
  }
  if (first?.[2] === 'delete') how = `deleted, ${how}`;
  return { at: entry.at, what, how };
}

/** What the latest restore brought back and what it could not; null when there was none. */
export function recoveryReport(db: Db, now: string): RecoveryReport | null {
  const restore = latestRestore(db);
  if (!restore) return null;
  const entries = lostEntries(db, restore);
  const verdicts = entries.map((entry) => verdictOf(db, entry));
  const open = isOpen(restore, now);
  return {
    restoredAt: restore.restoredAt,
    backupTakenAt: restore.backupTakenAt,
    journalComplete: restore.journalComplete,
    waiting: open && (!restore.journalComplete || verdicts.includes('awaited')),
    gaveBack: entries.filter((entry, i) => verdicts[i] === 'back' && entry.origin === 'device')
      .length,
    missing: entries.filter((_, i) => verdicts[i] !== 'back').map((entry) => describe(db, entry)),
  };
}

/** Staff stop the wait: changes that cannot be applied are refused from now on. */
export function stopRecoveryWait(db: Db, now: string): void {
  const restore = latestRestore(db);
  if (restore) closeRestore(db, restore.n, now);
}
