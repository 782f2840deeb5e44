/**
 * The response time the live-status widget shows: the shared rule's (rules/response-times.ts),
 * from this device's jobs, their history and the bookings — the same figure the public pages
 * get from the server, measured, never estimated from how busy the trucks look.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import {
  responseTimes,
  type AreaResponse,
  type Booking,
  type Job,
  type JobUpdate,
} from '@pilbara/shared-schema';
import { db } from '../../sync';

/** All areas' median response over the rule's window, with its basis; undefined while loading. */
export function useRecordedResponse(): { overall: AreaResponse; sinceDays: number } | undefined {
  return useLiveQuery(async () => {
    const [jobs, updates, bookings] = await Promise.all([
      db.jobs.toArray(),
      db.job_updates.toArray(),
      db.bookings.toArray(),
    ]);
    const figures = responseTimes(
      jobs as Job[],
      updates as JobUpdate[],
      bookings as Booking[],
      new Date().toISOString(),
    );
    return { overall: figures.overall, sinceDays: figures.sinceDays };
  }, []);
}
