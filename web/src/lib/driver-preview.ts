/**
 * The driver's first screen as their sign-in answered it: shown on `/driver` before the
 * device's own sync has caught up, so the jobs are on screen about as soon as the answer is in,
 * not after the device database, the socket, the first page and its write into IndexedDB.
 *
 * Held in memory only and never written to the device database: the synced rows stay the one
 * copy that actions run on (features/driver/use-driver-jobs.ts decides what shows). A reload,
 * a sign-out or another sign-in drops it.
 */
import { useSyncExternalStore } from 'react';
import type { DriverFirstScreen, Job } from '@pilbara/shared-schema';

let held: DriverFirstScreen | null = null;
const listeners = new Set<() => void>();

/** Keeps the first screen of the sign-in that just happened (null: none, or forget it). */
export function holdDriverPreview(screen: DriverFirstScreen | null): void {
  if (held === screen) return;
  held = screen;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The held first screen, or null. */
export function useDriverPreview(): DriverFirstScreen | null {
  return useSyncExternalStore(
    subscribe,
    () => held,
    () => null,
  );
}

function isJob(value: unknown): value is Job {
  if (typeof value !== 'object' || value === null) return false;
  const job = value as Record<string, unknown>;
  return ['id', 'status', 'customerName', 'createdAt', 'updatedAt'].every(
    (field) => typeof job[field] === 'string',
  );
}

/**
 * The `driverJobs` of a sign-in answer, or null when there is none or it is malformed. Checked by
 * hand, not with zod, for the reason auth-user.ts gives (the sign-in code is on public pages).
 */
export function driverPreviewFrom(answer: unknown): DriverFirstScreen | null {
  if (typeof answer !== 'object' || answer === null) return null;
  const screen = (answer as { driverJobs?: unknown }).driverJobs;
  if (typeof screen !== 'object' || screen === null) return null;
  const { cursor, jobs } = screen as { cursor?: unknown; jobs?: unknown };
  if (typeof cursor !== 'number' || !Number.isInteger(cursor) || cursor < 0) return null;
  if (!Array.isArray(jobs) || !jobs.every(isJob)) return null;
  return { cursor, jobs };
}
