/**
 * The app's sync client: the one database, `mutate` and `mintId` for screens, and
 * `startSync` / `stopSync` that run the engine in the leader tab. Tabs tell each other about new
 * outbox rows and low leases over a BroadcastChannel, so the leader pushes a write made in any
 * tab at once.
 */
import type {
  HistoryDays,
  INTEGER_ID_SERIES,
  MergeNotice,
  MutatorArgs,
  MutatorName,
} from '@pilbara/shared-schema';
import { clearKeptChanges, writeKeptChanges } from '../lib/kept-changes';
import { liveQuery } from 'dexie';
import { getDatabase, type PilbaraDatabase } from '../db/database';
import type { LocalFieldFile } from '../db/schema';
import { FileUploader } from './field-files';
import { SyncEngine, type EngineOptions } from './engine';
import { leaderLockName, runAsLeader } from './leader';
import { NoIdsLeftError, mintIdFrom, onLeaseLow, waitForIds, type MintSeries } from './leases';
import {
  discardIssue as discardIssueIn,
  resolveConflict as resolveConflictIn,
  retryIssue as retryIssueIn,
  undoNotice as undoNoticeIn,
  wouldApply,
} from './issue-actions';
import { META, mutateLocal, getMeta, setMeta, type MutateResult } from './local-store';
import {
  askPersistenceOnce,
  detectClearedData,
  readPersistence,
  rememberDevice,
  type ClearedNotice,
} from './offline-data';
import { httpConnector, socketConnector, type FetchLike, type WebSocketFactory } from './transport';

const CHANNEL = 'pilbara-sync';

let database: PilbaraDatabase | undefined;
let channel: BroadcastChannel | null | undefined;
interface Running {
  options: StartSyncOptions;
  abort: AbortController;
  engine: SyncEngine | null;
  uploader: FileUploader | null;
  cleanup: () => void;
}

let running: Running | null = null;

/**
 * A page leaving (navigation, close, or into the back/forward cache) steps down as leader so the
 * next page of the app gets the lock at once. WebKit keeps a page it cached for going back alive
 * with its Web Locks held: the admin panel opened after the home page then waited behind it and
 * never synced ("Not syncing"). A cached page coming back starts again with the same options.
 */
let suspended: StartSyncOptions | null = null;
let lifecycleWatched = false;

function watchPageLifecycle(): void {
  if (lifecycleWatched || typeof globalThis.addEventListener !== 'function') return;
  lifecycleWatched = true;
  globalThis.addEventListener('pagehide', () => {
    if (!running) return;
    suspended = running.options;
    void haltSync();
  });
  globalThis.addEventListener('pageshow', (event) => {
    if (!(event as PageTransitionEvent).persisted || !suspended || running) return;
    const options = suspended;
    suspended = null;
    startSync(options);
  });
}

/** The database screens read (with `useLiveQuery`) and the engine syncs. */
export function getSyncDatabase(): PilbaraDatabase {
  database ??= getDatabase();
  return database;
}

function getChannel(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
  }
  return channel;
}

/**
 * Keeps `days` of history on this device (staff's choice, within what the role allows) and
 * downloads the device's data again to match: the tab running the engine does it, whichever
 * tab the choice was made in.
 */
export async function keepHistory(days: HistoryDays): Promise<void> {
  await setMeta(getSyncDatabase(), META.historyDays, days);
  if (running?.engine) running.engine.downloadAgain();
  else getChannel()?.postMessage({ kind: 'download-again' });
}

function announce(kind: 'outbox' | 'lease-low'): void {
  running?.engine?.kick();
  running?.uploader?.kick();
  getChannel()?.postMessage({ kind });
}

/**
 * A staff write: validates `args` with the mutator's schema, applies it to the local tables for
 * the instant UI and appends it to the outbox in one transaction. Resolves after the commit with
 * `{ok: true, result}`, or `{ok: false, code, message}` when the mutator refuses (nothing is
 * written then). Typed from the mutator registry: an unknown name or a wrong argument is a
 * compile error in the screen that makes the call.
 */
export async function mutate<N extends MutatorName>(
  name: N,
  args: MutatorArgs<N>,
): Promise<MutateResult> {
  const result = await mutateLocal(getSyncDatabase(), name, args);
  if (result.ok) announce('outbox');
  return result;
}

/**
 * Records a photo or signature (`photo.add` / `signature.add`), or a pre-start check with the
 * photos of its failed items (`prestart.submit`), and keeps the bytes on this device in the same
 * transaction; the leader tab's uploader sends them when the server holds the record.
 */
export async function mutateWithFile<
  N extends 'photo.add' | 'signature.add' | 'prestart.submit' | 'yard.release',
>(
  name: N,
  args: MutatorArgs<N>,
  file: LocalFieldFile | readonly LocalFieldFile[],
): Promise<MutateResult> {
  const files = Array.isArray(file) ? file : [file as LocalFieldFile];
  const result = await mutateLocal(getSyncDatabase(), name, args, undefined, files);
  if (result.ok) announce('outbox');
  return result;
}

/** The id a series mints: a number for the integer-id tables, text (`JOB-2026-57`) otherwise. */
export type MintedId<S extends MintSeries> = S extends (typeof INTEGER_ID_SERIES)[number]
  ? number
  : string;

/**
 * How long a write waits for the device's first blocks of ids while it is connected. A device
 * signed in a moment ago shows "Synced" as soon as its outbox is empty and the link is up, which
 * can be before the server's blocks have arrived (seconds, on a busy server): an admin who
 * approved a booking at once was told "No ids left on this device" while online.
 */
const FIRST_IDS_WAIT_MS = 15_000;

/**
 * A final id minted on this device from its leases: `mintId('JOB')` → `'JOB-2026-57'`,
 * `mintId('fuel_records')` → `1043`. With none left while syncing and online, it asks for a block
 * and waits for it (up to {@link FIRST_IDS_WAIT_MS}); offline, or still none after that, it throws
 * `NoIdsLeftError` (the device has never synced).
 */
export async function mintId<S extends MintSeries>(series: S): Promise<MintedId<S>> {
  const db = getSyncDatabase();
  try {
    return (await mintIdFrom(db, series)) as MintedId<S>;
  } catch (error) {
    const online = globalThis.navigator?.onLine !== false;
    if (!(error instanceof NoIdsLeftError) || !running || !online) throw error;
    announce('lease-low');
    if (!(await waitForIds(db, series, FIRST_IDS_WAIT_MS))) throw error;
    return (await mintIdFrom(db, series)) as MintedId<S>;
  }
}

export interface StartSyncOptions {
  /** The server's origin, e.g. `window.location.origin`. */
  baseUrl: string;
  /** Tests: a WebSocket factory and fetch. */
  webSocket?: WebSocketFactory;
  fetch?: FetchLike;
  engine?: Partial<Omit<EngineOptions, 'db' | 'connectors'>>;
  /**
   * The server no longer accepts this staff session (deactivated, role changed, password reset,
   * signed out elsewhere): the app signs the user out. Called by the tab running the engine.
   */
  onSignedOut?: (message: string | null) => void;
  /**
   * The browser had cleared this device's offline data (found at start, before syncing again):
   * the app tells staff what was lost. Called by the tab running the engine.
   */
  onDataCleared?: (notice: ClearedNotice) => void;
}

/**
 * Starts syncing for a signed-in admin: the tab that wins the leader lock runs the engine, the
 * others wait their turn. Idempotent; call `stopSync()` on sign-out.
 */
export function startSync(options: StartSyncOptions): void {
  if (running) return;
  const db = getSyncDatabase();
  const abort = new AbortController();
  watchPageLifecycle();
  const state: Running = {
    options,
    abort,
    engine: null,
    uploader: null,
    cleanup: () => undefined,
  };
  running = state;

  const onMessage = (event: MessageEvent<{ kind?: string }>) => {
    if (event.data?.kind === 'outbox' || event.data?.kind === 'lease-low') state.engine?.kick();
    if (event.data?.kind === 'outbox') state.uploader?.kick();
    if (event.data?.kind === 'download-again') state.engine?.downloadAgain();
  };
  const onOnline = () => {
    state.engine?.setNetworkAvailable(true);
    state.uploader?.kick();
  };
  const onOffline = () => state.engine?.setNetworkAvailable(false);
  // Installed: Chromium keeps an installed app's data when asked, where it refused a tab.
  const onInstalled = () =>
    void askPersistenceOnce(db, undefined, { again: true }).catch(() => undefined);
  const onVisible = () => {
    if (typeof document === 'undefined' || document.visibilityState === 'visible')
      state.engine?.reconnectNow();
  };
  getChannel()?.addEventListener('message', onMessage);
  const stopLeaseLow = onLeaseLow(() => announce('lease-low'));
  globalThis.addEventListener?.('online', onOnline);
  globalThis.addEventListener?.('offline', onOffline);
  globalThis.addEventListener?.('appinstalled', onInstalled);
  globalThis.document?.addEventListener('visibilitychange', onVisible);
  // A newer build opened the database with a higher version: step aside so it can upgrade.
  const onVersionChange = () => {
    db.close();
    if (typeof location !== 'undefined') location.reload();
    return false;
  };
  db.on('versionchange', onVersionChange);
  state.cleanup = () => {
    getChannel()?.removeEventListener('message', onMessage);
    stopLeaseLow();
    globalThis.removeEventListener?.('online', onOnline);
    globalThis.removeEventListener?.('offline', onOffline);
    globalThis.removeEventListener?.('appinstalled', onInstalled);
    globalThis.document?.removeEventListener('visibilitychange', onVisible);
    db.on('versionchange').unsubscribe(onVersionChange);
  };

  // Whether the browser promised to keep the data, read without asking (no prompt).
  void readPersistence(db).catch(() => undefined);
  void runAsLeader(
    leaderLockName(db.name),
    async () => {
      // The first thing checked, before the engine takes a device id: was this device's data
      // (and the unsent work in its outbox) cleared by the browser? The engine then starts as
      // a new device and downloads everything again by itself.
      const cleared = await detectClearedData(db).catch(() => null);
      if (cleared) options.onDataCleared?.(cleared);
      // Staff signed in: the device is about to hold the business's records, so ask the browser
      // to keep them (once per device; a browser may show a prompt).
      void askPersistenceOnce(db).catch(() => undefined);
      // Keep the eviction marker current, and once there is unsent work ask the browser to keep
      // it (WebKit clears the storage of sites not used for days unless it agreed).
      const outboxWatch = liveQuery(() =>
        Promise.all([db.outbox.orderBy('seq').primaryKeys(), db.meta.get(META.clientId)]),
      ).subscribe({
        next: ([pending]) => {
          void rememberDevice(db).catch(() => undefined);
          if (pending.length > 0) void askPersistenceOnce(db).catch(() => undefined);
        },
      });
      const engine = new SyncEngine({
        ...options.engine,
        onStatus: (status) => {
          options.engine?.onStatus?.(status);
          if (status.state === 'signed-out') options.onSignedOut?.(status.message);
        },
        db,
        connectors: [
          socketConnector(options.baseUrl, options.webSocket),
          httpConnector(options.baseUrl, options.fetch),
        ],
      });
      state.engine = engine;
      if (typeof navigator !== 'undefined' && navigator.onLine === false)
        engine.setNetworkAvailable(false);
      await engine.start();
      // The field record's bytes: sent when the server confirms a record, dropped when it
      // confirms holding them (both arrive as synced rows).
      const uploader = new FileUploader(db, options.baseUrl);
      state.uploader = uploader;
      uploader.start();
      const watch = liveQuery(() =>
        Promise.all([
          db.confirmed('job_photos').count(),
          db.confirmed('job_signatures').count(),
          // A failed pre-start item's photo goes once its defect is confirmed.
          db.confirmed('vehicle_defects').count(),
          db.stored_files.count(),
        ]),
      ).subscribe({ next: () => uploader.kick() });
      return async () => {
        watch.unsubscribe();
        outboxWatch.unsubscribe();
        uploader.stop();
        state.uploader = null;
        state.engine = null;
        await engine.stop();
      };
    },
    abort.signal,
  );
}

/** Stops syncing in this tab (sign-out, tests). The outbox stays for the next start. */
export async function stopSync(): Promise<void> {
  suspended = null;
  await haltSync();
}

async function haltSync(): Promise<void> {
  const state = running;
  if (!state) return;
  running = null;
  state.cleanup();
  const engine = state.engine;
  state.abort.abort();
  await engine?.stop();
}

/** Sends a rejected mutation again (after staff fixed what it refers to) and clears the issue. */
export async function retryIssue(issueId: string): Promise<MutateResult> {
  const result = await retryIssueIn(getSyncDatabase(), issueId);
  if (result.ok) announce('outbox');
  return result;
}

/**
 * Settles a conflict (keep mine / keep theirs / per part): queues the edit that puts the parts
 * chosen as `mine` back and clears the conflict.
 */
export async function resolveConflict(
  issueId: string,
  choices: Record<string, 'mine' | 'theirs'>,
): Promise<{ ok: true } | { ok: false; message: string }> {
  const chosenMine = Object.values(choices).includes('mine');
  const noticeId = chosenMine ? await noticeIdOrNone() : undefined;
  const result = await resolveConflictIn(getSyncDatabase(), issueId, choices, noticeId);
  if (result.ok) announce('outbox');
  return result;
}

/**
 * A leased id for a notice telling the other owner their value was replaced; none on
 * a device that has not leased that series yet (the edit still goes, untold).
 */
async function noticeIdOrNone(): Promise<number | undefined> {
  try {
    return Number(await mintIdFrom(getSyncDatabase(), 'merge_notices'));
  } catch {
    return undefined;
  }
}

/** Whether a refused change would apply now (the needs-attention list's Retry). */
export async function canRetryIssue(issue: { name: string; args: unknown }): Promise<boolean> {
  return wouldApply(getSyncDatabase(), issue.name, issue.args);
}

/** Puts this owner's values back over the other's, and settles the notice. */
export async function undoNotice(
  notice: MergeNotice,
): Promise<{ ok: true } | { ok: false; message: string }> {
  const result = await undoNoticeIn(getSyncDatabase(), notice, await noticeIdOrNone());
  if (result.ok) announce('outbox');
  return result;
}

/** Accepts the other owner's value: the notice is settled, nothing else changes. */
export async function acceptNotice(
  notice: MergeNotice,
): Promise<{ ok: true } | { ok: false; message: string }> {
  const result = await mutateLocal(getSyncDatabase(), 'mergeNotice.settle', {
    id: notice.id,
    status: 'accepted',
  });
  if (result.ok) announce('outbox');
  return result;
}

/** Drops a rejected mutation from "needs attention"; the server's state already shows. */
export async function discardIssue(issueId: string): Promise<void> {
  await discardIssueIn(getSyncDatabase(), issueId);
}

/** Changes kept on the device at a sign-out, for one user. */
export interface KeptChanges {
  userId: string;
  name: string;
  count: number;
}

/**
 * "Keep on this device and sign out": the outbox stays as it is and is marked as this user's,
 * so it is sent under their name at their next sign-in here, and not under someone else's.
 */
export async function keepOutboxFor(user: {
  id: number | string;
  name: string;
  username: string;
}): Promise<void> {
  await setMeta(getSyncDatabase(), META.keptFor, { userId: String(user.id), name: user.name });
  // What the signed-out shell reads to say whose changes wait.
  writeKeptChanges({ userId: String(user.id), name: user.name, username: user.username });
}

/**
 * Changes kept for another user than `userId` that still wait: the sync must not send them
 * under this user's session. Returns null (and drops the mark) when nothing is kept, the
 * outbox has emptied, or the owner of the kept changes is the one signing in.
 */
export async function keptForAnother(userId: number | string): Promise<KeptChanges | null> {
  const db = getSyncDatabase();
  return db.transaction('rw', db.meta, db.outbox, async () => {
    const kept = await getMeta<{ userId: string; name: string } | null>(db, META.keptFor, null);
    if (!kept) return null;
    const count = await db.outbox.count();
    if (count === 0 || kept.userId === String(userId)) {
      await db.meta.delete(META.keptFor);
      clearKeptChanges();
      return null;
    }
    return { ...kept, count };
  });
}
