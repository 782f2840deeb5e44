/**
 * What a tracking link shows (docs/security.md): the job with that token — masked, with the
 * truck's last fix while it is En Route, its recorded timeline and whether the customer has
 * reviewed it, and who took the booking it came from — or the booking while it waits
 * for approval (who has taken it), or after staff declined it (why). One code
 * path for `GET /api/track/:token` (routes/public/job-lookup.ts) and for the tracking link's page,
 * which the server renders with the same answer in it (services/tracking-page.ts), so
 * the page can never show more than the API does.
 */
import type { FastifyInstance } from 'fastify';
import {
  customerTimeline,
  type Booking,
  type Job,
  type JobPosition,
  type TimelineEntry,
  type TrackResponse,
  type TruckPosition,
} from '@pilbara/shared-schema';
import { getRow } from '../db/rows';
import { updatesOfJob } from '../db/repositories/field-record';
import {
  findBookingOfToken,
  findJobByToken,
  findJoblessBookingByToken,
  reviewedJobIds,
} from '../db/repositories/public-records';
import { maskBooking, maskJob } from './masking';

export type FoundByToken = { job: Job } | { booking: Booking };

/** What a token opens: its job, else its booking while pending (or declined, with why). */
export function findByToken(app: FastifyInstance, token: string): FoundByToken | undefined {
  const job = findJobByToken(app.db, token);
  if (job) return { job };
  const booking = findJoblessBookingByToken(app.db, token);
  return booking ? { booking } : undefined;
}

/** Who took the booking a job came from, and when: what the tracking link says. */
function confirmedBy(app: FastifyInstance, job: Job): { name: string; at: string } | null {
  if (!job.trackingToken) return null;
  const booking = findBookingOfToken(app.db, job.trackingToken);
  if (!booking?.acknowledgedBy || !booking.acknowledgedAt) return null;
  return { name: booking.acknowledgedBy, at: booking.acknowledgedAt };
}

/**
 * The customer's timeline of a job: each step at the time the device recorded it, from the job's
 * history (docs/decisions/2026-11-27-recorded-times-only.md; rules/timeline.ts). The history itself
 * stays with staff.
 */
export function timelineOf(app: FastifyInstance, job: Job): TimelineEntry[] {
  return customerTimeline(job, updatesOfJob(app.db, job.id));
}

/**
 * The truck on the job's tracking link: its latest shared fix while the job is En Route, else
 * null (none is kept once the job moves on; this guards a row a late write left behind).
 */
function truckPosition(app: FastifyInstance, job: Job): TruckPosition | null {
  if (job.status !== 'En Route') return null;
  const position = getRow<JobPosition>(app.db, 'job_positions', job.id);
  return position
    ? {
        latitude: position.latitude,
        longitude: position.longitude,
        recordedAt: position.recordedAt,
      }
    : null;
}

/** The tracking answer for `token`, masked as a guest may see it; undefined when it opens nothing. */
export function trackAnswer(app: FastifyInstance, token: string): TrackResponse | undefined {
  const found = findByToken(app, token);
  if (!found) return undefined;
  if (!('job' in found)) return { booking: maskBooking(found.booking) };
  return {
    job: maskJob(found.job),
    position: truckPosition(app, found.job),
    timeline: timelineOf(app, found.job),
    reviewed: reviewedJobIds(app.db, [found.job.id]).length > 0,
    confirmedBy: confirmedBy(app, found.job),
  };
}
