/**
 * The one mutator runner core (docs/sync.md). Every place that runs a named mutator — the
 * server's apply path against SQLite, the device's local store against Dexie, and the in-memory
 * store of tests and simulations — goes through these steps, so all three answer an unknown
 * name, bad arguments and a refusal in the same way:
 *
 * 1. {@link prepareMutation}: the mutator, its parsed arguments and the reads it declares, or
 *    the rejection — `unknown_mutator`, or `invalid_args` naming every bad argument in `fields`
 *    (`issuesToFields`, the same report the API gives for a bad body).
 * 2. The caller loads the rows of each read from its own storage (synchronously or not).
 * 3. {@link applyPrepared}: the mutator's outcome; a refusal about one argument carries it in
 *    `fields` too, so callers read every rejection the same way.
 *
 * {@link runMutation} does the three steps for a storage that reads synchronously. Writing the
 * changes stays with the caller: a SQLite transaction, a Dexie transaction, or a new object.
 */
import type { z } from 'zod';
import { issuesToFields } from '../api/common';
import type {
  MutationContext,
  MutationOutcome,
  MutationRejection,
  Mutator,
  ReadSpec,
  Row,
} from './mutator';
import { getMutator, type MutatorName } from './mutators';
import { MESSAGES } from '../messages';
import {
  canRunMutator,
  canSeeJob,
  mayWriteRow,
  ROLE_REFUSAL,
  roleRefusal,
  type Actor,
  type JobAssignment,
} from '../rules/roles';

/** A mutation whose name and arguments were accepted, ready for its rows. */
export interface PreparedMutation {
  name: MutatorName;
  mutator: Mutator;
  /** The arguments as the mutator's schema parsed them (defaults applied). */
  args: unknown;
  /** The rows the mutator reads, each to be loaded under its `key`. */
  reads: ReadSpec[];
}

/** What a mutator is run with besides its rows. */
export type RunContext = Omit<MutationContext, 'rows'>;

/** The rejection of arguments a mutator's schema refused: every bad argument with its message. */
export function invalidArgsRejection(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): MutationRejection {
  const fields = issuesToFields(issues);
  const [field, message] = Object.entries(fields)[0] ?? ['_', 'Invalid arguments'];
  return { ok: false, code: 'invalid_args', message, field, fields };
}

/** Step 1: the mutator named `name` with its parsed `args`, or why it cannot run. */
export function prepareMutation(
  name: string,
  args: unknown,
): { ok: true; prepared: PreparedMutation } | MutationRejection {
  const mutator = getMutator(name);
  if (!mutator) return { ok: false, code: 'unknown_mutator', message: `Unknown mutation ${name}` };
  const parsed = (mutator.argsSchema as z.ZodType).safeParse(args);
  if (!parsed.success) return invalidArgsRejection(parsed.error.issues);
  return {
    ok: true,
    prepared: {
      name: mutator.name as MutatorName,
      mutator,
      args: parsed.data,
      reads: mutator.reads(parsed.data),
    },
  };
}

const JOB_NOT_VISIBLE: MutationRejection = {
  ok: false,
  code: 'not_found',
  message: MESSAGES.JOB_NOT_FOUND,
  field: 'id',
  fields: { id: MESSAGES.JOB_NOT_FOUND },
};

/**
 * What the actor's role refuses before the mutator runs: a mutator the role may not run
 * (`forbidden`), or a job it reads that the actor cannot see — answered like an unknown job, so
 * a driver learns nothing about another driver's work.
 */
export function refusalByRole(
  actor: Actor,
  prepared: PreparedMutation,
  rows: Record<string, Row[]>,
): MutationRejection | undefined {
  if (!canRunMutator(actor, prepared.name)) {
    return { ok: false, code: 'forbidden', message: roleRefusal(prepared.name) };
  }
  for (const read of prepared.reads) {
    if (read.entity !== 'jobs') continue;
    for (const row of rows[read.key] ?? []) {
      if (!canSeeJob(actor, row as JobAssignment)) return JOB_NOT_VISIBLE;
    }
  }
  return undefined;
}

/** Step 3: runs the prepared mutator on the rows loaded for its reads (by each read's `key`). */
export function applyPrepared(
  prepared: PreparedMutation,
  ctx: RunContext,
  rows: Record<string, Row[]>,
): MutationOutcome {
  if (ctx.actor) {
    const refused = refusalByRole(ctx.actor, prepared, rows);
    if (refused) return refused;
  }
  const outcome = prepared.mutator.apply({ ...ctx, rows }, prepared.args);
  // A driver may take an unassigned job or give theirs back, never hand one to someone else, and
  // never close a defect (rules/roles.ts mayWriteRow).
  const actor = ctx.actor;
  const refusedWrite =
    outcome.ok && actor
      ? outcome.changes.find(
          (change) => change.op === 'put' && !mayWriteRow(actor, change.entity, change.row),
        )
      : undefined;
  if (refusedWrite) {
    const field = refusedWrite.entity === 'jobs' ? 'assignedTo' : 'resolvesDefects';
    return {
      ok: false,
      code: 'forbidden',
      message: ROLE_REFUSAL,
      field,
      fields: { [field]: ROLE_REFUSAL },
    };
  }
  if (outcome.ok || outcome.field === undefined || outcome.fields !== undefined) return outcome;
  return { ...outcome, fields: { [outcome.field]: outcome.message } };
}

/** The three steps for a storage that reads synchronously (`load` answers one read's rows). */
export function runMutation(
  name: string,
  args: unknown,
  ctx: RunContext,
  load: (read: ReadSpec) => Row[],
): MutationOutcome {
  const start = prepareMutation(name, args);
  if (!start.ok) return start;
  const rows: Record<string, Row[]> = {};
  for (const read of start.prepared.reads) rows[read.key] = load(read);
  return applyPrepared(start.prepared, ctx, rows);
}
