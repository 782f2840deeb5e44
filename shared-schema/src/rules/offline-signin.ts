/**
 * Offline sign-in: a staff member who signed in online on a device may sign
 * in there again without signal, checked against a verifier the device derived from the password
 * at that online sign-in (web/src/lib/offline-signin.ts). These are the rules of when such a
 * verifier may still be used; the derivation itself needs WebCrypto and lives in the web app.
 */

/** Days an offline sign-in stays possible after the last online sign-in on that device. */
export const OFFLINE_SIGNIN_DAYS = 14;

/** PBKDF2-HMAC-SHA-256 rounds for the verifier (OWASP's 2023 figure for this hash). */
export const OFFLINE_VERIFIER_ITERATIONS = 600_000;

/**
 * How far before the recorded online sign-in the device clock may read and still count: a clock
 * a few minutes slow is normal, but a clock set back by days would otherwise stretch the window.
 */
export const OFFLINE_SIGNIN_CLOCK_TOLERANCE_MS = 5 * 60_000;

/** Roles that may sign in offline: staff, whose work is on the device. */
export const OFFLINE_SIGNIN_ROLES: readonly string[] = ['admin', 'driver'];

const DAY_MS = 24 * 60 * 60_000;

/** When a verifier recorded at `signedInAt` (the online sign-in) stops working. */
export function offlineSignInExpiresAt(signedInAt: Date): Date {
  return new Date(signedInAt.getTime() + OFFLINE_SIGNIN_DAYS * DAY_MS);
}

/**
 * Whether a verifier recorded at `signedInAt` may be used at `now`: not after
 * {@link OFFLINE_SIGNIN_DAYS} days, and not when the clock reads well before the sign-in itself
 * (a clock turned back). An unreadable date never counts.
 */
export function isOfflineSignInUsable(signedInAt: Date, now: Date): boolean {
  const start = signedInAt.getTime();
  const at = now.getTime();
  if (!Number.isFinite(start) || !Number.isFinite(at)) return false;
  if (at < start - OFFLINE_SIGNIN_CLOCK_TOLERANCE_MS) return false;
  return at < offlineSignInExpiresAt(signedInAt).getTime();
}

/** Whether a user of this role gets an offline verifier at all. */
export function mayStoreOfflineSignIn(role: string): boolean {
  return OFFLINE_SIGNIN_ROLES.includes(role);
}

/** The key a verifier is stored under: usernames are matched without regard to case. */
export function offlineSignInKey(username: string): string {
  return username.trim().toLowerCase();
}
