/**
 * Keeping the staff app's offline data, and noticing when the browser did not.
 *
 * - **Persistent storage.** The app asks `navigator.storage.persist()` when staff sign in (the
 *   device is about to hold the business's records), again when the app is installed (Chromium
 *   grants it to an installed app it refused to a tab), and once it holds work the server does
 *   not have yet; it records the answer for the sync chip. Otherwise it only reads `persisted()`,
 *   which asks nothing.
 * - **Eviction.** WebKit clears a site's storage after days without a visit, and any engine may
 *   under storage pressure. A small marker in localStorage remembers that this browser had a
 *   device id and which changes were still waiting; a start that finds the marker but no device
 *   id in IndexedDB knows the data was cleared. The engine then starts as a new device and
 *   downloads everything from the server (nothing the server holds is lost), and the notice names
 *   the changes that had not been sent. localStorage is cleared with IndexedDB when a browser
 *   wipes the whole site; then there is nothing left to compare, and the device simply starts
 *   afresh.
 */
import type { StoragePromise } from '@pilbara/shared-schema';
import type { PilbaraDatabase } from '../db/database';
import { META, getMeta, setMeta } from './local-store';

/** Where the storage promise and the eviction notice live in the meta table. */
export const OFFLINE_DATA_META = {
  persistence: 'persistence',
  cleared: 'offlineDataCleared',
} as const;

/** The marker's localStorage key. */
export const DEVICE_MARKER_KEY = 'pilbara-sync-device';

export interface DeviceMarker {
  clientId: string;
  /** Names of the mutations waiting in the outbox, oldest first. */
  pending: string[];
}

export interface StoredPersistence {
  promise: StoragePromise;
  /** When persist() was asked (ISO), so it is asked once per device. */
  askedAt: string | null;
}

/** What a device found when its data had been cleared: the changes that were lost. */
export interface ClearedNotice {
  at: string;
  lostMutations: string[];
}

interface StorageManagerLike {
  persist?: () => Promise<boolean>;
  persisted?: () => Promise<boolean>;
}

function storageManager(): StorageManagerLike | undefined {
  return (globalThis as { navigator?: { storage?: StorageManagerLike } }).navigator?.storage;
}

function localStore(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readDeviceMarker(): DeviceMarker | null {
  try {
    const parsed = JSON.parse(localStore()?.getItem(DEVICE_MARKER_KEY) ?? 'null') as unknown;
    if (
      parsed &&
      typeof parsed === 'object' &&
      typeof (parsed as DeviceMarker).clientId === 'string' &&
      Array.isArray((parsed as DeviceMarker).pending)
    )
      return parsed as DeviceMarker;
  } catch {
    // unreadable: as if there were none
  }
  return null;
}

/** Records this browser's device id and what waits in its outbox (after every change). */
export async function rememberDevice(db: PilbaraDatabase): Promise<void> {
  const clientId = await getMeta<string | null>(db, META.clientId, null);
  if (!clientId) return;
  const pending = (await db.outbox.orderBy('seq').toArray()).map((item) => item.name);
  try {
    localStore()?.setItem(DEVICE_MARKER_KEY, JSON.stringify({ clientId, pending }));
  } catch {
    // storage full or blocked: the eviction check has less to go on, nothing else changes
  }
}

/**
 * At start, before the engine takes a device id: when this browser knew one and IndexedDB no
 * longer has it, the offline data was cleared. Records and answers the notice (null otherwise).
 */
export async function detectClearedData(
  db: PilbaraDatabase,
  now: () => Date = () => new Date(),
): Promise<ClearedNotice | null> {
  const marker = readDeviceMarker();
  if (!marker) return null;
  const clientId = await getMeta<string | null>(db, META.clientId, null);
  if (clientId) return null;
  const notice: ClearedNotice = { at: now().toISOString(), lostMutations: marker.pending };
  await setMeta(db, OFFLINE_DATA_META.cleared, notice);
  try {
    localStore()?.removeItem(DEVICE_MARKER_KEY);
  } catch {
    // see rememberDevice
  }
  return notice;
}

async function storePersistence(db: PilbaraDatabase, value: StoredPersistence): Promise<void> {
  await setMeta(db, OFFLINE_DATA_META.persistence, value);
}

/** Reads the browser's promise without asking for one (no prompt). */
export async function readPersistence(db: PilbaraDatabase): Promise<StoragePromise> {
  const storage = storageManager();
  const stored = await getMeta<StoredPersistence | null>(db, OFFLINE_DATA_META.persistence, null);
  let promise: StoragePromise;
  if (!storage?.persist) promise = 'unsupported';
  else if (await storage.persisted?.().catch(() => false)) promise = 'granted';
  // Asked, but no answer recorded: the question is still open (Firefox asks the person, who may
  // not have answered), so the browser has promised nothing and has not refused either.
  else promise = stored?.askedAt && stored.promise !== 'not-asked' ? 'refused' : 'not-asked';
  if (promise !== stored?.promise)
    await storePersistence(db, { promise, askedAt: stored?.askedAt ?? null });
  return promise;
}

/**
 * Asks the browser to keep the data, once per device (a staff sign-in, unsent work to keep), or
 * `again` when something changed the browser's answer (the app was just installed). The
 * question is recorded before it is asked: a prompt left unanswered is not asked again.
 */
export async function askPersistenceOnce(
  db: PilbaraDatabase,
  now: () => Date = () => new Date(),
  { again = false }: { again?: boolean } = {},
): Promise<StoragePromise> {
  const storage = storageManager();
  const stored = await getMeta<StoredPersistence | null>(db, OFFLINE_DATA_META.persistence, null);
  if (!storage?.persist) return readPersistence(db);
  if (stored?.promise === 'granted' || (stored?.askedAt && !again)) return stored.promise;
  const askedAt = now().toISOString();
  await storePersistence(db, { promise: 'not-asked', askedAt });
  const granted = await storage.persist().catch(() => false);
  const promise: StoragePromise = granted ? 'granted' : 'refused';
  await storePersistence(db, { promise, askedAt });
  return promise;
}
