/**
 * The bookings made on this device ('myBookings' in localStorage), so the confirmation screen,
 * the dashboard and the portal can show a booking the moment it is made — before it reaches the
 * server when there is no signal, and with its reference and tracking link once it has.
 *
 * A booking is recorded under its outbox id (the Idempotency-Key it is sent with) before it is
 * sent; the outbox (sync/public-outbox.ts) records the server's answer — the booking number and
 * tracking token — whichever page delivers it. localStorage rather than IndexedDB: it is read
 * synchronously by light public pages that keep Dexie out of their first load, and the list is
 * short (the last MAX_SAVED bookings).
 */
import { onStoredChange } from './storage';

const KEY = 'myBookings';
const EVENT = 'pilbara:my-bookings';
const MAX_SAVED = 20;

export interface SavedBooking {
  /** The outbox id (Idempotency-Key) the booking travels under. */
  outboxId: string;
  /** 'waiting': saved on this device, not yet at the server; 'sent': the server has it. */
  status: 'waiting' | 'sent';
  /** The server's booking number (BKG-…) once sent. */
  reference: string | null;
  /** The tracking token the server gave it, for the tracking link. */
  trackingToken: string | null;
  customerName: string;
  phone: string;
  service: string;
  urgency: string;
  location: string;
  preferredDate: string;
  preferredTime: string;
  savedAt: string;
}

function isSaved(value: unknown): value is SavedBooking {
  if (typeof value !== 'object' || value === null) return false;
  const b = value as Record<string, unknown>;
  return (
    typeof b.outboxId === 'string' &&
    (b.status === 'waiting' || b.status === 'sent') &&
    ['customerName', 'phone', 'service', 'urgency', 'location', 'savedAt'].every(
      (key) => typeof b[key] === 'string',
    )
  );
}

export function readSavedBookings(): SavedBooking[] {
  try {
    if (typeof window === 'undefined') return [];
    const raw = window.localStorage.getItem(KEY);
    if (!raw) return [];
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter(isSaved) : [];
  } catch {
    return [];
  }
}

function write(bookings: SavedBooking[]): void {
  try {
    window.localStorage.setItem(KEY, JSON.stringify(bookings.slice(0, MAX_SAVED)));
  } catch {
    // Storage full or blocked: the confirmation still shows for this page view.
  }
  window.dispatchEvent(new Event(EVENT));
}

/** Records a booking about to be sent (newest first). */
export function saveBooking(booking: SavedBooking): void {
  write([booking, ...readSavedBookings().filter((b) => b.outboxId !== booking.outboxId)]);
}

/** Removes a booking the server refused (the form shows why and keeps the values). */
export function forgetBooking(outboxId: string): void {
  write(readSavedBookings().filter((b) => b.outboxId !== outboxId));
}

/** The booking number and tracking token in a POST /api/bookings answer, wherever they sit. */
function deliveryDetails(answer: unknown): {
  reference: string | null;
  token: string | null;
} {
  const top =
    typeof answer === 'object' && answer !== null ? (answer as Record<string, unknown>) : {};
  const booking =
    typeof top.booking === 'object' && top.booking !== null
      ? (top.booking as Record<string, unknown>)
      : {};
  const text = (value: unknown) => (typeof value === 'string' && value ? value : null);
  return {
    reference: text(booking.id) ?? text(top.id),
    token: text(top.trackingToken) ?? text(booking.trackingToken),
  };
}

/** Records the server's answer to a booking sent under `outboxId`. */
export function markBookingSent(outboxId: string, answer: unknown): void {
  const { reference, token } = deliveryDetails(answer);
  write(
    readSavedBookings().map((b) =>
      b.outboxId === outboxId
        ? {
            ...b,
            status: 'sent',
            reference: reference ?? b.reference,
            trackingToken: token ?? b.trackingToken,
          }
        : b,
    ),
  );
}

/** Calls `listener` when the saved bookings change, in this tab or another. */
export function onSavedBookingsChange(listener: () => void): () => void {
  return onStoredChange(KEY, EVENT, listener);
}

/** A short device reference for a booking still waiting: the start of its outbox id. */
export function deviceReference(outboxId: string): string {
  const hex = outboxId.replace(/[^0-9a-f]/gi, '').toUpperCase();
  return `${hex.slice(0, 4)}-${hex.slice(4, 8)}`;
}

/** Digits of a phone number, for matching what was typed in different ways. */
function phoneDigits(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.startsWith('61') && digits.length === 11 ? `0${digits.slice(2)}` : digits;
}

export function samePhone(a: string, b: string): boolean {
  const x = phoneDigits(a);
  return x.length >= 8 && x === phoneDigits(b);
}
