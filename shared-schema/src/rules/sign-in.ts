/**
 * The sign-in body's rule, written without zod. The sign-in form checks it before its request
 * leaves, and on one bar of signal the schema code (zod and the shared schemas) would have to
 * arrive after the tap on a first visit before a driver's sign-in could leave. The server parses the same body with `loginInputSchema` (api/auth.ts), built from the
 * same limits; a property test holds the two to the same answers and messages.
 */
import { SIGN_IN_MESSAGES as MESSAGES } from '../sign-in-messages';

/** Longest username a sign-in accepts, after trimming (registration allows no longer). */
export const LOGIN_USERNAME_MAX = 50;
/** Longest password a sign-in accepts. */
export const LOGIN_PASSWORD_MAX = 255;

export interface LoginFields {
  username: string;
  password: string;
}

export type LoginCheck =
  | { ok: true; value: LoginFields }
  | { ok: false; issues: Partial<Record<keyof LoginFields, string>> };

/**
 * The username trimmed and present, at most {@link LOGIN_USERNAME_MAX} characters; the password
 * present (as typed: spaces count) and at most {@link LOGIN_PASSWORD_MAX}. Each field that fails
 * gets the message of its first failing rule (own wording: the spec shows none for sign-in).
 */
export function checkLogin(input: { username?: unknown; password?: unknown }): LoginCheck {
  const issues: Partial<Record<keyof LoginFields, string>> = {};
  const username = typeof input.username === 'string' ? input.username.trim() : null;
  if (username === null || username.length === 0) issues.username = MESSAGES.USERNAME_REQUIRED;
  else if (username.length > LOGIN_USERNAME_MAX) issues.username = MESSAGES.USERNAME_MAX;
  const password = typeof input.password === 'string' ? input.password : null;
  if (password === null || password.length === 0) issues.password = MESSAGES.PASSWORD_REQUIRED;
  else if (password.length > LOGIN_PASSWORD_MAX) issues.password = MESSAGES.PASSWORD_MAX;
  if (username === null || password === null || issues.username || issues.password) {
    return { ok: false, issues };
  }
  return { ok: true, value: { username, password } };
}
