/**
 * The admin panel's reads, all from Dexie (docs/architecture.md: screens never read the network),
 * so the panel works offline and follows every change the sync engine writes.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { Booking, EmailRecord, Job, JobUpdate } from '@pilbara/shared-schema';
import { db } from '../../sync';

const EMPTY: never[] = [];

/**
 * Every job in use (archived ones are kept, not listed), newest first by when it was created, so
 * a job keeps its place in the list when it changes (issue 16: ordering by the last change moved
 * a job to the top at every tap and the screen jumped).
 */
export function useJobs(): Job[] {
  return (
    useLiveQuery(
      async () =>
        ((await db.jobs.toArray()) as Job[])
          .filter((job) => !job.archivedAt)
          .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id)),
      [],
    ) ?? EMPTY
  );
}

/** Every booking (the list filters and sorts). */
export function useBookings(): Booking[] {
  return useLiveQuery(async () => (await db.bookings.toArray()) as Booking[], []) ?? EMPTY;
}

/** Every contact message, newest first. */
export function useEmails(): EmailRecord[] {
  return (
    useLiveQuery(async () => {
      const rows = (await db.emails.toArray()) as EmailRecord[];
      return rows.sort((a, b) => b.timestamp.localeCompare(a.timestamp));
    }, []) ?? EMPTY
  );
}

/** A job's history (job updates), newest first. */
export function useJobHistory(jobId: string): JobUpdate[] | undefined {
  return useLiveQuery(async () => {
    const rows = (await db.job_updates.where('jobId').equals(jobId).toArray()) as JobUpdate[];
    return rows.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
  }, [jobId]);
}
