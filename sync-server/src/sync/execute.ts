/**
 * Running one named mutator against the database (docs/sync.md): load the rows it reads, run it
 * through the shared runner core, refuse a file reference its sender may not make, write its row
 * changes and log them. Every write path calls this: a REST caller (server-apply.ts) and a
 * device's batch (device-batch.ts). The caller holds the transaction.
 */
import type { Db } from '../db/connection';
import { findRows, getRow } from '../db/rows';
import { actorForUser } from '../db/repositories/users';
import { writeChanges } from '../db/change-log';
import { atomically } from '../db/statements';
import {
  MESSAGES,
  applyPrepared,
  boundOccurredAt,
  isNumberedTable,
  prepareMutation,
  rowKey,
} from '@pilbara/shared-schema';
import type { Actor, MutationRejection, Row, RowChange, RunContext } from '@pilbara/shared-schema';
import { refusedFileReference } from './file-references';

/**
 * A mutation that was refused for good, with what the caller shows: the runner core's rejection
 * (shared-schema sync/runner.ts), `fields` naming every bad argument.
 */
export type Rejection = MutationRejection;

/** A mutation that was applied. */
interface Applied {
  ok: true;
  result: unknown;
  changes: RowChange[];
  /** The change log position after this mutation. */
  cursor: number;
}

export type ExecuteOutcome = Applied | Rejection;

/**
 * A SQLite constraint failure is the mutation's fault and would fail again on every retry, so
 * it is a permanent rejection; anything else is transient and rethrown.
 */
const PERMANENT_SQLITE_CODES = new Set([
  'SQLITE_CONSTRAINT_UNIQUE',
  'SQLITE_CONSTRAINT_PRIMARYKEY',
  'SQLITE_CONSTRAINT_FOREIGNKEY',
  'SQLITE_CONSTRAINT_NOTNULL',
  'SQLITE_CONSTRAINT_CHECK',
]);

function rejectionFromError(error: unknown): Rejection | undefined {
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string' || !PERMANENT_SQLITE_CODES.has(code)) return undefined;
  const text = error instanceof Error ? error.message : String(error);
  if (/vehicles\.(registration|vin)/.test(text)) {
    return {
      ok: false,
      code: 'conflict',
      message: MESSAGES.REGISTRATION_EXISTS,
      field: 'registration',
    };
  }
  if (code === 'SQLITE_CONSTRAINT_FOREIGNKEY') {
    return {
      ok: false,
      code: 'invalid_state',
      message: 'The record refers to something that does not exist',
    };
  }
  return { ok: false, code: 'conflict', message: `duplicate key or invalid value (${text})` };
}

/**
 * Rows a batch's mutators read by id, by {@link rowKey}, `null` for a row that does not exist:
 * a long outbox of fuel records reads the same vehicle for every record. Valid only inside one
 * transaction in which every write to a synced table goes through `execute` (nothing else
 * writes there: no triggers, no cascading foreign keys), which drops the rows it writes. A
 * rolled-back savepoint needs no clean-up: its mutation read before it wrote, so what it cached
 * is what the rollback restores. Mutators never modify the rows they are given (they are pure),
 * so one decoded row can serve several mutations.
 */
export type RowCache = Map<string, Row | null>;

/** The server acting for itself (a card payment's webhook): every mutator is its to run. */
const SERVER_ACTOR: Actor = { role: 'admin', id: null, name: 'server' };
/** An account that is gone or deactivated: it may run nothing. */
const NOBODY: Actor = { role: 'customer', id: null, name: '' };

/**
 * Who runs a mutation, for the role rules the runner enforces (rules/roles.ts): a user id is
 * that account's role, read at the moment of the apply (so a role change or a deactivation
 * takes effect on the next mutation, even inside a batch); a name is the server itself.
 */
export function actorOf(db: Db, userId: number | string): Actor {
  if (typeof userId === 'string') return SERVER_ACTOR;
  return actorForUser(db, userId) ?? NOBODY;
}

/**
 * {@link boundOccurredAt} of the last device time and server clock asked, kept: a batch's
 * mutations share the server's clock and a queue made in one sitting often the device's time, and
 * the bound (two dates parsed, one formatted) was a visible share of a long push. The rule is a
 * pure function of the two strings, so the kept answer is the rule's answer.
 */
let lastBound: { deviceTime: string; now: string; at: string } | undefined;
function occurredAtOf(deviceTime: string, now: string): string {
  if (lastBound?.deviceTime !== deviceTime || lastBound.now !== now) {
    lastBound = { deviceTime, now, at: boundOccurredAt(deviceTime, now) };
  }
  return lastBound.at;
}

/**
 * Runs one named mutator against the database through the shared runner core and writes its
 * changes. Must be called inside a transaction; a rejection writes nothing.
 */
export function execute(
  db: Db,
  name: string,
  rawArgs: unknown,
  userId: number | string,
  now: string,
  cache?: RowCache,
  deviceTime?: string,
  actor?: Actor,
): ExecuteOutcome {
  const start = prepareMutation(name, rawArgs);
  if (!start.ok) return start;
  const rows: Record<string, Row[]> = {};
  for (const read of start.prepared.reads) {
    if ('id' in read) {
      const key = rowKey(read.entity, read.id);
      let row = cache?.get(key);
      if (row === undefined) {
        row = getRow<Row>(db, read.entity, read.id) ?? null;
        cache?.set(key, row);
      }
      rows[read.key] = row ? [row] : [];
    } else {
      rows[read.key] = findRows(db, read.entity, read.where) as Row[];
    }
  }
  const ctx: RunContext = { now, userId, actor: actor ?? actorOf(db, userId) };
  // A device's mutation happened when its clock says, within bounds (rules/occurred.ts).
  if (deviceTime !== undefined) ctx.occurredAt = occurredAtOf(deviceTime, now);
  const outcome = applyPrepared(start.prepared, ctx, rows);
  if (!outcome.ok) return namedByNumber(db, outcome);
  // A photo, signature or defect photo may name only a file its sender uploaded or may see:
  // a known hash alone must never make someone else's bytes theirs.
  const refusedFile = refusedFileReference(
    db,
    ctx.actor ?? NOBODY,
    userId,
    outcome.changes,
    (entity, id) => getRow<Row>(db, entity, id),
  );
  if (refusedFile) return refusedFile;
  // Dropped before writing: a write that fails half-way leaves nothing stale behind either.
  if (cache) for (const change of outcome.changes) cache.delete(rowKey(change.entity, change.id));
  const cursor = writeChanges(db, outcome.changes, now);
  return { ok: true, result: outcome.result ?? null, changes: outcome.changes, cursor };
}

/**
 * A refusal that names the record standing in place of the refused one (a losing approval's
 * job) names it by its document number, the one people know; the mutator only had
 * its key.
 */
function namedByNumber(db: Db, rejection: Rejection): Rejection {
  const related = rejection.related;
  if (!related || !isNumberedTable(related.entity)) return rejection;
  const row = getRow<{ id: string; number?: string | null }>(db, related.entity, related.id);
  const number = row?.number;
  const key = String(related.id);
  if (!number || number === key) return rejection;
  const rename = (text: string) => text.split(key).join(number);
  return {
    ...rejection,
    message: rename(rejection.message),
    ...(rejection.fields
      ? {
          fields: Object.fromEntries(
            Object.entries(rejection.fields).map(([field, text]) => [field, rename(text)]),
          ),
        }
      : {}),
  };
}

/**
 * Runs `execute` (with the same arguments) in its own savepoint, turning constraint failures into
 * rejections: a failure undoes this mutation's half-done writes only.
 */
export function executeAtomically(...call: Parameters<typeof execute>): ExecuteOutcome {
  const [db] = call;
  try {
    return atomically(db, () => execute(...call));
  } catch (error) {
    const rejection = rejectionFromError(error);
    if (rejection) return rejection;
    throw error;
  }
}
