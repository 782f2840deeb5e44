/**
 * The apply path for a REST caller and for the server itself (a card payment's webhook): the
 * same mutators, writes and change log a device's push gets (execute.ts), in one transaction,
 * without a device's seq bookkeeping.
 */
import type { Db } from '../db/connection';
import { writingFor } from '../db/change-log';
import { atomically } from '../db/statements';
import type { NamedMutation } from '@pilbara/shared-schema';
import { executeAtomically, type ExecuteOutcome, type Rejection } from './execute';

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
