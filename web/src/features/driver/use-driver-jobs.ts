/**
 * The driver's screen reads Dexie only (DESIGN §9), so it works with no signal: the driver's
 * device holds just their jobs and the unassigned ones (the server's sync scope), and the list
 * rule (rules/driver-jobs.ts) keeps today's and active jobs assigned to them.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { driverJobs, type Job } from '@pilbara/shared-schema';
import { db } from '../../sync';

/** Today's and active jobs assigned to `driverName`; undefined while loading. */
export function useDriverJobs(driverName: string): Job[] | undefined {
  return useLiveQuery(
    async () => driverJobs((await db.jobs.toArray()) as Job[], driverName, new Date()),
    [driverName],
  );
}
