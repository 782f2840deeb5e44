/**
 * The public forms' local outbox (docs/decisions/2026-11-21-public-forms-outbox.md). A contact
 * message, booking or feedback is written to IndexedDB FIRST and only then POSTed, with the outbox
 * row's UUID as the `Idempotency-Key` header. If the request cannot reach the server (or the server
 * fails with a 5xx) the row stays and is retried on app start, on the `online` event, when the tab
 * becomes visible again and on an interval; because every attempt carries the same key, the server
 * stores it exactly once however many attempts (or tabs) deliver it. A row is deleted only after a
 * 2xx, or after a 4xx that says the data itself is wrong (then the caller shows why).
 */
import { apiRequest, HttpError, isNetworkError, serverMessage } from '../lib/http';
import { getDatabase, type PilbaraDatabase } from '../db/database';
import { PUBLIC_FORM_ENDPOINTS, type PublicFormKind, type PublicOutboxItem } from '../db/schema';
import { setOutboxHint } from './public-outbox-hint';
import { markBookingSent } from '../lib/my-bookings';

/** What the user is told when a submission is kept for later. */
export const OUTBOX_SAVED_OFFLINE =
  "Saved on this device – we'll send it as soon as you're back online.";
export const OUTBOX_SAVED_RATE_LIMITED =
  "It's saved on this device and will be sent automatically when the wait is over.";
export const OUTBOX_SAVED_SERVER_BUSY =
  "Saved on this device – our server couldn't take it just now, so we'll keep trying automatically.";

export type DeliveryOutcome =
  /** Delivered; `response` is the server's JSON answer. */
  | { status: 'sent'; response: unknown }
  /** Kept in the outbox for a later attempt. */
  | { status: 'queued'; reason: 'offline' | 'server'; message: string }
  /** The server refused the data (4xx); the row is removed and the error shown. */
  | { status: 'rejected'; error: HttpError }
  /** Could not be stored on the device and could not be sent either. */
  | { status: 'failed'; error: unknown };

export interface FlushResult {
  delivered: PublicOutboxItem[];
  rejected: Array<{ item: PublicOutboxItem; error: HttpError }>;
  remaining: number;
}

type DeliveryListener = (item: PublicOutboxItem, outcome: DeliveryOutcome) => void;

const listeners = new Set<DeliveryListener>();
/** Rows this tab is sending right now, so a flush never sends a row the submit is still sending. */
const inFlight = new Set<string>();
let flushing: Promise<FlushResult> | null = null;

/**
 * A 4xx that will not change on retry (bad data, feedback already given, …). 408, 425 and 429
 * mean "try again later" and keep the row.
 */
function isPermanentRejection(error: unknown): error is HttpError {
  return (
    error instanceof HttpError &&
    error.status >= 400 &&
    error.status < 500 &&
    ![408, 425, 429].includes(error.status)
  );
}

/** A new outbox id: the submission's Idempotency-Key. */
export function newOutboxId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID exists only in secure contexts; a site opened over plain http on a LAN still works.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

async function attempt(
  db: PilbaraDatabase,
  item: PublicOutboxItem,
  stored: boolean,
): Promise<DeliveryOutcome> {
  inFlight.add(item.id);
  try {
    const response = await apiRequest<unknown>(PUBLIC_FORM_ENDPOINTS[item.kind], {
      method: 'POST',
      body: item.body,
      headers: { 'Idempotency-Key': item.id },
    });
    if (stored) await db.publicOutbox.delete(item.id);
    // The customer's own copy learns its booking number and tracking token, whichever page sent it.
    if (item.kind === 'booking') markBookingSent(item.id, response);
    return { status: 'sent', response };
  } catch (error) {
    if (isPermanentRejection(error)) {
      if (stored) await db.publicOutbox.delete(item.id);
      return { status: 'rejected', error };
    }
    if (!stored) return { status: 'failed', error };
    const offline = isNetworkError(error);
    await db.publicOutbox.update(item.id, {
      attempts: item.attempts + 1,
      lastError: error instanceof Error ? error.message : String(error),
    });
    if (offline) return { status: 'queued', reason: 'offline', message: OUTBOX_SAVED_OFFLINE };
    // Over the per-address budget: the server's 429 says how long to wait; the row
    // stays and goes by itself once the hour has passed.
    if (error instanceof HttpError && error.status === 429) {
      return {
        status: 'queued',
        reason: 'server',
        message: `${serverMessage(error) ?? 'Too many submissions.'} ${OUTBOX_SAVED_RATE_LIMITED}`,
      };
    }
    return { status: 'queued', reason: 'server', message: OUTBOX_SAVED_SERVER_BUSY };
  } finally {
    inFlight.delete(item.id);
  }
}

/**
 * Saves a public form submission on the device, then tries to deliver it at once.
 * "Sent" means the server has it; "queued" means it is safe on the device and will go later.
 */
export async function submitPublicForm(
  kind: PublicFormKind,
  body: Record<string, unknown>,
  db: PilbaraDatabase = getDatabase(),
  id: string = newOutboxId(),
): Promise<DeliveryOutcome> {
  const item: PublicOutboxItem = {
    id,
    kind,
    body,
    createdAt: new Date().toISOString(),
    attempts: 0,
    lastError: null,
  };
  let stored = true;
  try {
    await db.publicOutbox.add(item);
    setOutboxHint(true);
  } catch {
    // IndexedDB unavailable (some private modes): still send it, just without the safety net.
    stored = false;
  }
  const outcome = await attempt(db, item, stored);
  if (stored && outcome.status !== 'queued') {
    const remaining = await db.publicOutbox.count().catch(() => 1);
    if (remaining === 0) setOutboxHint(false);
  }
  return outcome;
}

async function withCrossTabLock<T>(fn: () => Promise<T>): Promise<T> {
  // One tab flushes at a time; the idempotency key already makes a double send harmless, this
  // only saves the extra requests.
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return fn();
  return locks.request('pilbara-public-outbox', fn);
}

/** Tries every waiting row, oldest first. Stops at the first network failure (still offline). */
export function flushPublicOutbox(db: PilbaraDatabase = getDatabase()): Promise<FlushResult> {
  flushing ??= withCrossTabLock(async () => {
    const result: FlushResult = { delivered: [], rejected: [], remaining: 0 };
    const items = await db.publicOutbox.orderBy('createdAt').toArray();
    for (const item of items) {
      if (inFlight.has(item.id)) continue;
      const outcome = await attempt(db, item, true);
      if (outcome.status === 'sent') result.delivered.push(item);
      else if (outcome.status === 'rejected') result.rejected.push({ item, error: outcome.error });
      if (outcome.status !== 'queued') listeners.forEach((listener) => listener(item, outcome));
      else if (outcome.reason === 'offline') break;
    }
    result.remaining = await db.publicOutbox.count();
    if (result.remaining === 0) setOutboxHint(false);
    return result;
  }).finally(() => {
    flushing = null;
  });
  return flushing;
}

/** Hears about rows delivered (or rejected) by a later flush, e.g. to tell the user. */
export function onOutboxDelivery(listener: DeliveryListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

let stopRunner: (() => void) | null = null;

/**
 * Starts background delivery: now, on `online`, when the tab becomes visible, and every
 * `intervalMs`. Safe to call more than once (later calls reuse the running one).
 */
export function startPublicOutbox(intervalMs = 30_000): () => void {
  if (stopRunner) return stopRunner;
  const run = () => {
    void flushPublicOutbox().catch(() => {
      // A database error here is retried on the next trigger; nothing to tell the user yet.
    });
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') run();
  };
  window.addEventListener('online', run);
  document.addEventListener('visibilitychange', onVisible);
  const timer = window.setInterval(run, intervalMs);
  run();
  stopRunner = () => {
    window.removeEventListener('online', run);
    document.removeEventListener('visibilitychange', onVisible);
    window.clearInterval(timer);
    stopRunner = null;
  };
  return stopRunner;
}
