/**
 * The driver's first screen as their sign-in answered it: shown on `/driver` before the
 * device's own sync has caught up, so the jobs are on screen about as soon as the answer is in,
 * not after the device database, the socket, the first page and its write into IndexedDB.
 *
 * Held in memory only and never written to the device database: the synced rows stay the one
 * copy that actions run on (features/driver/use-driver-jobs.ts decides what shows).
 */
import type { DriverFirstScreen } from '@pilbara/shared-schema';
import { heldScreen, isJob } from './first-screen';

const held = heldScreen<DriverFirstScreen>();

/** Keeps the first screen of the sign-in that just happened (null: none, or forget it). */
export const holdDriverPreview = held.hold;

/** The held first screen, or null. */
export const useDriverPreview = held.use;

/** The `driverJobs` of a sign-in answer, or null when there is none or it is malformed. */
export function driverPreviewFrom(answer: unknown): DriverFirstScreen | null {
  if (typeof answer !== 'object' || answer === null) return null;
  const screen = (answer as { driverJobs?: unknown }).driverJobs;
  if (typeof screen !== 'object' || screen === null) return null;
  const { cursor, jobs } = screen as { cursor?: unknown; jobs?: unknown };
  if (typeof cursor !== 'number' || !Number.isInteger(cursor) || cursor < 0) return null;
  if (!Array.isArray(jobs) || !jobs.every(isJob)) return null;
  return { cursor, jobs };
}
