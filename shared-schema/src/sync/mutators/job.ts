/**
 * Job mutators: create, edit, a vehicle, a note, reassignment, archive and restore (the status
 * steps are in job-status.ts). Every change a driver or customer should see in the job's history
 * writes a `job_updates` row.
 */
import { z } from 'zod';
import { DEFAULT_JOB_STATUS } from '../../constants';
import { MESSAGES } from '../../messages';
import { defineMutator, occurredAt, put, readOne, reject, succeed } from '../mutator';
import type { Row } from '../mutator';
import { formatDateTime } from '../../rules/date-format';
import { intIdSchema } from '../../entities/common';
import {
  baseRowSchema,
  creditDecisionSchema,
  creditNoteOf,
  leasedIdSchema,
  jobUpdate,
} from './common';
import { accountReads, readAccount, refuseAccountWork } from './account';
import { effectivePoNumber } from '../../rules/accounts';
import { mergeJobEdit, type RecordConflict } from '../../rules/merge';
import { noticeFor, overridesSchema } from '../../rules/merge-notice';
import { documentRef, shownId } from '../../rules/document-number';
import { TRACKING_TOKEN_PATTERN } from '../../rules/tracking';
import {
  canDeleteJob,
  createJobInputSchema,
  isFinishedStatus,
  isJobActionAllowed,
  type Job,
} from './deps';
import {
  JOB_KEY,
  eventTime,
  jobIdSchema,
  readJob,
  readJobAndPosition,
  readJobWithHistory,
} from './job-context';

/**
 * `job.create`: a new job from the admin create-job form. The device mints the job's tracking
 * token with the job id (rules/tracking.ts), so a job created offline is trackable from the
 * start; staff are trusted, so the server only checks the token's form. Arguments queued by an
 * app from before tokens have none: the server gives such a job a token as it stores it.
 */
export const jobCreate = defineMutator({
  name: 'job.create',
  argsSchema: createJobInputSchema.extend({
    id: jobIdSchema,
    updateId: leasedIdSchema,
    creditDecision: creditDecisionSchema.optional(),
    trackingToken: z
      .string()
      .regex(TRACKING_TOKEN_PATTERN, {
        error: 'Expected a tracking token of 22-64 base64url characters',
      })
      .optional(),
  }),
  reads: (args) => [...readJob(args), ...accountReads(args.accountId)],
  apply(ctx, args) {
    if (readOne<Job>(ctx, JOB_KEY))
      return reject('conflict', `Job ${shownId(args.id)} already exists`, 'id');
    const refused = refuseAccountWork(ctx, args);
    if (refused) return refused;
    const { updateId, trackingToken, creditDecision, ...fields } = args;
    const account = readAccount(ctx);
    const job: Job = {
      ...fields,
      assignedDriverId: fields.assignedDriverId ?? null,
      accountId: fields.accountId ?? null,
      siteId: fields.siteId ?? null,
      poNumber: effectivePoNumber(account?.poRule, fields.poNumber),
      creditHoldNote: creditNoteOf(ctx, creditDecision),
      trackingToken: trackingToken ?? null,
      status: fields.status ?? DEFAULT_JOB_STATUS,
      progress: 0,
      createdAt: occurredAt(ctx),
      updatedAt: ctx.now,
    };
    return succeed(
      [
        put('jobs', job as Row),
        jobUpdate(
          updateId,
          job.id,
          job.status,
          ['Job created', job.creditHoldNote].filter(Boolean).join('. '),
          occurredAt(ctx),
        ),
      ],
      { job },
    );
  },
});

/** The free fields of a job that `job.update` may change; absent keys keep their value. */
export const jobFieldsPatchSchema = createJobInputSchema
  .omit({
    id: true,
    status: true,
    assignedTo: true,
    assignedDriverId: true,
    accountId: true,
    siteId: true,
  })
  .partial();

/**
 * `job.update`: edits the free fields of a job (not its status, progress or driver). With `base`
 * (the job as the device last saw it) the edit is merged field by field with what changed on the
 * server since (rules/merge.ts); a field both sides changed keeps the server's value and comes
 * back as a `conflict` in the result.
 */
export const jobUpdateFields = defineMutator({
  name: 'job.update',
  argsSchema: z.object({
    id: jobIdSchema,
    patch: jobFieldsPatchSchema,
    base: baseRowSchema.optional(),
    /** Set when this edit settles a conflict by keeping this side's values. */
    overrides: overridesSchema.optional(),
  }),
  reads: (args) => readJob(args),
  apply(ctx, args) {
    const job = readOne<Job>(ctx, JOB_KEY);
    if (!job) return reject('not_found', MESSAGES.JOB_NOT_FOUND, 'id');
    let patch: Record<string, unknown> = stripUndefined(args.patch);
    let conflict: RecordConflict | undefined;
    if (args.base) {
      const { merged, parts } = mergeJobEdit(args.base, patch, job);
      patch = merged;
      if (parts.length > 0) conflict = { entity: 'jobs', id: args.id, parts };
    }
    const updated: Job = { ...job, ...patch, updatedAt: ctx.now };
    const notice = noticeFor({
      overrides: args.overrides,
      entity: 'jobs',
      recordId: args.id,
      recordRef: documentRef(job),
      before: job,
      after: updated,
      keptBy: ctx.userId,
      keptByName: ctx.actor?.name,
      now: ctx.now,
    });
    return succeed(
      [put('jobs', updated as Row), ...(notice ? [put('merge_notices', notice as Row)] : [])],
      conflict ? { job: updated, conflict } : { job: updated },
    );
  },
});

/**
 * `job.assignVehicle`: the vehicle a job goes out on, or none. The screen warns first about a
 * vehicle with a critical defect or no pre-start today (rules/prestart.ts); the choice stays
 * the admin's.
 */
export const jobAssignVehicle = defineMutator({
  name: 'job.assignVehicle',
  argsSchema: z.object({ id: jobIdSchema, vehicleId: leasedIdSchema.nullable() }),
  reads: (args) => [
    ...readJob(args),
    ...(args.vehicleId === null
      ? []
      : [{ key: 'vehicle', entity: 'vehicles' as const, id: args.vehicleId }]),
  ],
  apply(ctx, args) {
    const job = readOne<Job>(ctx, JOB_KEY);
    if (!job) return reject('not_found', MESSAGES.JOB_NOT_FOUND, 'id');
    if (args.vehicleId !== null && !readOne(ctx, 'vehicle'))
      return reject('not_found', MESSAGES.VEHICLE_NOT_FOUND, 'vehicleId');
    const updated: Job = { ...job, vehicleId: args.vehicleId, updatedAt: ctx.now };
    return succeed([put('jobs', updated as Row)], { job: updated });
  },
});

/** The most characters a job's notes hold (the create-job form's limit). */
export const JOB_NOTES_MAX = 2000;

/**
 * One line of a job's notes as a note adds it: `21 Nov 2026, 2:05 pm Dana Reid: Winch cable frayed`, in
 * Perth time, so the office reads who noted what and when.
 */
export function noteLine(at: string, by: string, note: string): string {
  return `${formatDateTime(at)} ${by}: ${note}`;
}

/**
 * `job.addNote`: a driver's (or admin's) note on the job, added as a line under the
 * notes already there. Adding never replaces anything, so two people noting the same job
 * offline never conflict; the office's notes (the booking's description) stay as they were.
 * `by` is the author's assignment name, which the device knows.
 */
export const jobAddNote = defineMutator({
  name: 'job.addNote',
  argsSchema: z.object({
    id: jobIdSchema,
    note: z
      .string()
      .trim()
      .min(1, { error: MESSAGES.NOTE_REQUIRED })
      .max(500, { error: MESSAGES.NOTE_TOO_LONG }),
    by: z.string().trim().min(1).max(100),
  }),
  reads: (args) => readJobWithHistory(args),
  apply(ctx, args) {
    const job = readOne<Job>(ctx, JOB_KEY);
    if (!job) return reject('not_found', MESSAGES.JOB_NOT_FOUND, 'id');
    const line = noteLine(eventTime(ctx), args.by, args.note);
    const notes = job.notes?.trim() ? `${job.notes.trimEnd()}\n${line}` : line;
    if (notes.length > JOB_NOTES_MAX) return reject('invalid_state', MESSAGES.NOTES_FULL, 'note');
    const updated: Job = { ...job, notes, updatedAt: ctx.now };
    return succeed([put('jobs', updated as Row)], { job: updated });
  },
});

/**
 * `job.setArrival`: the arrival estimate staff give the customer by hand ("40 min, roadworks at
 * the bridge"), or null to hand back to the rule (rules/arrival.ts). It overrides the rule until
 * the job's next status step, which clears it. A driver may set it on a job they can see.
 */
export const jobSetArrival = defineMutator({
  name: 'job.setArrival',
  argsSchema: z.object({
    id: jobIdSchema,
    estimate: z
      .string()
      .trim()
      .max(100, { error: MESSAGES.ARRIVAL_TOO_LONG })
      .nullable()
      .transform((value) => (value ? value : null)),
  }),
  reads: (args) => readJob(args),
  apply(ctx, args) {
    const job = readOne<Job>(ctx, JOB_KEY);
    if (!job) return reject('not_found', MESSAGES.JOB_NOT_FOUND, 'id');
    if (isFinishedStatus(job.status)) return reject('invalid_state', MESSAGES.JOB_FINISHED, 'id');
    const updated: Job = { ...job, estimatedArrival: args.estimate, updatedAt: ctx.now };
    return succeed([put('jobs', updated as Row)], { job: updated });
  },
});

/**
 * `job.reassign`: gives an unfinished job to another driver (or to nobody). The driver is their
 * account (`assignedDriverId`), which decides who sees the job; `assignedTo` is the name shown.
 * Arguments from an app of before accounts carry a name only: the job then stays with the
 * admins until it is given to an account (rules/roles.ts).
 */
export const jobReassign = defineMutator({
  name: 'job.reassign',
  argsSchema: z.object({
    id: jobIdSchema,
    updateId: leasedIdSchema,
    assignedTo: z.string().trim().max(100).nullable(),
    assignedDriverId: intIdSchema.nullable().optional(),
  }),
  reads: (args) => readJobWithHistory(args),
  apply(ctx, args) {
    const job = readOne<Job>(ctx, JOB_KEY);
    if (!job) return reject('not_found', MESSAGES.JOB_NOT_FOUND, 'id');
    if (!isJobActionAllowed(job.status, 'reassign'))
      return reject('invalid_state', MESSAGES.JOB_FINISHED, 'assignedTo');
    const assignedTo = args.assignedTo === '' ? null : args.assignedTo;
    const assignedDriverId = args.assignedDriverId ?? null;
    const updated: Job = { ...job, assignedTo, assignedDriverId, updatedAt: ctx.now };
    const message = assignedTo ? `Assigned to ${assignedTo}` : 'Driver unassigned';
    return succeed(
      [
        put('jobs', updated as Row),
        jobUpdate(args.updateId, job.id, job.status, message, eventTime(ctx)),
      ],
      { job: updated },
    );
  },
});

/**
 * `job.delete`: archives a Completed or Cancelled job (history is never erased). The
 * job leaves the active list; it keeps its history, photos and signatures for reports and
 * disputes, and `job.restore` brings it back. With `updateId` the archiving is written to the
 * job's history too. (The name stays: an older app's queued delete now archives.)
 */
export const jobDelete = defineMutator({
  name: 'job.delete',
  argsSchema: z.object({ id: jobIdSchema, updateId: leasedIdSchema.optional() }),
  reads: (args) => readJobAndPosition(args),
  apply(ctx, args) {
    const job = readOne<Job>(ctx, JOB_KEY);
    if (!job) return reject('not_found', MESSAGES.JOB_NOT_FOUND, 'id');
    if (!canDeleteJob(job.status))
      return reject('invalid_state', MESSAGES.JOB_DELETE_NOT_ALLOWED, 'status');
    if (job.archivedAt) return succeed([], { job });
    const at = eventTime(ctx);
    const archived: Job = { ...job, archivedAt: at, updatedAt: ctx.now };
    const changes = [put('jobs', archived as Row)];
    if (args.updateId !== undefined)
      changes.push(jobUpdate(args.updateId, job.id, job.status, 'Job archived', at));
    return succeed(changes, { job: archived });
  },
});

/** `job.restore`: brings an archived job back to the list (the undo of `job.delete`). */
export const jobRestore = defineMutator({
  name: 'job.restore',
  argsSchema: z.object({ id: jobIdSchema, updateId: leasedIdSchema.optional() }),
  reads: (args) => readJobWithHistory(args),
  apply(ctx, args) {
    const job = readOne<Job>(ctx, JOB_KEY);
    if (!job) return reject('not_found', MESSAGES.JOB_NOT_FOUND, 'id');
    if (!job.archivedAt) return succeed([], { job });
    const restored: Job = { ...job, archivedAt: null, updatedAt: ctx.now };
    const changes = [put('jobs', restored as Row)];
    if (args.updateId !== undefined)
      changes.push(jobUpdate(args.updateId, job.id, job.status, 'Job restored', eventTime(ctx)));
    return succeed(changes, { job: restored });
  },
});

/** Drops keys whose value is undefined, so a patch never blanks a field it did not mention. */
export function stripUndefined<T extends Record<string, unknown>>(patch: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(patch).filter(([, value]) => value !== undefined),
  ) as Partial<T>;
}
