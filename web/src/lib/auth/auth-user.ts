/**
 * The signed-in user as the browser keeps it (localStorage 'auth_user'), and the flags of an
 * offline sign-in and of a sign-out still to send. The server's httpOnly session cookie is the
 * real credential (docs/security.md): this copy only drives what the UI shows.
 */
import { readStored } from '../storage';

/** localStorage key set while signed in offline (no server session yet): the username. */
export const OFFLINE_SESSION_KEY = 'auth_offline';

/**
 * localStorage flag set when a sign-out could not reach the server (no signal): the session
 * cookie is httpOnly, so only the server can end it. The sign-out is sent once there is signal,
 * unless someone signs in first (their sign-in replaces the cookie).
 */
export const LOGOUT_PENDING_KEY = 'auth_logout_pending';

export function readOfflineSession(): string | null {
  return readStored(OFFLINE_SESSION_KEY, (value) => (typeof value === 'string' ? value : null));
}

/** The fields the UI reads from a user; anything else the server sends is kept. */
export interface AuthUser {
  id: number | string;
  username: string;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  role: string;
  [field: string]: unknown;
}

function isOptionalText(value: unknown): boolean {
  return value === undefined || value === null || typeof value === 'string';
}

/**
 * A user as the server or storage gave it, or null when it lacks what the UI reads. Checked by
 * hand rather than with zod: this provider is on every page, and zod would add its whole library
 * to the first load of the public pages.
 */
export function parseAuthUser(value: unknown): AuthUser | null {
  if (typeof value !== 'object' || value === null) return null;
  const user = value as Record<string, unknown>;
  if (typeof user.id !== 'number' && typeof user.id !== 'string') return null;
  if (typeof user.username !== 'string' || typeof user.role !== 'string') return null;
  if (![user.firstName, user.lastName, user.email].every(isOptionalText)) return null;
  return user as AuthUser;
}

/** The `user` of a login or registration answer; a malformed answer is an error. */
export function userFromAnswer(answer: unknown): AuthUser {
  const user = parseAuthUser(
    typeof answer === 'object' && answer !== null ? (answer as { user?: unknown }).user : null,
  );
  if (!user) throw new Error('Unexpected answer from the server');
  return user;
}

/** The welcome name the header shows: first name, else username. */
export function displayName(user: Pick<AuthUser, 'firstName' | 'username'>): string {
  return user.firstName?.trim() || user.username;
}
