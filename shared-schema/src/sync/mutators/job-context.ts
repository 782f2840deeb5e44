/**
 * What the job mutators share (job.ts, job-status.ts): the rows they read, the step a job action
 * leads to, when a job event happened, and the drop of the truck's live position.
 */
import { occurredAt, readMany, readOne, remove } from '../mutator';
import type { MutationContext, RowChange } from '../mutator';
import { latestTime } from '../../rules/occurred';
import { textIdSchema } from './common';
import { JOB_ACTION_TARGETS, isJobActionAllowed, type Job } from './deps';

export type StatusAction = keyof typeof JOB_ACTION_TARGETS;

/** The status and progress `action` leads to, or undefined when the job-flow rule refuses it. */
export function actionTarget(
  status: string,
  action: StatusAction,
): { status: Job['status']; progress: number } | undefined {
  return isJobActionAllowed(status, action) ? JOB_ACTION_TARGETS[action] : undefined;
}

export const jobIdSchema = textIdSchema('JOB');

export const JOB_KEY = 'job';

export function readJob(args: { id: string }) {
  return [{ key: JOB_KEY, entity: 'jobs' as const, id: args.id }];
}

const HISTORY_KEY = 'history';

/** The job and its history: a status change needs the time of the job's previous event. */
export function readJobWithHistory(args: { id: string }) {
  return [
    ...readJob(args),
    { key: HISTORY_KEY, entity: 'job_updates' as const, where: { jobId: args.id } },
  ];
}

const POSITION_KEY = 'position';

/** The job, its history and its live position, for the steps that leave En Route. */
export function readJobAndPosition(args: { id: string }) {
  return [
    ...readJobWithHistory(args),
    { key: POSITION_KEY, entity: 'job_positions' as const, id: args.id },
  ];
}

/**
 * The delete of the job's live position, if it has one: the truck's position is kept only
 * while the job is En Route, so leaving it (arrived, completed, cancelled, archived) drops it.
 */
export function dropPosition(ctx: MutationContext): RowChange[] {
  const position = readOne<{ id: string }>(ctx, POSITION_KEY);
  return position ? [remove('job_positions', position.id)] : [];
}

/**
 * When a job event happened: the device's time (rules/occurred.ts), never before the job's
 * previous event, so its history read in time order is the order the steps were applied.
 */
export function eventTime(ctx: MutationContext): string {
  const at = occurredAt(ctx);
  const previous = latestTime(
    readMany<{ createdAt: string }>(ctx, HISTORY_KEY).map((u) => u.createdAt),
  );
  return previous && Date.parse(previous) > Date.parse(at) ? previous : at;
}
