/**
 * The server's one write path for staff (DESIGN.md §5), shared by the sync protocol and the REST
 * API: load the rows a named mutator reads, run it, write its row changes and log them, all in
 * one SQLite transaction.
 *
 * For a device (`applyMutation`) the transaction also keeps the device's exactly-once
 * bookkeeping, keyed two ways (DESIGN.md §11):
 * - by (clientId, seq): a seq at or below `lastSeq` answers the stored result without running
 *   anything, a seq past `lastSeq + 1` is a gap and stops, and a rejection (a business rule) is
 *   stored and still advances `lastSeq`, so one bad mutation never wedges the queue;
 * - by mutationId: a mutation settled before, under any client id or seq (a device that reset its
 *   identity, two identities of one outbox), is answered with its stored verdict and never run
 *   again; `mutation_results.mutationId` is unique, and `settled_mutations` keeps the id once
 *   retention drops the verdict row.
 * A stored verdict is only ever returned for the mutation it belongs to: a different mutationId
 * under a settled seq is refused with {@link SeqMismatchError}, never acknowledged.
 * A thrown error that is not the mutation's fault (disk, busy database, a bug) rolls everything
 * back and is rethrown: `lastSeq` stays, and the device sends the mutation again later.
 */
import type { Db } from '../db/connection';
import { findRows, getRow } from '../db/rows';
import { actorForUser } from '../db/repositories/users';
import { currentCursor, writeChanges, writingFor } from '../db/change-log';
import { RecoveryWait, mayWaitForRecovery, recoveryHolds } from './recovery';
import { MESSAGES } from '@pilbara/shared-schema';
import {
  applyPrepared,
  boundOccurredAt,
  isNumberedTable,
  prepareMutation,
  rowKey,
} from '@pilbara/shared-schema';
import type {
  Actor,
  MutationRejection,
  MutationResult,
  NamedMutation,
  Row,
  RowChange,
  RunContext,
} from '@pilbara/shared-schema';
import { atomically, statement } from '../db/statements';
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

/** Thrown when a client id is already bound to another user. */
export class ClientOwnershipError extends Error {
  override name = 'ClientOwnershipError';
}

/**
 * Thrown when a device sends a mutation under a seq it already used for a different one (two
 * browsers sharing one client id, say). Answering the seq's stored verdict would acknowledge a
 * mutation that was never applied, so the batch stops there and the device is told.
 */
export class SeqMismatchError extends Error {
  override name = 'SeqMismatchError';
  constructor(
    readonly clientId: string,
    readonly seq: number,
    readonly mutationId: string,
    /** The mutation settled under that seq; null when only its seq is still known. */
    readonly settledMutationId: string | null,
  ) {
    super(
      settledMutationId === null
        ? `Seq ${seq} of this device was settled for another mutation, not ${mutationId}`
        : `Seq ${seq} of this device was settled for mutation ${settledMutationId}, not ${mutationId}`,
    );
  }
}

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
type RowCache = Map<string, Row | null>;

/** The server acting for itself (a card payment's webhook): every mutator is its to run. */
const SERVER_ACTOR: Actor = { role: 'admin', name: 'server' };
/** An account that is gone or deactivated: it may run nothing. */
const NOBODY: Actor = { role: 'customer', name: '' };

/**
 * Who runs a mutation, for the role rules the runner enforces (rules/roles.ts): a user id is
 * that account's role, read at the moment of the apply (so a role change or a deactivation
 * takes effect on the next mutation, even inside a batch); a name is the server itself.
 */
function actorOf(db: Db, userId: number | string): Actor {
  if (typeof userId === 'string') return SERVER_ACTOR;
  return actorForUser(db, userId) ?? NOBODY;
}

/**
 * Runs one named mutator against the database through the shared runner core and writes its
 * changes. Must be called inside a transaction; a rejection writes nothing.
 */
function execute(
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
  if (deviceTime !== undefined) ctx.occurredAt = boundOccurredAt(deviceTime, now);
  const outcome = applyPrepared(start.prepared, ctx, rows);
  if (!outcome.ok) return namedByNumber(db, outcome);
  // A photo, signature or defect photo may name only a file its sender uploaded or may see
  // (issue 25): a known hash alone must never make someone else's bytes theirs.
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
 * job) names it by its document number, the one people know (issue 28); the mutator only had
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
 * Runs `execute` in its own savepoint, turning constraint failures into rejections: a failure
 * undoes this mutation's half-done writes only.
 */
function executeAtomically(
  db: Db,
  name: string,
  args: unknown,
  userId: number | string,
  now: string,
  cache?: RowCache,
  deviceTime?: string,
  actor?: Actor,
): ExecuteOutcome {
  try {
    return atomically(db, () => execute(db, name, args, userId, now, cache, deviceTime, actor));
  } catch (error) {
    const rejection = rejectionFromError(error);
    if (rejection) return rejection;
    throw error;
  }
}

/**
 * Applies a mutation for a REST caller: the same mutator, the same writes and change log, in
 * one transaction, without a device's seq bookkeeping.
 */
export function applyServerMutation(
  db: Db,
  name: string,
  args: unknown,
  userId: number | string,
  now: string,
): ExecuteOutcome {
  return writingFor(db, callerCause(name, userId), () =>
    atomically(db, () => executeAtomically(db, name, args, userId, now)),
  );
}

/** Whose a REST caller's writes are, for the restore guard's journal. */
function callerCause(name: string, userId: number | string) {
  return typeof userId === 'number'
    ? { origin: 'rest' as const, name, userId }
    : { origin: 'server' as const, name };
}

class RollBack extends Error {
  constructor(readonly rejection: Rejection) {
    super(rejection.message);
  }
}

/**
 * Applies several mutations for a REST caller as one unit: all of them, or — at the first
 * rejection — none. `build` runs inside the transaction, so ids it mints for the mutations are
 * given back when one is rejected. Returns the last mutation's outcome, or the rejection.
 */
export function applyServerMutations(
  db: Db,
  build: () => readonly NamedMutation[],
  userId: number | string,
  now: string,
): ExecuteOutcome {
  try {
    return db
      .transaction((): ExecuteOutcome => {
        let last: ExecuteOutcome = { ok: false, code: 'invalid_args', message: 'Nothing to apply' };
        for (const mutation of build()) {
          last = writingFor(db, callerCause(mutation.name, userId), () =>
            executeAtomically(db, mutation.name, mutation.args, userId, now),
          );
          if (!last.ok) throw new RollBack(last);
        }
        return last;
      })
      .immediate();
  } catch (error) {
    if (error instanceof RollBack) return error.rejection;
    throw error;
  }
}

/** One mutation a device pushed. */
export interface ClientMutation {
  clientId: string;
  seq: number;
  mutationId: string;
  name: string;
  args: unknown;
  userId: number;
  /** When the device made it (its clock); bounded into the mutation's business time. */
  createdAt?: string;
}

/** What happened to a pushed mutation; `replayed` means nothing was run or written for it now. */
export type ApplyResult =
  | { status: 'settled'; result: MutationResult; replayed: boolean }
  | { status: 'gap'; lastSeq: number };

interface ResultRow {
  seq: number;
  mutationId: string;
  status: 'applied' | 'rejected';
  code: string | null;
  message: string | null;
  result: string | null;
}

function toMutationResult(row: ResultRow): MutationResult {
  const result: MutationResult = {
    seq: row.seq,
    mutationId: row.mutationId,
    status: row.status,
    code: row.code,
    message: row.message,
  };
  if (row.result !== null) result.result = JSON.parse(row.result) as unknown;
  return result;
}

/**
 * The device's row, created on first contact. A client id belongs to the user who first used
 * it; another user presenting it is refused, so nobody can read or settle someone else's queue.
 */
export function ensureClient(
  db: Db,
  clientId: string,
  userId: number,
  now: string,
): { lastSeq: number } {
  const existing = statement(db, 'SELECT userId, lastSeq FROM sync_clients WHERE clientId = ?').get(
    clientId,
  ) as { userId: number; lastSeq: number } | undefined;
  if (existing) {
    if (existing.userId !== userId)
      throw new ClientOwnershipError('This client id belongs to another user');
    return { lastSeq: existing.lastSeq };
  }
  statement(
    db,
    'INSERT INTO sync_clients (clientId, userId, lastSeq, createdAt, updatedAt) VALUES (?, ?, 0, ?, ?)',
  ).run(clientId, userId, now, now);
  return { lastSeq: 0 };
}

/** The stored verdict on a device's mutation. */
function storedResult(db: Db, clientId: string, seq: number): MutationResult | undefined {
  const row = statement(
    db,
    'SELECT seq, mutationId, status, code, message, result FROM mutation_results WHERE clientId = ? AND seq = ?',
  ).get(clientId, seq) as ResultRow | undefined;
  return row ? toMutationResult(row) : undefined;
}

/** A verdict found by its mutationId: a verdict row, or the compact record retention keeps. */
interface KnownVerdict {
  /** Set when a `mutation_results` row holds it (null: only `settled_mutations` does). */
  at: { clientId: string; seq: number } | null;
  name: string | null;
  status: 'applied' | 'rejected';
  code: string | null;
  message: string | null;
  /** The result as stored (JSON text). */
  result: string | null;
  changeSeq: number;
}

/** The verdict on `mutationId`, wherever and under whichever client id and seq it was settled. */
function knownVerdict(db: Db, mutationId: string): KnownVerdict | undefined {
  const row = statement(
    db,
    `SELECT clientId, seq, name, status, code, message, result, changeSeq FROM mutation_results
       WHERE mutationId = ?`,
  ).get(mutationId) as
    (ResultRow & { clientId: string; name: string; changeSeq: number }) | undefined;
  if (row) {
    const { clientId, seq, ...verdict } = row;
    return { ...verdict, at: { clientId, seq } };
  }
  const compact = statement(
    db,
    'SELECT status, code FROM settled_mutations WHERE mutationId = ?',
  ).get(mutationId) as { status: 'applied' | 'rejected'; code: string | null } | undefined;
  if (!compact) return undefined;
  return { ...compact, at: null, name: null, message: null, result: null, changeSeq: 0 };
}

/** Mutation ids whose stored verdicts one query reads (far below SQLite's variable limit). */
const PREFETCH_CHUNK = 500;

/** {@link knownVerdict} for several mutationIds in two queries; ids without a verdict are absent. */
function knownVerdicts(db: Db, mutationIds: readonly string[]): Map<string, KnownVerdict> {
  const found = new Map<string, KnownVerdict>();
  if (mutationIds.length === 0) return found;
  // One statement whatever the count: the ids go in as one JSON array.
  const ids = JSON.stringify(mutationIds);
  const rows = statement(
    db,
    `SELECT clientId, seq, mutationId, name, status, code, message, result, changeSeq
       FROM mutation_results WHERE mutationId IN (SELECT value FROM json_each(?))`,
  ).all(ids) as (ResultRow & { clientId: string; name: string; changeSeq: number })[];
  for (const { clientId, seq, mutationId, ...verdict } of rows) {
    found.set(mutationId, { ...verdict, at: { clientId, seq } });
  }
  if (found.size === mutationIds.length) return found;
  const compact = statement(
    db,
    'SELECT mutationId, status, code FROM settled_mutations WHERE mutationId IN (SELECT value FROM json_each(?))',
  ).all(ids) as {
    mutationId: string;
    status: 'applied' | 'rejected';
    code: string | null;
  }[];
  for (const { mutationId, status, code } of compact) {
    if (found.has(mutationId)) continue;
    found.set(mutationId, {
      status,
      code,
      at: null,
      name: null,
      message: null,
      result: null,
      changeSeq: 0,
    });
  }
  return found;
}

/** `verdict` as the answer to `mutation` (its seq). */
function answerWith(
  verdict: Pick<KnownVerdict, 'status' | 'code' | 'message' | 'result'>,
  mutation: { seq: number; mutationId: string },
): MutationResult {
  return toMutationResult({ ...verdict, seq: mutation.seq, mutationId: mutation.mutationId });
}

/** A settled mutation's `mutation_results` row, written when its batch finishes. */
interface PendingResult {
  seq: number;
  mutationId: string;
  name: string;
  status: 'applied' | 'rejected';
  code: string | null;
  message: string | null;
  /** The result as stored (JSON text). */
  result: string | null;
  changeSeq: number;
}

const RESULT_COLUMNS =
  '(clientId, seq, mutationId, name, status, code, message, result, changeSeq, createdAt)';
/** Rows per multi-row insert of results: a full batch of 500 is five statement runs. */
const RESULT_CHUNK = 100;
const insertResultsSql = (rows: number) =>
  `INSERT INTO mutation_results ${RESULT_COLUMNS} VALUES ${Array.from(
    { length: rows },
    () => '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  ).join(', ')}`;

/**
 * The exactly-once bookkeeping of one device inside ONE transaction the caller holds: the
 * device's row and `lastSeq` are read once, each mutation runs in its own savepoint, and the
 * verdicts and the new `lastSeq` are written together by {@link finish}. Everything in here is
 * in the caller's transaction, so a result row is committed if and only if the mutation's writes
 * are, and a rolled-back transaction forgets both.
 */
class DeviceBatch {
  private lastSeq: number;
  /** The change log head; read lazily, then advanced by each applied mutation. */
  private cursor: number | undefined;
  /** Verdicts settled in this batch and not yet written, by seq (a duplicate may ask again). */
  private readonly settled = new Map<number, MutationResult>();
  /** Verdicts settled in this batch and not yet written, by mutationId, in the order settled. */
  private readonly pending = new Map<string, PendingResult>();
  private readonly rows: RowCache = new Map();
  /**
   * Stored verdicts of the mutationIds the batch carries, read in one query before it runs
   * ({@link prefetch}); an id listed here with no verdict has none. Valid for the whole batch:
   * it runs in one write transaction, and the only verdict rows it changes are its own, which
   * {@link pending} answers first.
   */
  private readonly stored = new Map<string, KnownVerdict | null>();
  /**
   * Who runs the batch's mutations (their role, for the runner's rules), read once: the batch is
   * one write transaction in which nothing can change an account (mutators write synced tables
   * only, and accounts are not synced), so it is the role at the moment of every apply in it.
   */
  private readonly actor: Actor;

  constructor(
    private readonly db: Db,
    private readonly clientId: string,
    private readonly userId: number,
    private readonly now: string,
    /**
     * Whether each mutation runs in a savepoint of its own (see {@link applyBatch}); a single
     * mutation always does.
     */
    private readonly guarded = true,
  ) {
    this.lastSeq = ensureClient(db, clientId, userId, now).lastSeq;
    this.actor = actorOf(db, userId);
  }

  /** Reads the stored verdicts of `mutationIds` at once (see {@link stored}). */
  prefetch(mutationIds: readonly string[]): void {
    for (let at = 0; at < mutationIds.length; at += PREFETCH_CHUNK) {
      const ids = mutationIds.slice(at, at + PREFETCH_CHUNK);
      for (const id of ids) this.stored.set(id, null);
      for (const [id, verdict] of knownVerdicts(this.db, ids)) this.stored.set(id, verdict);
    }
  }

  /** A verdict settled in this batch (not yet written) or stored, by mutationId. */
  private known(mutationId: string): KnownVerdict | undefined {
    const here = this.pending.get(mutationId);
    if (here) return { ...here, at: { clientId: this.clientId, seq: here.seq } };
    const stored = this.stored.get(mutationId);
    if (stored !== undefined) return stored ?? undefined;
    return knownVerdict(this.db, mutationId);
  }

  /**
   * Settles the next seq, answers a settled one, or reports a gap. Throws on a transient failure,
   * with the mutation's savepoint rolled back and nothing of it recorded here, and
   * {@link SeqMismatchError} for a different mutation under a settled seq.
   */
  apply(mutation: Omit<ClientMutation, 'clientId' | 'userId'>): ApplyResult {
    if (mutation.seq <= this.lastSeq) {
      const stored =
        this.settled.get(mutation.seq) ?? storedResult(this.db, this.clientId, mutation.seq);
      if (stored) {
        if (stored.mutationId !== mutation.mutationId) {
          throw new SeqMismatchError(
            this.clientId,
            mutation.seq,
            mutation.mutationId,
            stored.mutationId,
          );
        }
        return { status: 'settled', result: stored, replayed: true };
      }
      // The seq's row is gone (retention dropped it once the device took the verdict in, or the
      // verdict moved to a later seq): only the mutationId can say this is the settled mutation.
      const known = this.known(mutation.mutationId);
      if (!known) {
        throw new SeqMismatchError(this.clientId, mutation.seq, mutation.mutationId, null);
      }
      return { status: 'settled', result: answerWith(known, mutation), replayed: true };
    }
    if (mutation.seq > this.lastSeq + 1) return { status: 'gap', lastSeq: this.lastSeq };
    const known = this.known(mutation.mutationId);
    if (known) return this.adopt(mutation, known);
    const cause = {
      origin: 'device' as const,
      mutationId: mutation.mutationId,
      name: mutation.name,
      userId: this.userId,
      clientId: this.clientId,
    };
    const run = this.guarded ? executeAtomically : execute;
    const outcome = writingFor(this.db, cause, () =>
      run(
        this.db,
        mutation.name,
        mutation.args,
        this.userId,
        this.now,
        this.rows,
        mutation.createdAt,
        this.actor,
      ),
    );
    // After a restore, a change that fails for want of a record another device has yet to send
    // back waits (the batch stops as for a transient failure, and the device sends it again
    // later) instead of being refused for good (sync/recovery.ts).
    if (!outcome.ok && mayWaitForRecovery(outcome.code) && recoveryHolds(this.db, this.now)) {
      throw new RecoveryWait(mutation.mutationId, outcome.message);
    }
    let result: MutationResult;
    let stored: string | null;
    if (outcome.ok) {
      this.cursor = outcome.cursor;
      const value = outcome.result ?? null;
      stored = JSON.stringify(value);
      result = {
        seq: mutation.seq,
        mutationId: mutation.mutationId,
        status: 'applied',
        code: null,
        message: null,
        result: value,
      };
    } else {
      // The field a refusal is about and the record standing in its place (a losing approval's
      // winner) travel with the verdict, so the device can name and link it.
      const detail: { field?: string; related?: Rejection['related'] } = {};
      if (outcome.field !== undefined) detail.field = outcome.field;
      if (outcome.related !== undefined) detail.related = outcome.related;
      stored = Object.keys(detail).length === 0 ? null : JSON.stringify(detail);
      result = {
        seq: mutation.seq,
        mutationId: mutation.mutationId,
        status: 'rejected',
        code: outcome.code,
        message: outcome.message,
      };
      if (stored !== null) result.result = detail;
    }
    this.cursor ??= currentCursor(this.db);
    this.pending.set(mutation.mutationId, {
      seq: mutation.seq,
      mutationId: mutation.mutationId,
      name: mutation.name,
      status: result.status,
      code: result.code,
      message: result.message,
      result: stored,
      changeSeq: this.cursor,
    });
    this.settled.set(mutation.seq, result);
    this.lastSeq = mutation.seq;
    return { status: 'settled', result, replayed: false };
  }

  /**
   * Settles the next seq with the verdict `known` of the same mutation settled before under
   * another client id or seq, running nothing. The verdict row moves to this (clientId, seq), so
   * this device's pages report it and a resend of this seq finds it; its change position becomes
   * at least the log head, so a page never reports it settled ahead of this device's earlier
   * seqs.
   */
  private adopt(
    mutation: Omit<ClientMutation, 'clientId' | 'userId'>,
    known: KnownVerdict,
  ): ApplyResult {
    // Moved to the end: the verdicts are written in the order they were settled.
    if (!this.pending.delete(mutation.mutationId) && known.at) {
      statement(this.db, 'DELETE FROM mutation_results WHERE mutationId = ?').run(
        mutation.mutationId,
      );
      this.stored.set(mutation.mutationId, null);
    }
    this.cursor ??= currentCursor(this.db);
    this.pending.set(mutation.mutationId, {
      seq: mutation.seq,
      mutationId: mutation.mutationId,
      name: known.name ?? mutation.name,
      status: known.status,
      code: known.code,
      message: known.message,
      result: known.result,
      changeSeq: Math.max(known.changeSeq, this.cursor),
    });
    const result = answerWith(known, mutation);
    this.settled.set(mutation.seq, result);
    this.lastSeq = mutation.seq;
    return { status: 'settled', result, replayed: true };
  }

  /** Writes the batch's verdicts and the device's new lastSeq; returns that lastSeq. */
  finish(): number {
    if (this.pending.size === 0) return this.lastSeq;
    const { db, clientId, now } = this;
    const pending = [...this.pending.values()];
    const params = (row: PendingResult) => [
      clientId,
      row.seq,
      row.mutationId,
      row.name,
      row.status,
      row.code,
      row.message,
      row.result,
      row.changeSeq,
      now,
    ];
    let at = 0;
    if (pending.length >= RESULT_CHUNK) {
      const chunk = statement(db, insertResultsSql(RESULT_CHUNK));
      for (; at + RESULT_CHUNK <= pending.length; at += RESULT_CHUNK)
        chunk.run(pending.slice(at, at + RESULT_CHUNK).flatMap(params));
    }
    const one = statement(db, insertResultsSql(1));
    for (; at < pending.length; at++) one.run(params(pending[at] as PendingResult));
    statement(db, 'UPDATE sync_clients SET lastSeq = ?, updatedAt = ? WHERE clientId = ?').run(
      this.lastSeq,
      now,
      clientId,
    );
    this.pending.clear();
    return this.lastSeq;
  }
}

/**
 * Applies one pushed mutation exactly once, in one transaction (a savepoint when the caller
 * already holds one). Throws on a transient failure, with nothing written, and
 * {@link SeqMismatchError} for a different mutation under a settled seq.
 */
export function applyMutation(db: Db, mutation: ClientMutation, now: string): ApplyResult {
  return atomically(db, (): ApplyResult => {
    const device = new DeviceBatch(db, mutation.clientId, mutation.userId, now);
    const applied = device.apply(mutation);
    device.finish();
    return applied;
  });
}

/** The answer to a pushed batch. */
export interface BatchResult {
  results: MutationResult[];
  lastSeq: number;
  stopped?: 'gap' | 'transient';
  /** Set when the batch stopped at a different mutation under a settled seq. */
  mismatch?: SeqMismatchError;
  /** Whether anything new was written (so connected devices should be poked). */
  changed: boolean;
}

/** Thrown out of an unguarded run of a batch to undo it and run it again guarded. */
class RunGuarded extends Error {
  constructor(readonly failure: unknown) {
    super('a mutation of the batch failed; the batch runs again, each in its own savepoint');
  }
}

/**
 * Applies a batch in seq order inside ONE transaction (the fast path for a long outbox): the
 * device's row is read once, and the verdicts and lastSeq are written once at the end. Stops at
 * a gap, at the first transient failure, or at a different mutation under a settled seq; what
 * was settled before it is committed.
 *
 * A failing mutation must leave nothing half-written while the ones before it stand, which a
 * savepoint per mutation gives; but a savepoint per mutation was a fifth of the server's time in
 * a long push (issue 30), and mutations almost never fail half-way (a mutator refuses before it
 * writes). So the batch runs first without them, in its own savepoint; if anything in it throws,
 * that whole run is undone and the batch runs again from the start with a savepoint per
 * mutation, exactly as before. Both runs see the same database and clock, so the verdicts are
 * the same; only the guarded run's are ever committed after a failure.
 */
export function applyBatch(
  db: Db,
  clientId: string,
  userId: number,
  mutations: readonly Omit<ClientMutation, 'clientId' | 'userId'>[],
  now: string,
): BatchResult {
  try {
    return runBatch(db, clientId, userId, mutations, now, false);
  } catch (error) {
    if (!(error instanceof RunGuarded)) throw error;
    return runBatch(db, clientId, userId, mutations, now, true);
  }
}

function runBatch(
  db: Db,
  clientId: string,
  userId: number,
  mutations: readonly Omit<ClientMutation, 'clientId' | 'userId'>[],
  now: string,
  guarded: boolean,
): BatchResult {
  return atomically(db, (): BatchResult => {
    const device = new DeviceBatch(db, clientId, userId, now, guarded);
    const results: MutationResult[] = [];
    let changed = false;
    let stopped: BatchResult['stopped'];
    let mismatch: SeqMismatchError | undefined;
    const sorted = [...mutations].sort((a, b) => a.seq - b.seq);
    device.prefetch(sorted.map((mutation) => mutation.mutationId));
    for (const mutation of sorted) {
      let applied: ApplyResult;
      try {
        applied = device.apply(mutation);
      } catch (error) {
        if (error instanceof SeqMismatchError) {
          mismatch = error;
          break;
        }
        // SQLite may have rolled the whole transaction back (a full disk, say): then nothing
        // of the batch is left to commit, and the verdicts must not be written on their own.
        if (!db.inTransaction) throw error;
        // Unguarded, the failing mutation may have written half of its changes: undo the run.
        if (!guarded) throw new RunGuarded(error);
        stopped = 'transient';
        break;
      }
      if (applied.status === 'gap') {
        stopped = 'gap';
        break;
      }
      results.push(applied.result);
      if (!applied.replayed) changed = true;
    }
    const lastSeq = device.finish();
    const batch: BatchResult = { results, lastSeq, changed };
    if (stopped) batch.stopped = stopped;
    if (mismatch) batch.mismatch = mismatch;
    return batch;
  });
}

/** One device's pushed batch, for {@link applyBatches}. */
export interface PushedBatch {
  clientId: string;
  mutations: readonly Omit<ClientMutation, 'clientId' | 'userId'>[];
}

/**
 * Group commit: several pushed batches — those a socket received while an earlier one was being
 * applied — in ONE transaction, so they cost one commit (one fsync) instead of one each. Each
 * batch runs as {@link applyBatch} does (in its own savepoint, in the order received) and gets
 * its own answer; a batch for a client id of another user is refused alone. The verdicts of every
 * batch commit with the group or not at all, and no answer is sent before the commit, so what is
 * acknowledged is on disk exactly as with one batch per transaction.
 */
export function applyBatches(
  db: Db,
  userId: number,
  batches: readonly PushedBatch[],
  now: string,
): (BatchResult | ClientOwnershipError)[] {
  return atomically(db, () =>
    batches.map((batch) => {
      try {
        return applyBatch(db, batch.clientId, userId, batch.mutations, now);
      } catch (error) {
        if (error instanceof ClientOwnershipError) return error;
        throw error;
      }
    }),
  );
}

/**
 * The client's settled seq as far as the changes up to `cursor` cover it, and the results after
 * `ackedSeq` up to there.
 */
export function settledThrough(
  db: Db,
  clientId: string,
  cursor: number,
  ackedSeq: number,
): { lastSeq: number; results: MutationResult[] } {
  const row = statement(
    db,
    'SELECT max(seq) AS seq FROM mutation_results WHERE clientId = ? AND changeSeq <= ?',
  ).get(clientId, cursor) as { seq: number | null };
  const lastSeq = row.seq ?? 0;
  const results = (
    statement(
      db,
      `SELECT seq, mutationId, status, code, message, result FROM mutation_results
         WHERE clientId = ? AND seq > ? AND seq <= ? ORDER BY seq LIMIT 1000`,
    ).all(clientId, ackedSeq, lastSeq) as ResultRow[]
  ).map(toMutationResult);
  return { lastSeq, results };
}
