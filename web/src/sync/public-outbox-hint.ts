/**
 * A hint, kept in localStorage, that the public outbox (IndexedDB) holds submissions waiting to be
 * sent. Reading IndexedDB needs Dexie, which public pages keep out of their first load; the hint
 * lets a page decide without it whether to load the outbox runner at all. It may be stale (set
 * while the outbox is already empty): then the runner loads, finds nothing and clears it.
 */
import { onStoredChange } from '../lib/storage';

const KEY = 'publicOutboxPending';
const EVENT = 'pilbara:outbox-hint';

export function outboxMayHold(): boolean {
  try {
    return typeof window !== 'undefined' && window.localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

export function setOutboxHint(pending: boolean): void {
  try {
    if (pending) window.localStorage.setItem(KEY, '1');
    else window.localStorage.removeItem(KEY);
  } catch {
    // Storage blocked: the runner then only starts after a submission in this tab.
  }
  window.dispatchEvent(new Event(EVENT));
}

/** Calls `listener` when the hint changes, in this tab or another. */
export function onOutboxHint(listener: () => void): () => void {
  return onStoredChange(KEY, EVENT, listener);
}
