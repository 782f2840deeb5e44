/**
 * The exactly-once bookkeeping of one device's pushed mutations (docs/sync.md), keyed two ways:
 * - by (clientId, seq): a seq at or below `lastSeq` answers the stored result without running
 *   anything, a seq past `lastSeq + 1` is a gap and stops, and a rejection (a business rule) is
 *   stored and still advances `lastSeq`, so one bad mutation never wedges the queue;
 * - by mutationId: a mutation settled before, under any client id or seq (a device that reset its
 *   identity, two identities of one outbox), is answered with its stored verdict and never run
 *   again; `mutation_results.mutationId` is unique, and `settled_mutations` keeps the id once
 *   retention drops the verdict row.
 * A stored verdict is only ever returned for the mutation it belongs to: a different mutationId
 * under a settled seq is refused with {@link SeqMismatchError}, never acknowledged.
 */
import type { Db } from '../db/connection';
import { currentCursor, writingFor } from '../db/change-log';
import type { Actor, MutationResult } from '@pilbara/shared-schema';
import { RecoveryWait, mayWaitForRecovery, recoveryHolds } from './recovery';
import { actorOf, execute, executeAtomically, type Rejection, type RowCache } from './execute';
import {
  answerWith,
  dropVerdict,
  ensureClient,
  knownVerdict,
  knownVerdicts,
  storedResult,
  writeVerdicts,
  type KnownVerdict,
  type PendingResult,
} from './verdicts';

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
  | {
      status: 'settled';
      result: MutationResult;
      replayed: boolean;
      /**
       * `result.result` as the JSON text stored with the verdict (null: it has none), when the
       * verdict was settled now: the answer places it as it is instead of encoding it again.
       */
      resultJson?: string | null;
    }
  | { status: 'gap'; lastSeq: number };

/** Mutation ids whose stored verdicts one query reads (far below SQLite's variable limit). */
const PREFETCH_CHUNK = 500;

/**
 * The exactly-once bookkeeping of one device inside ONE transaction the caller holds: the
 * device's row and `lastSeq` are read once, each mutation runs in its own savepoint when the
 * batch is guarded, and the verdicts and the new `lastSeq` are written together by
 * {@link finish}. Everything in here is in the caller's transaction, so a result row is committed if and only if the mutation's writes
 * are, and a rolled-back transaction forgets both.
 */
export class DeviceBatch {
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
    return { status: 'settled', result, replayed: false, resultJson: stored };
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
      dropVerdict(this.db, mutation.mutationId);
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
    writeVerdicts(this.db, this.clientId, [...this.pending.values()], this.lastSeq, this.now);
    this.pending.clear();
    return this.lastSeq;
  }
}
