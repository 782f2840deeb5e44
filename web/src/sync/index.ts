/**
 * The staff sync client's public API (DESIGN §5). Screens read with
 * `useLiveQuery(() => db.jobs.orderBy('updatedAt').reverse().toArray())`, write with
 * `mutate(name, args)`, create rows offline with ids from `mintId(series)`, and show
 * `useSyncStatus()`. The admin shell calls `startSync({ baseUrl })` after sign-in and
 * `stopSync()` on sign-out.
 */
import { getSyncDatabase } from './client';

/** The local database (visible synced tables, outbox, syncIssues, meta). */
export const db = getSyncDatabase();

export {
  mutate,
  mintId,
  retryIssue,
  discardIssue,
  startSync,
  stopSync,
  currentEngine,
  getSyncDatabase,
  type StartSyncOptions,
} from './client';
export { useSyncStatus, useMutate, type SyncStatus } from './hooks';
export type { MutateResult } from './local-store';
export { NoIdsLeftError, type MintSeries } from './leases';
export type { SyncState } from './engine';
export type { OutboxItem, SyncIssue } from '../db/schema';
