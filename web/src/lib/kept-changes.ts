/**
 * The hint that staff changes wait on this device for someone to sign in, so a device
 * is never silently stuck. The changes themselves are in the local database's outbox; this small
 * localStorage mark says whose they are, so the app shell can tell a signed-out phone that it
 * holds unsent work without loading the local database for every visitor.
 *
 * Written when a staff member keeps their changes at sign-out, or is signed out by the server
 * with changes still waiting; removed once those changes are theirs to send again (they sign in)
 * or the outbox is empty.
 */
import { onStoredChange, readStored, removeStored, writeStored } from './storage';

const KEY = 'staff_kept_changes';
const EVENT = 'pilbara:kept-changes';

/** Whose changes wait. */
export interface KeptChangesHint {
  userId: string;
  /** Their display name. */
  name: string;
  /** What they sign in with. */
  username: string;
}

function parse(value: unknown): KeptChangesHint | null {
  if (typeof value !== 'object' || value === null) return null;
  const hint = value as Record<string, unknown>;
  return typeof hint.userId === 'string' &&
    typeof hint.name === 'string' &&
    typeof hint.username === 'string'
    ? { userId: hint.userId, name: hint.name, username: hint.username }
    : null;
}

export function readKeptChanges(): KeptChangesHint | null {
  return readStored(KEY, parse);
}

export function writeKeptChanges(hint: KeptChangesHint): void {
  writeStored(KEY, hint);
  window.dispatchEvent(new Event(EVENT));
}

export function clearKeptChanges(): void {
  if (readKeptChanges() === null) return;
  removeStored(KEY);
  window.dispatchEvent(new Event(EVENT));
}

/** Calls `listener` when the hint changes, in this tab or another. */
export function onKeptChanges(listener: () => void): () => void {
  return onStoredChange(KEY, EVENT, listener);
}
