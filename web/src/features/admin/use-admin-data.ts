/**
 * The admin panel's reads, all from Dexie (docs/architecture.md: screens never read the network),
 * so the panel works offline and follows every change the sync engine writes.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { Booking, EmailRecord, Job, JobPosition, JobUpdate } from '@pilbara/shared-schema';
import { db, usePacedLiveQuery } from '../../sync';

const EMPTY: never[] = [];

/**
 * Every job in use (archived ones are kept, not listed), newest first by when it was created, so
 * a job keeps its place in the list when it changes (ordering by the last change would
 * move a job to the top at every tap and make the screen jump).
 */
export function useJobs(): Job[] {
  return (
    usePacedLiveQuery(
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
  return usePacedLiveQuery(async () => (await db.bookings.toArray()) as Booking[], []) ?? EMPTY;
}

/** Every contact message, newest first. */
export function useEmails(): EmailRecord[] {
  return (
    usePacedLiveQuery(async () => {
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

/** The truck's last shared position for a job (one row per job), or null. */
export function useJobPosition(jobId: string): JobPosition | null {
  return (
    useLiveQuery(
      async () => ((await db.job_positions.get(jobId)) as JobPosition | undefined) ?? null,
      [jobId],
    ) ?? null
  );
}
