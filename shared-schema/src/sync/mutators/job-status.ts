/**
 * The job's status steps: En Route, In Progress, Completed (with its automatic draft quote, so
 * the quote can never be lost), a status set by name, and the table of each job action's
 * mutator. Every step writes a `job_updates` row, so each job keeps its history, and clears an
 * arrival estimate set by hand: staff's estimate holds until the next step, then the shared
 * rule (rules/arrival.ts) gives it again.
 */
import { shownId } from '../../rules/document-number';
import { z } from 'zod';
import { perthDate } from '../../rules/dates';
import { priceListReads, pricesFor } from './account';
import { MESSAGES } from '../../messages';
import { defineMutator, put, readOne, reject, succeed } from '../mutator';
import type { Row } from '../mutator';
import { jobUpdate, leasedIdSchema, textIdSchema } from './common';
import {
  JOB_ACTION_TARGETS,
  autoQuoteForCompletedJob,
  canChangeJobStatus,
  isFinishedStatus,
  jobStatusInputSchema,
  type Job,
  type JobAction,
} from './deps';
import {
  JOB_KEY,
  actionTarget,
  dropPosition,
  eventTime,
  jobIdSchema,
  readJobAndPosition,
  type StatusAction,
} from './job-context';
import { jobReassign } from './job';
import { reasonSchema } from '../../api/fields';
import type { CrashTow } from '../../entities/wa-towing';
import { mayPassLoading } from '../../rules/crash-tow';
import { WA_TOWING_MESSAGES } from '../../wa-towing-messages';

function statusStep<const N extends string>(
  name: N,
  action: Exclude<StatusAction, 'complete'>,
  message: string,
) {
  return defineMutator({
    name,
    argsSchema: z.object({ id: jobIdSchema, updateId: leasedIdSchema }),
    reads: (args) => readJobAndPosition(args),
    apply(ctx, args) {
      const job = readOne<Job>(ctx, JOB_KEY);
      if (!job) return reject('not_found', MESSAGES.JOB_NOT_FOUND, 'id');
      const target = actionTarget(job.status, action);
      if (!target) return reject('invalid_state', MESSAGES.JOB_ACTION_NOT_ALLOWED, 'status');
      const updated: Job = { ...job, ...target, estimatedArrival: null, updatedAt: ctx.now };
      return succeed(
        [
          put('jobs', updated as Row),
          jobUpdate(args.updateId, job.id, target.status, message, eventTime(ctx)),
          ...(target.status === 'En Route' ? [] : dropPosition(ctx)),
        ],
        { job: updated },
      );
    },
  });
}

/** `job.markEnRoute`: En Route, progress 25. */
export const jobMarkEnRoute = statusStep('job.markEnRoute', 'markEnRoute', 'Driver en route');

/** `job.startService`: In Progress, progress 50. */
export const jobStartService = statusStep('job.startService', 'startService', 'Service started');

/**
 * `job.complete`: Completed, progress 100, and the automatic draft quote (one item of 200 at
 * quantity 1, valid 30 days, no discount) whose id the caller supplies. A crash tow is completed
 * only once past loading (its checks done, or overridden by an owner): the same rule on the
 * device and on the server, whichever screen asks.
 */
export const jobComplete = defineMutator({
  name: 'job.complete',
  argsSchema: z.object({ id: jobIdSchema, updateId: leasedIdSchema, quoteId: textIdSchema('Q') }),
  reads: (args) => [
    ...readJobAndPosition(args),
    { key: 'quote', entity: 'quotes' as const, id: args.quoteId },
    ...priceListReads,
    { key: 'crashTow', entity: 'crash_tows' as const, id: args.id },
  ],
  apply(ctx, args) {
    const job = readOne<Job>(ctx, JOB_KEY);
    if (!job) return reject('not_found', MESSAGES.JOB_NOT_FOUND, 'id');
    const target = actionTarget(job.status, 'complete');
    if (!target) return reject('invalid_state', MESSAGES.JOB_ACTION_NOT_ALLOWED, 'status');
    const crashTow = readOne<CrashTow>(ctx, 'crashTow');
    if (crashTow && !mayPassLoading(crashTow))
      return reject('invalid_state', WA_TOWING_MESSAGES.NOT_LOADED, 'status');
    if (readOne(ctx, 'quote'))
      return reject('conflict', `Quote ${shownId(args.quoteId)} already exists`, 'quoteId');
    const updated: Job = { ...job, ...target, estimatedArrival: null, updatedAt: ctx.now };
    const at = eventTime(ctx);
    // The automatic quote is valid 30 days from the completion, not from the sync.
    // Priced from the list in force for the job's customer on the day it was completed.
    const prices = pricesFor(ctx, job.accountId, perthDate(at));
    const quote = autoQuoteForCompletedJob(updated, at, args.quoteId, prices);
    return succeed(
      [
        put('jobs', updated as Row),
        jobUpdate(args.updateId, job.id, target.status, 'Job completed', at),
        put('quotes', quote as Row),
        ...dropPosition(ctx),
      ],
      { job: updated, quoteId: quote.id },
    );
  },
});

/**
 * `job.setStatus`: a status change by name, as `PATCH /api/jobs/{id}` sends it — one the job-flow
 * rule allows (forward along the actions, or Cancelled from any active status). Completed only
 * through `job.complete`, which also writes the automatic quote.
 */
export const jobSetStatus = defineMutator({
  name: 'job.setStatus',
  argsSchema: z.object({
    id: jobIdSchema,
    updateId: leasedIdSchema,
    status: jobStatusInputSchema,
    progress: z.number().int().min(0).max(100).optional(),
  }),
  reads: (args) => readJobAndPosition(args),
  apply(ctx, args) {
    const job = readOne<Job>(ctx, JOB_KEY);
    if (!job) return reject('not_found', MESSAGES.JOB_NOT_FOUND, 'id');
    if (isFinishedStatus(job.status))
      return reject('invalid_state', MESSAGES.JOB_FINISHED, 'status');
    if (args.status === 'Completed' || !canChangeJobStatus(job.status, args.status)) {
      return reject('invalid_state', MESSAGES.JOB_ACTION_NOT_ALLOWED, 'status');
    }
    const step = Object.values(JOB_ACTION_TARGETS).find((target) => target.status === args.status);
    const progress = step?.progress ?? args.progress ?? job.progress;
    const updated: Job = {
      ...job,
      status: args.status,
      progress,
      // A step clears an estimate set by hand; the same status set again is no step.
      estimatedArrival: args.status === job.status ? job.estimatedArrival : null,
      updatedAt: ctx.now,
    };
    return succeed(
      [
        put('jobs', updated as Row),
        jobUpdate(
          args.updateId,
          job.id,
          args.status,
          `Status changed to ${args.status}`,
          eventTime(ctx),
        ),
        ...(args.status === 'En Route' ? [] : dropPosition(ctx)),
      ],
      { job: updated },
    );
  },
});

/**
 * `job.cancel`: an active job is cancelled with the reason the customer is told (the server
 * texts and emails them once, from the change log). It leaves the lists, as every finished job
 * does, and its tracking link says it is cancelled and why. Drivers may cancel the jobs they
 * can see (the customer called them off at the roadside), offline like every other step.
 */
export const jobCancel = defineMutator({
  name: 'job.cancel',
  argsSchema: z.object({ id: jobIdSchema, updateId: leasedIdSchema, reason: reasonSchema }),
  reads: (args) => readJobAndPosition(args),
  apply(ctx, args) {
    const job = readOne<Job>(ctx, JOB_KEY);
    if (!job) return reject('not_found', MESSAGES.JOB_NOT_FOUND, 'id');
    if (isFinishedStatus(job.status))
      return reject('invalid_state', MESSAGES.JOB_FINISHED, 'status');
    const updated: Job = {
      ...job,
      status: 'Cancelled',
      cancelReason: args.reason,
      updatedAt: ctx.now,
    };
    return succeed(
      [
        put('jobs', updated as Row),
        jobUpdate(args.updateId, job.id, 'Cancelled', `Cancelled: ${args.reason}`, eventTime(ctx)),
        ...dropPosition(ctx),
      ],
      { job: updated },
    );
  },
});

/**
 * The mutator of each job action (rules/job-flow.ts): the admin panel's buttons and
 * `PATCH /api/jobs/{id}` turn an action into its mutation through this one table.
 */
export const JOB_ACTION_MUTATORS = {
  markEnRoute: jobMarkEnRoute.name,
  startService: jobStartService.name,
  complete: jobComplete.name,
  reassign: jobReassign.name,
} as const satisfies Record<JobAction, string>;
