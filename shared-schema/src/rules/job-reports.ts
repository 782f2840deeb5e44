/**
 * The owners' operations reports: jobs per week, and how quickly a truck arrives —
 * computed on the device from the synced jobs, their history and the bookings, so they work
 * offline. Pure figures; the Reports screen draws them.
 *
 * Weeks run Monday to Sunday on Perth dates. A job counts in the week it was made (its
 * `createdAt`, the device's time of creation: docs/sync.md).
 *
 * Response time is from when the customer asked for help to the first "arrived" step (Start
 * Service, status In Progress, as the device recorded it): for a job from an emergency or
 * same-day booking, from when the booking was made; for a call-out taken on in the admin panel,
 * from when the job was made. Jobs from scheduled bookings are left out (the truck comes at the
 * agreed time, not as soon as it can), as are jobs never marked arrived.
 */
import dayjs from 'dayjs';
import type { Booking } from '../entities/booking';
import type { Job } from '../entities/job';
import type { JobUpdate } from '../entities/job-update';
import { perthDate } from './dates';
import { formatWhen } from './date-format';

/** The status whose first history entry means the truck arrived (Start Service). */
export const ARRIVED_STATUS = 'In Progress';

/** The Monday (`YYYY-MM-DD`, Perth) of the week an instant falls in. */
export function perthWeekStart(instant: string): string {
  const date = dayjs.utc(perthDate(instant));
  const back = (date.day() + 6) % 7;
  return date.subtract(back, 'day').format('YYYY-MM-DD');
}

/** The `weeks` Mondays up to and including this week's, oldest first. */
function weekStarts(now: string, weeks: number): string[] {
  const last = dayjs.utc(perthWeekStart(now));
  return Array.from({ length: weeks }, (_, index) =>
    last.subtract(weeks - 1 - index, 'week').format('YYYY-MM-DD'),
  );
}

/** '2026-11-16' → '16 Nov'. */
function weekLabel(monday: string): string {
  return formatWhen(monday, 'dayMonth');
}

/** One week of jobs. */
export interface WeekJobs {
  /** The Monday, `YYYY-MM-DD`. */
  week: string;
  /** '16 Nov'. */
  label: string;
  /** Jobs made that week. */
  jobs: number;
  /** Of those, the ones completed by now. */
  completed: number;
  /** Of those, the ones cancelled. */
  cancelled: number;
}

/** Jobs made in each of the last `weeks` weeks (this one included), oldest first. */
export function jobsPerWeek(
  jobs: readonly Pick<Job, 'createdAt' | 'status'>[],
  now: string,
  weeks = 12,
): WeekJobs[] {
  const rows = weekStarts(now, weeks).map((week) => ({
    week,
    label: weekLabel(week),
    jobs: 0,
    completed: 0,
    cancelled: 0,
  }));
  const index = new Map(rows.map((row) => [row.week, row]));
  for (const job of jobs) {
    const row = index.get(perthWeekStart(job.createdAt));
    if (!row) continue;
    row.jobs += 1;
    if (job.status === 'Completed') row.completed += 1;
    if (job.status === 'Cancelled') row.cancelled += 1;
  }
  return rows;
}

/** One job's response: when help was asked for and when the truck arrived. */
export interface JobResponseTime {
  jobId: string;
  askedAt: string;
  arrivedAt: string;
  minutes: number;
}

/**
 * Each job's response time (see the module comment), for jobs marked arrived; jobs from
 * scheduled bookings are left out.
 */
export function jobResponses(
  jobs: readonly Pick<Job, 'id' | 'createdAt'>[],
  updates: readonly Pick<JobUpdate, 'jobId' | 'status' | 'createdAt'>[],
  bookings: readonly Pick<Booking, 'approvedJobId' | 'urgency' | 'createdAt'>[],
): JobResponseTime[] {
  const arrived = new Map<string, string>();
  for (const update of updates) {
    if (update.status !== ARRIVED_STATUS) continue;
    const seen = arrived.get(update.jobId);
    if (!seen || Date.parse(update.createdAt) < Date.parse(seen))
      arrived.set(update.jobId, update.createdAt);
  }
  const bookingOf = new Map(
    bookings
      .filter((booking) => booking.approvedJobId)
      .map((booking) => [booking.approvedJobId as string, booking]),
  );
  const responses: JobResponseTime[] = [];
  for (const job of jobs) {
    const arrivedAt = arrived.get(job.id);
    if (!arrivedAt) continue;
    const booking = bookingOf.get(job.id);
    if (booking?.urgency === 'scheduled') continue;
    const askedAt = booking ? booking.createdAt : job.createdAt;
    const minutes = Math.round((Date.parse(arrivedAt) - Date.parse(askedAt)) / 60_000);
    // A clock wrong by more than the time rule's bounds could put arrival first: not a response.
    if (minutes < 0) continue;
    responses.push({ jobId: job.id, askedAt, arrivedAt, minutes });
  }
  return responses;
}

/** One week of response times. */
export interface WeekResponse {
  week: string;
  label: string;
  /** Jobs that week (by when help was asked for) with an arrival. */
  count: number;
  /** The median minutes, or null for a week without any. */
  medianMinutes: number | null;
  /** The slowest, or null. */
  longestMinutes: number | null;
}

/** The median of minutes sorted ascending (the mean of the middle two for an even count). */
export function median(sorted: readonly number[]): number | null {
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? null)
    : Math.round(((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2);
}

/** The response-time trend: median and longest minutes per week, oldest first. */
export function responseTimeTrend(
  responses: readonly JobResponseTime[],
  now: string,
  weeks = 12,
): WeekResponse[] {
  const byWeek = new Map<string, number[]>();
  for (const response of responses) {
    const week = perthWeekStart(response.askedAt);
    const list = byWeek.get(week) ?? [];
    list.push(response.minutes);
    byWeek.set(week, list);
  }
  return weekStarts(now, weeks).map((week) => {
    const minutes = [...(byWeek.get(week) ?? [])].sort((a, b) => a - b);
    return {
      week,
      label: weekLabel(week),
      count: minutes.length,
      medianMinutes: median(minutes),
      longestMinutes: minutes.length > 0 ? (minutes[minutes.length - 1] ?? null) : null,
    };
  });
}

/** The median response of the jobs asked for on or after `since` (null when none). */
export function overallMedian(responses: readonly JobResponseTime[], since: string): number | null {
  const minutes = responses
    .filter((response) => perthWeekStart(response.askedAt) >= since)
    .map((response) => response.minutes)
    .sort((a, b) => a - b);
  return median(minutes);
}

/** Minutes as people say them: 45 → '45 min', 135 → '2 h 15 min'. */
export function formatMinutes(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}
