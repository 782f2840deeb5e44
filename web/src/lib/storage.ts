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
