/**
 * Small typed wrappers over localStorage for the spec's browser-storage keys ('auth_user',
 * 'customerInfo'). Reads go through a parser and discard what it cannot read, so a corrupted or
 * outdated value never crashes a page.
 */

export const STORAGE_KEYS = {
  authUser: 'auth_user',
  customerInfo: 'customerInfo',
} as const;

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    // Access can throw in private modes or sandboxed frames; behave as empty storage.
    return undefined;
  }
}

/**
 * Reads a stored JSON value through `parse` (null = unreadable); an unreadable value is removed
 * and null returned.
 */
export function readStored<T>(key: string, parse: (value: unknown) => T | null): T | null {
  const store = storage();
  const raw = store?.getItem(key);
  if (raw == null) return null;
  try {
    const parsed = parse(JSON.parse(raw));
    if (parsed !== null) return parsed;
  } catch {
    // fall through: not JSON
  }
  store?.removeItem(key);
  return null;
}

export function writeStored(key: string, value: unknown): void {
  try {
    storage()?.setItem(key, JSON.stringify(value));
  } catch {
    // Quota or privacy mode: the value lives only in memory for this visit.
  }
}

export function removeStored(key: string): void {
  storage()?.removeItem(key);
}

/**
 * Calls `listener` when the localStorage value under `key` changes: in this tab when the writer
 * dispatches `event` on window, in another tab through the browser's `storage` event (a `null`
 * key there means the storage was cleared). Returns the unsubscribe function.
 */
export function onStoredChange(key: string, event: string, listener: () => void): () => void {
  const onStorage = (change: StorageEvent) => {
    if (change.key === key || change.key === null) listener();
  };
  window.addEventListener(event, listener);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(event, listener);
    window.removeEventListener('storage', onStorage);
  };
}
