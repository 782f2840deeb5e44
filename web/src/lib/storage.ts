/**
 * Small typed wrappers over localStorage for the spec's browser-storage keys ('auth_user',
 * 'customerInfo'). Reads validate with a zod schema and discard what they cannot read, so a
 * corrupted or outdated value never crashes a page.
 */
import type { z } from 'zod';

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

/** Reads and validates a stored JSON value; an unreadable value is removed and null returned. */
export function readStored<S extends z.ZodType>(key: string, schema: S): z.infer<S> | null {
  const store = storage();
  const raw = store?.getItem(key);
  if (raw == null) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    if (parsed.success) return parsed.data;
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
