/**
 * A device's pushes applied (docs/sync.md): one mutation, one batch, or a group of batches
 * in one commit, each with the device's exactly-once bookkeeping (device-batch.ts) in the same
 * SQLite transaction as the mutations' writes. A thrown error that is not the mutation's fault
 * (disk, busy database, a bug) rolls everything back and is rethrown: `lastSeq` stays, and the
 * device sends the mutation again later.
 */
import type { Db } from '../db/connection';
import { atomically } from '../db/statements';
import type { MutationResult } from '@pilbara/shared-schema';
import {
  DeviceBatch,
  SeqMismatchError,
  type ApplyResult,
  type ClientMutation,
} from './device-batch';
import { ClientOwnershipError } from './verdicts';

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
  /**
   * Each result's `result` as the JSON text stored with its verdict (null: none; undefined: not
   * at hand), by index, for an answer encoded without encoding each result again.
   */
  resultJson: (string | null | undefined)[];
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
 * a long push, and mutations almost never fail half-way (a mutator refuses before it
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
    const resultJson: (string | null | undefined)[] = [];
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
      resultJson.push(applied.resultJson);
      if (!applied.replayed) changed = true;
    }
    const lastSeq = device.finish();
    const batch: BatchResult = { results, resultJson, lastSeq, changed };
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
