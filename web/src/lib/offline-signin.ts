/**
 * Offline sign-in. A staff member who signed in online on this device can
 * sign in again here without signal, for up to OFFLINE_SIGNIN_DAYS (14) days after that online
 * sign-in.
 *
 * How it is protected:
 * - The password is never stored. At each online sign-in the device derives a verifier with
 *   PBKDF2-HMAC-SHA-256 (WebCrypto), OFFLINE_VERIFIER_ITERATIONS (600,000) rounds and a random
 *   16-byte salt of its own, and keeps only {salt, rounds, hash, the user, signedInAt} in
 *   localStorage under 'offline_signin', one entry per username.
 * - Someone who copies that storage cannot read the password from it; trying passwords against
 *   it costs 600,000 hashes each, so a long password stays out of reach. A short one does not,
 *   which is why the window is limited and the server's own check is always tried first.
 * - The verifier opens only this device's local data. The server never accepts it: when signal
 *   returns, the app signs in to the server with the password (held in memory for that, never
 *   written anywhere) before anything syncs, and a password the server refuses signs out.
 * When it expires: 14 days after the last online sign-in on this device (each online sign-in
 * starts a fresh window), at once if the device clock reads well before that sign-in, and when
 * the server refuses the password (changed or account closed), the entry is removed.
 */
import {
  OFFLINE_VERIFIER_ITERATIONS,
  isOfflineSignInUsable,
  mayStoreOfflineSignIn,
  offlineSignInKey,
} from '@pilbara/shared-schema';

/** localStorage key of the verifiers, by lower-case username. */
export const OFFLINE_SIGNIN_KEY = 'offline_signin';

/** One user's verifier as stored. `user` is the user the server gave at that sign-in. */
export interface OfflineVerifier {
  user: { username: string; role: string; [field: string]: unknown };
  /** Base64 of the 16 random salt bytes. */
  salt: string;
  iterations: number;
  /** Base64 of the 32-byte PBKDF2 output. */
  hash: string;
  /** The online sign-in this verifier was made at (ISO). */
  signedInAt: string;
}

export type VerifierCheck = 'match' | 'mismatch' | 'expired';

function toBase64(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const raw = atob(text);
  const bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** PBKDF2-HMAC-SHA-256 of the password, 32 bytes, as base64. */
export async function deriveHash(
  password: string,
  salt: Uint8Array<ArrayBuffer>,
  iterations: number,
): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(password),
    'PBKDF2',
    false,
    ['deriveBits'],
  );
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations },
    key,
    256,
  );
  return toBase64(new Uint8Array(bits));
}

/** A fresh verifier for `user`'s password, with a new random salt. */
export async function createVerifier(
  user: OfflineVerifier['user'],
  password: string,
  now: Date,
  iterations: number = OFFLINE_VERIFIER_ITERATIONS,
): Promise<OfflineVerifier> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  return {
    user,
    salt: toBase64(salt),
    iterations,
    hash: await deriveHash(password, salt, iterations),
    signedInAt: now.toISOString(),
  };
}

/** Equal-length comparison that looks at every character, whatever the first difference. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i += 1) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

/** Whether `password` is the one the verifier was made from, and whether it is still usable. */
export async function checkVerifier(
  verifier: OfflineVerifier,
  password: string,
  now: Date,
): Promise<VerifierCheck> {
  if (!isOfflineSignInUsable(new Date(verifier.signedInAt), now)) return 'expired';
  const hash = await deriveHash(password, fromBase64(verifier.salt), verifier.iterations);
  return sameText(hash, verifier.hash) ? 'match' : 'mismatch';
}

function isVerifier(value: unknown): value is OfflineVerifier {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  const user = v.user as Record<string, unknown> | null;
  return (
    typeof user === 'object' &&
    user !== null &&
    typeof user.username === 'string' &&
    typeof user.role === 'string' &&
    typeof v.salt === 'string' &&
    typeof v.hash === 'string' &&
    typeof v.signedInAt === 'string' &&
    typeof v.iterations === 'number' &&
    Number.isInteger(v.iterations) &&
    v.iterations > 0
  );
}

function readAll(): Record<string, OfflineVerifier> {
  try {
    const parsed = JSON.parse(localStorage.getItem(OFFLINE_SIGNIN_KEY) ?? '{}') as unknown;
    if (typeof parsed !== 'object' || parsed === null) return {};
    return Object.fromEntries(Object.entries(parsed).filter(([, value]) => isVerifier(value)));
  } catch {
    return {};
  }
}

function writeAll(all: Record<string, OfflineVerifier>): void {
  try {
    localStorage.setItem(OFFLINE_SIGNIN_KEY, JSON.stringify(all));
  } catch {
    // Storage full or blocked: offline sign-in is simply not available on this device.
  }
}

let pending: Promise<void> = Promise.resolve();

/**
 * Records a verifier after an online sign-in (staff only). Runs in the background; an offline
 * sign-in on this page waits for it, so going offline right after signing in still works.
 */
export function rememberOfflineSignIn(
  user: OfflineVerifier['user'],
  password: string,
  now: Date = new Date(),
): Promise<void> {
  if (!mayStoreOfflineSignIn(user.role)) {
    forgetOfflineSignIn(user.username);
    return pending;
  }
  pending = pending
    .then(async () => {
      const verifier = await createVerifier(user, password, now);
      writeAll({ ...readAll(), [offlineSignInKey(user.username)]: verifier });
    })
    .catch(() => undefined);
  return pending;
}

/** Removes a user's verifier (the server refused their password, or they are not staff). */
export function forgetOfflineSignIn(username: string): void {
  const all = readAll();
  const key = offlineSignInKey(username);
  if (!(key in all)) return;
  delete all[key];
  writeAll(all);
}

/**
 * The stored user when `password` matches the verifier kept for `username` and it has not
 * expired; null otherwise (no verifier, wrong password or expired: the caller says it cannot
 * check without a connection, never that the password is wrong). An expired entry is removed.
 */
export async function signInOffline(
  username: string,
  password: string,
  now: Date = new Date(),
): Promise<OfflineVerifier['user'] | null> {
  await pending;
  const key = offlineSignInKey(username);
  const verifier = readAll()[key];
  if (!verifier) return null;
  const check = await checkVerifier(verifier, password, now);
  if (check === 'expired') forgetOfflineSignIn(username);
  return check === 'match' ? verifier.user : null;
}
