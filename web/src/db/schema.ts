/**
 * The versions of the browser database 'pilbara', in one place. Dexie needs every version that
 * a device may still hold, in order; a new version only ever adds or changes tables, so a device
 * that last ran an old build upgrades in place without losing its outbox.
 *
 * To add the staff sync tables, append a version with a higher number that lists only the new or
 * changed stores (Dexie carries the rest forward), and add the row types below.
 */

/** Public form kinds and the REST call each one is delivered to (DESIGN §5 "Scope"). */
export const PUBLIC_FORM_ENDPOINTS = {
  contact: '/api/contact',
  booking: '/api/bookings',
  feedback: '/api/feedback',
} as const;

export type PublicFormKind = keyof typeof PUBLIC_FORM_ENDPOINTS;

/** A contact message, booking or feedback waiting on this device to be delivered. */
export interface PublicOutboxItem {
  /** A UUID that is also the Idempotency-Key sent with every attempt. */
  id: string;
  kind: PublicFormKind;
  /** The validated form values, exactly as they will be POSTed. */
  body: Record<string, unknown>;
  /** ISO-8601 UTC; delivery goes oldest first. */
  createdAt: string;
  attempts: number;
  lastError: string | null;
}

export const DB_NAME = 'pilbara';

/** Every schema version, oldest first. Never edit a released entry; append a new one. */
export const DB_VERSIONS: ReadonlyArray<{ version: number; stores: Record<string, string | null> }> = [
  {
    version: 1,
    stores: {
      publicOutbox: 'id, createdAt',
    },
  },
];

/** The newest schema version (what this build opens the database at). */
export const DB_VERSION = DB_VERSIONS[DB_VERSIONS.length - 1]?.version ?? 1;
