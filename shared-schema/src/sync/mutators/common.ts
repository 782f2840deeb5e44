/**
 * Small pieces the mutators share: id argument schemas, date arithmetic on ISO strings without
 * reading a clock, and the job history row every status change writes.
 */
import { z } from 'zod';
import type { RowChange } from '../mutator';
import { put } from '../mutator';

/** A text id such as `JOB-2026-123`; the prefix is checked by each mutator's schema. */
export function textIdSchema(prefix: string) {
  return z
    .string()
    .max(40)
    .regex(new RegExp(`^${prefix}-\\d{4}-\\d+$`), { error: `Expected an id like ${prefix}-2026-123` });
}

/** An integer row id drawn from an id lease. */
export const intIdSchema = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

/** `iso` plus `days` whole days, as ISO-8601 UTC. */
export function addDays(iso: string, days: number): string {
  return new Date(Date.parse(iso) + days * 24 * 60 * 60 * 1000).toISOString();
}

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
