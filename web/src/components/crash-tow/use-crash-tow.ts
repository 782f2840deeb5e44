/** A job's crash tow as this device holds it: the record, and the field record it draws on. */
import { useLiveQuery } from 'dexie-react-hooks';
import type { CrashTow } from '@pilbara/shared-schema';
import { db } from '../../sync';

/** The crash tow of `jobId`; null when the job is not one, undefined while loading. */
export function useCrashTow(jobId: string): CrashTow | null | undefined {
  return useLiveQuery(
    async () => ((await db.crash_tows.get(jobId)) as CrashTow | undefined) ?? null,
    [jobId],
  );
}
