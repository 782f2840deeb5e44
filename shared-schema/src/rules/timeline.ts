/**
 * The customer portal's live-updates timeline, from what was recorded
 * (docs/decisions/2026-11-27-recorded-times-only.md).
 *
 * A timeline derived from the job's creation time ('Driver en route' 15 minutes after it,
 * 'Driver arrived on site' 30 minutes after it) would show customers times that never
 * happened: an arrival after the completion, or in the future. So each step is
 * shown at the time the device recorded it (the job's history, `job_updates`, whose times are
 * the device's business time, rules/occurred.ts), and a step that was never taken is not shown,
 * whatever the status says.
 */
import type { Job } from '../entities/job';

/** One timeline entry. */
export interface TimelineEntry {
  key: 'created' | 'en-route' | 'arrived' | 'completed' | 'cancelled';
  message: string;
  /** ISO instant the step was recorded. */
  at: string;
}

/** A history entry as the timeline needs it (a `job_updates` row). */
export interface HistoryStep {
  status: string;
  message?: string | null;
  createdAt: string;
}

/** The customer's wording of each step, and the status that records it. */
const STEPS: readonly { key: TimelineEntry['key']; status: string; message: string }[] = [
  { key: 'en-route', status: 'En Route', message: 'Driver en route' },
  { key: 'arrived', status: 'In Progress', message: 'Driver arrived on site' },
  { key: 'completed', status: 'Completed', message: 'Service completed successfully' },
  { key: 'cancelled', status: 'Cancelled', message: 'Job cancelled' },
];

/**
 * The timeline of a job from its recorded history, oldest entry first: the creation, then the
 * first recorded time of each step the job took. Nothing is invented: a step with no history
 * entry (not taken yet, or skipped) has no entry.
 */
export function customerTimeline(
  job: Pick<Job, 'createdAt'>,
  history: readonly HistoryStep[],
): TimelineEntry[] {
  const ordered = [...history].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
  // The job's creation time is itself the device's time of `job.create` (or the approval's).
  const entries: TimelineEntry[] = [{ key: 'created', message: 'Job created', at: job.createdAt }];
  for (const step of STEPS) {
    const recorded = ordered.find((entry) => entry.status === step.status);
    if (recorded) entries.push({ key: step.key, message: step.message, at: recorded.createdAt });
  }
  return entries.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}
