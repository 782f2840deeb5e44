/**
 * What the staff app says about keeping its offline data (docs/sync.md,
 * docs/decisions/2026-11-27-three-engines.md). Browsers may clear a site's storage — WebKit after
 * days without a visit or when the phone runs low, any engine under storage pressure — unless the
 * site asked to keep it (`navigator.storage.persist()`) and the browser agreed. The app asks once
 * it holds work the server does not have yet, shows the answer in the sync chip's details, and
 * tells staff in plain words when their data was cleared.
 */

/** The browser's promise about this site's offline data. */
export type StoragePromise =
  /** The browser agreed to keep it (persist() answered true). */
  | 'granted'
  /** Asked, and the browser would not promise. */
  | 'refused'
  /** Not asked yet: the app asks once it holds unsent work. */
  | 'not-asked'
  /** This browser has no way to ask (no StorageManager.persist). */
  | 'unsupported';

/** The sync chip's details line for each answer. */
export const STORAGE_PROMISE_TEXT: Record<StoragePromise, string> = {
  granted: 'This device keeps your offline data.',
  refused:
    'The browser would not promise to keep offline data: it may clear it when storage is low. Sync before closing.',
  'not-asked': 'The browser may clear offline data when storage is low. Sync before closing.',
  unsupported: 'This browser makes no promise to keep offline data. Sync before closing.',
};

/**
 * What staff on a WebKit browser (Safari, and every browser on an iPhone or iPad) are told
 * besides the promise: WebKit deletes what a site's scripts stored after 7 days of use without a
 * visit to it, whatever `persist()` answered, unless the site is installed on the home screen.
 */
export const WEBKIT_KEEP_ADVICE =
  'On Safari and on an iPhone or iPad: install the app (Share, then Add to Home Screen) or open it at least once a week. Otherwise the browser deletes what this app keeps after 7 days without a visit.';

/** The browser the app runs in, as far as keeping its data goes. */
export interface StorageBrowser {
  /** A WebKit engine (Safari, any iPhone or iPad browser). */
  webkit: boolean;
  /** Opened as an installed app (home screen, standalone window). */
  installed: boolean;
}

/**
 * What the sync chip's details say about this device's offline data: the browser's promise,
 * and on WebKit outside an installed app what staff must do so it is not deleted.
 */
export function storageLines(promise: StoragePromise | null, browser: StorageBrowser): string[] {
  const lines = [promise ? STORAGE_PROMISE_TEXT[promise] : 'Offline storage status unknown.'];
  if (browser.webkit && !browser.installed) lines.push(WEBKIT_KEEP_ADVICE);
  return lines;
}

/** Whether the chip warns that the data is at risk. */
export function storageAtRisk(promise: StoragePromise | null): boolean {
  return promise !== null && promise !== 'granted';
}

/** The notice's title when a device finds its offline data gone. */
export const OFFLINE_DATA_CLEARED_TITLE = "This phone's offline data was cleared";

/**
 * What staff are told when the browser cleared the app's offline data: the server's data is
 * downloaded again, and the changes made on this phone that had not reached the server — by
 * their labels, one per change, in the order made — are named as lost.
 */
export function offlineDataClearedMessage(lostChanges: readonly string[]): string {
  const recovered =
    'The browser cleared what this app kept on the phone. Everything saved on the server is being downloaded again.';
  if (lostChanges.length === 0) return `${recovered} Nothing waiting to be sent was lost.`;
  const counts = new Map<string, number>();
  for (const label of lostChanges) counts.set(label, (counts.get(label) ?? 0) + 1);
  const named = [...counts].map(([label, n]) => (n > 1 ? `${label} (${n})` : label)).join(', ');
  const changes = lostChanges.length === 1 ? '1 change' : `${lostChanges.length} changes`;
  return `${recovered} ${changes} made on this phone had not reached the server and ${
    lostChanges.length === 1 ? 'was' : 'were'
  } lost: ${named}. Please enter ${lostChanges.length === 1 ? 'it' : 'them'} again.`;
}
