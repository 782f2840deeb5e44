/** Small pieces the mutators share: id argument schemas and the job history row. */
import { z } from 'zod';
import type { MutationContext, RowChange } from '../mutator';
import { creditDecisionNote } from '../../rules/accounts';
import { put } from '../mutator';
import { PROVISIONAL_MARK } from '../../constants/ids';

/**
 * A text id such as `JOB-2026-P123` (a leased key) or `JOB-2026-123` (a key from before document
 * numbers were separate); the prefix is checked by each mutator's schema.
 */
export function textIdSchema(prefix: string) {
  return z
    .string()
    .max(40)
    .regex(new RegExp(`^${prefix}-\\d{4}-${PROVISIONAL_MARK}?[1-9]\\d{0,8}$`), {
      error: `Expected an id like ${prefix}-2026-P123`,
    });
}

/**
 * The record as the device last saw it, sent with an edit so the server can tell what changed
 * on either side since (rules/merge.ts). Its fields are only compared, never stored.
 */
export const baseRowSchema = z.record(z.string(), z.unknown());

/** An integer row id drawn from an id lease. */
export const leasedIdSchema = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

/** The history row of a job (`job_updates`), written with every status change. */
export function jobUpdate(
  id: number,
  jobId: string,
  status: string,
  message: string,
  createdAt: string,
): RowChange {
  return put('job_updates', { id, jobId, status, message, createdAt });
}

/**
 * The owner's decision to go ahead with work for an account on credit hold, as the approving
 * device saw the hold: the hold in words, and the owner's reason when they gave one.
 */
export const creditDecisionSchema = z.object({
  hold: z.string().trim().min(1).max(500),
  reason: z
    .string()
    .max(500)
    .nullish()
    .transform((value) => value?.trim() || null),
});

/** The note a job records of a credit-hold decision (by the acting owner), or null for none. */
export function creditNoteOf(
  ctx: Pick<MutationContext, 'actor'>,
  decision: z.output<typeof creditDecisionSchema> | undefined,
): string | null {
  return decision ? creditDecisionNote(decision.hold, ctx.actor?.name, decision.reason) : null;
}
