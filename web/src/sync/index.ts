/**
 * The staff sync client's public API (docs/sync.md). Screens read with
 * `useLiveQuery(() => db.jobs.orderBy('updatedAt').reverse().toArray())`, write with
 * `mutate(name, args)`, create rows offline with ids from `mintId(series)`, and show
 * `useSyncStatus()`. The app shell (app/staff-sync.tsx) calls `startSync({ baseUrl })` once a
 * staff member signs in and `stopSync()` when they sign out; screens never start or stop it.
 */
import { getSyncDatabase } from './client';

/** The local database (visible synced tables, outbox, syncIssues, meta). */
export const db = getSyncDatabase();

export {
  mutate,
  mutateWithFile,
  mintId,
  retryIssue,
  resolveConflict,
  discardIssue,
  canRetryIssue,
  undoNotice,
  acceptNotice,
  startSync,
  stopSync,
  keepOutboxFor,
  keepHistory,
  keptForAnother,
} from './client';
export {
  syncedJobs,
  useFirstScreenOnDevice,
  useKeptHistory,
  usePendingKeys,
  useSyncStatus,
  whenNumbered,
  type SyncStatus,
} from './hooks';
export { usePacedLiveQuery } from './paced-query';
export type { LocalFieldFile } from '../db/schema';
export type { MutateResult } from './local-store';
export { type MintSeries } from './leases';
export type { SyncIssue } from '../db/schema';
