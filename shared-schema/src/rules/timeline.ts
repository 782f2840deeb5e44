/**
 * The customer portal's live-updates timeline (spec public §4), derived from the job's status and
 * times alone: a created entry always; 'Driver en route' 15 minutes after creation once En Route or
 * later; 'Driver arrived on site' 30 minutes after creation once In Progress or later; 'Service
 * completed successfully' at the update time when Completed. A cancelled job says it was
 * created and then cancelled (never "driver assigned": nobody may be coming).
 */
import type { Job } from '../entities/job';

/** One timeline entry. */
export interface TimelineEntry {
  key: 'created' | 'en-route' | 'arrived' | 'completed' | 'cancelled';
  message: string;
  /** ISO instant shown beside the entry. */
  at: string;
}

const STAGE: Readonly<Record<string, number>> = {
  'En Route': 1,
  'In Progress': 2,
  Completed: 3,
};

function minutesAfter(iso: string, minutes: number): string {
  return new Date(Date.parse(iso) + minutes * 60_000).toISOString();
}

/** The timeline of a job, oldest entry first. */
export function customerTimeline(
  job: Pick<Job, 'status' | 'createdAt' | 'updatedAt'>,
): TimelineEntry[] {
  if (job.status === 'Cancelled') {
    return [
      { key: 'created', message: 'Job created', at: job.createdAt },
      { key: 'cancelled', message: 'Job cancelled', at: job.updatedAt },
    ];
  }
  const stage = STAGE[job.status] ?? 0;
  const entries: TimelineEntry[] = [
    { key: 'created', message: 'Job created and driver assigned', at: job.createdAt },
  ];
  if (stage >= 1)
    entries.push({
      key: 'en-route',
      message: 'Driver en route',
      at: minutesAfter(job.createdAt, 15),
    });
  if (stage >= 2)
    entries.push({
      key: 'arrived',
      message: 'Driver arrived on site',
      at: minutesAfter(job.createdAt, 30),
    });
  if (stage >= 3)
    entries.push({
      key: 'completed',
      message: 'Service completed successfully',
      at: job.updatedAt,
    });
  return entries;
}
