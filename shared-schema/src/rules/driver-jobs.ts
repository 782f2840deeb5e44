/**
 * The driver's screen: which jobs it lists and the one next step each offers. A
 * driver sees today's and active jobs assigned to them; each offers a single big button that
 * walks the status steps of rules/job-flow.ts: On my way (En Route) → Arrived / Start (In
 * Progress) → Complete.
 */
import type { Job } from '../entities/job';
import { perthDate } from './dates';
import { isFinishedStatus, isJobActionAllowed, type JobAction } from './job-flow';

/** A status step a driver's button takes. */
export type DriverStep = Exclude<JobAction, 'reassign'>;

/** What each step's button says (the field-service apps' wording). */
export const DRIVER_STEP_LABELS: Readonly<Record<DriverStep, string>> = {
  markEnRoute: 'On my way',
  startService: 'Arrived / Start',
  complete: 'Complete',
};

/**
 * The one next step for a job in `status`: On my way before the trip, Arrived / Start while
 * En Route, Complete while In Progress; null once the job is finished.
 */
export function nextDriverStep(status: string): DriverStep | null {
  if (isFinishedStatus(status)) return null;
  if (isJobActionAllowed(status, 'markEnRoute')) return 'markEnRoute';
  if (isJobActionAllowed(status, 'startService')) return 'startService';
  return 'complete';
}

/** How soon a job needs the driver: on the road first, then on site, then waiting jobs. */
function urgency(status: string): number {
  switch (status) {
    case 'En Route':
      return 0;
    case 'In Progress':
      return 1;
    case 'Emergency':
      return 2;
    case 'Assigned':
      return 3;
    case 'Scheduled':
      return 4;
    case 'Completed':
      return 6;
    default:
      return 5;
  }
}

/**
 * The jobs on the driver's screen: assigned to the driver's account (`driverId`, never a name
 * another driver could share) and either unfinished, or finished today (Perth time) so the
 * driver sees what they closed. Cancelled jobs are left out. Ordered by what needs the driver
 * first, then oldest first.
 */
export function driverJobs(jobs: readonly Job[], driverId: number, now: Date): Job[] {
  const today = perthDate(now);
  return jobs
    .filter((job) => job.assignedDriverId === driverId && job.status !== 'Cancelled')
    .filter((job) => !isFinishedStatus(job.status) || perthDate(job.updatedAt) === today)
    .sort(
      (a, b) => urgency(a.status) - urgency(b.status) || a.createdAt.localeCompare(b.createdAt),
    );
}
