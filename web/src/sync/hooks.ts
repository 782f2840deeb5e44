/**
 * React hooks for screens: the sync status every tab shows and the rows still waiting for the
 * server, both read from Dexie, so a follower tab sees what the leader does.
 */
import { liveQuery } from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import {
  firstScreenReceived,
  historyCutoff,
  historyDaysFor,
  type HistoryDays,
  type Job,
  type NumberedTable,
  type Role,
  type SnapshotPosition,
  type StoragePromise,
} from '@pilbara/shared-schema';
import type { StoredStatus, SyncState } from './engine';
import { getSyncDatabase } from './client';
import { META, getMeta } from './local-store';
import { OFFLINE_DATA_META, type StoredPersistence } from './offline-data';

export interface SyncStatus {
  state: SyncState;
  /** Mutations made on this device and not yet confirmed by the server. */
  pending: number;
  /** Photos and signatures taken on this device whose bytes the server does not hold yet. */
  uploading: { photos: number; signatures: number };
  /** Mutations the server refused, waiting for staff to retry or discard. */
  needsAttention: number;
  lastSyncedAt: string | null;
  /** Whether the browser promised to keep the offline data (null: not read yet). */
  persistence: StoragePromise | null;
  /** Shown with `update-required` and `signed-out`. */
  message: string | null;
}

const NO_KEYS: ReadonlySet<string> = new Set();

const INITIAL: SyncStatus = {
  state: 'idle',
  pending: 0,
  uploading: { photos: 0, signatures: 0 },
  needsAttention: 0,
  lastSyncedAt: null,
  persistence: null,
  message: null,
};

/**
 * The oldest history this device keeps (ISO; null: everything), by the role and the choice
 * staff made here (shared-schema `historyDaysFor`), with that choice; undefined while reading.
 */
export function useKeptHistory(
  role: Role,
): { days: HistoryDays; since: string | null } | undefined {
  return useLiveQuery(async () => {
    const chosen = await getMeta<HistoryDays | undefined>(
      getSyncDatabase(),
      META.historyDays,
      undefined,
    );
    const days = historyDaysFor(role, chosen);
    return { days, since: historyCutoff(new Date(), days) };
  }, [role]);
}

/** The live sync status for the status chip. */
export function useSyncStatus(): SyncStatus {
  return (
    useLiveQuery(async (): Promise<SyncStatus> => {
      const db = getSyncDatabase();
      const [pending, uploading, needsAttention, row, persistence] = await Promise.all([
        db.outbox.count(),
        // Confirmed files keep their bytes a week more (field-files.ts); they are not uploading.
        db.fieldFiles.filter((file) => file.full !== null && file.uploadedAt === null).toArray(),
        db.syncIssues.count(),
        db.meta.get(META.status),
        db.meta.get(OFFLINE_DATA_META.persistence),
      ]);
      const stored = row?.value as StoredStatus | undefined;
      let state = stored?.state ?? 'idle';
      if (
        typeof navigator !== 'undefined' &&
        navigator.onLine === false &&
        state !== 'update-required'
      )
        state = 'offline';
      return {
        state,
        pending,
        uploading: {
          // A failed pre-start item's photo counts as a photo.
          photos: uploading.filter((file) => !isSignature(file.kind)).length,
          signatures: uploading.filter((file) => isSignature(file.kind)).length,
        },
        needsAttention,
        lastSyncedAt: stored?.lastSyncedAt ?? null,
        persistence: (persistence?.value as StoredPersistence | undefined)?.promise ?? null,
        message: stored?.message ?? null,
      };
    }, []) ?? INITIAL
  );
}

/**
 * Keys (`rowKey(entity, id)` from shared-schema) of the rows this device changed and the server
 * has not confirmed yet, for the "pending" badges.
 */
export function usePendingKeys(): ReadonlySet<string> {
  return (
    useLiveQuery(async () => {
      const keys = new Set<string>();
      await getSyncDatabase().outbox.each((item) => item.writes.forEach((key) => keys.add(key)));
      return keys;
    }, []) ?? NO_KEYS
  );
}

/**
 * Calls `onNumber` once the server's document number of a row made on this device reaches it
 * (so a toast that named the provisional reference then names the number). Gives up after
 * `timeoutMs` — offline, the number comes later and the screens show it then. Returns the stop.
 */
export function whenNumbered(
  table: NumberedTable,
  id: string,
  onNumber: (number: string) => void,
  timeoutMs = 60_000,
): () => void {
  const subscription = liveQuery(() => getSyncDatabase().visible(table).get(id)).subscribe({
    next: (row) => {
      const number = (row as { number?: unknown } | undefined)?.number;
      if (typeof number !== 'string' || number === '') return;
      stop();
      onNumber(number);
    },
  });
  const timer = setTimeout(() => stop(), timeoutMs);
  function stop() {
    clearTimeout(timer);
    subscription.unsubscribe();
  }
  return stop;
}

/**
 * The device's jobs and the log position its copy is synced through, read in one transaction (a
 * page writes its rows and the cursor in one): the driver's screen shows their sign-in's jobs
 * until this copy has caught up with them. For a live query.
 */
export async function syncedJobs(): Promise<{ rows: Job[]; cursor: number }> {
  const db = getSyncDatabase();
  return db.transaction('r', [db.jobs, db.meta], async () => ({
    rows: (await db.jobs.toArray()) as Job[],
    cursor: await getMeta<number>(db, META.cursor, 0),
  }));
}

/** A job's signature or a yard collector's: counted as signatures, every other file a photo. */
function isSignature(kind: string): boolean {
  return kind === 'signature' || kind === 'yard-signature';
}

/**
 * Whether this device holds its own first screen: its snapshot has sent every first-screen row
 * and gone on to history, or is complete (a cursor past 0). False while the database opens.
 */
export function useFirstScreenOnDevice(): boolean {
  return (
    useLiveQuery(async () => {
      const db = getSyncDatabase();
      const [cursor, snapshot] = await db.meta.bulkGet([META.cursor, META.snapshot]);
      if (typeof cursor?.value === 'number' && cursor.value > 0) return true;
      const position = snapshot?.value as SnapshotPosition | undefined;
      return position !== undefined && firstScreenReceived(position.next);
    }, []) ?? false
  );
}
