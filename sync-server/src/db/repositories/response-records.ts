/**
 * What the public response times are measured from (shared-schema rules/response-times.ts): the
 * jobs taken since a date, their arrivals, and the bookings they came from. Only the columns the
 * rule reads leave the database: the answer is public.
 */
import { ARRIVED_STATUS, type Booking, type Job, type JobUpdate } from '@pilbara/shared-schema';
import type { Db } from '../connection';
import { statement } from '../statements';

/** The inputs of the response rule, from `since` on. */
export interface ResponseRecords {
  jobs: Pick<Job, 'id' | 'createdAt' | 'location'>[];
  updates: Pick<JobUpdate, 'jobId' | 'status' | 'createdAt'>[];
  bookings: Pick<Booking, 'approvedJobId' | 'urgency' | 'createdAt'>[];
}

export function responseRecordsSince(db: Db, since: Date): ResponseRecords {
  const from = since.toISOString();
  const jobs = statement(db, 'SELECT id, createdAt, location FROM jobs WHERE createdAt >= ?').all(
    from,
  ) as ResponseRecords['jobs'];
  const updates = statement(
    db,
    'SELECT jobId, status, createdAt FROM job_updates WHERE status = ? AND createdAt >= ?',
  ).all(ARRIVED_STATUS, from) as ResponseRecords['updates'];
  const bookings = statement(
    db,
    'SELECT approvedJobId, urgency, createdAt FROM bookings WHERE approvedJobId IS NOT NULL AND createdAt >= ?',
  ).all(from) as ResponseRecords['bookings'];
  return { jobs, updates, bookings };
}
