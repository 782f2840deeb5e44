/**
 * The staff sync code (the sync status chip and lists, the engine, Dexie, every mutation's
 * schema, the photo upload client) is one graph of modules that a browser evaluates in a single
 * task when it is imported at once: about a third of a second on a slow phone, right after the
 * first screen or while the person types. Imported here in steps, each step's modules evaluate in
 * a task of their own and the screen stays responsive between them. A module is evaluated once
 * per page, so the last import only evaluates what the steps before it left.
 *
 * Every route and the shell load the sync code, and the staff features that import it, through
 * these functions, so whichever asks first pays for the steps and the others wait for the same
 * promise.
 */

import type * as SyncStatus from '../features/sync-status';
import type * as StaffSyncModule from './staff-sync';

type SyncStatusModule = typeof SyncStatus;

/**
 * The steps, each a part of the graph that is large on its own and shared by what follows: the
 * upload client with the rules it checks, then the local store with every mutation's schema.
 */
const STEPS: (() => Promise<unknown>)[] = [
  () => import('../sync/field-files'),
  () => import('../sync/local-store'),
];

/** A new task: the browser handles input and paints before the next step runs. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

let loading: Promise<SyncStatusModule> | null = null;

/** The sync status feature (and the sync code under it), evaluated in steps once per page. */
export function loadSyncStatus(): Promise<SyncStatusModule> {
  loading ??= (async () => {
    for (const step of STEPS) {
      await step();
      await nextTask();
    }
    return import('../features/sync-status');
  })().catch((error: unknown) => {
    // A chunk that failed to load (a dropped link) is fetched again on the next call.
    loading = null;
    throw error;
  });
  return loading;
}

/**
 * `load` (a staff feature whose modules import the sync code) run once the sync code has been
 * evaluated in its steps: imported first, the feature would evaluate all of that code in its own
 * import's single task.
 */
export function afterSyncCode<T>(load: () => Promise<T>): () => Promise<T> {
  return async () => {
    await loadSyncStatus();
    await nextTask();
    return load();
  };
}

/** The shell's staff sync component, after the sync code it runs. */
export const loadStaffSync: () => Promise<typeof StaffSyncModule> = afterSyncCode(
  () => import('./staff-sync'),
);
