/**
 * Signing in when the server may not answer: the server checks the password when
 * it can; when it cannot be reached, answers through a gateway error or is too slow, this
 * device's verifier (lib/offline-signin.ts) decides whether the person may sign in offline.
 */
import type { AdminFirstScreen, DriverFirstScreen, LoginInput } from '@pilbara/shared-schema';
import { apiRequest, HttpError, isNetworkError } from '../http';
import { adminPreviewFrom } from '../admin-preview';
import { driverPreviewFrom } from '../driver-preview';
import { parseAuthUser, userFromAnswer, type AuthUser } from './auth-user';

/** The verifier code (WebCrypto PBKDF2), loaded at sign-in only. */
export const offlineSignIn = () => import('../offline-signin');

/**
 * How long an online sign-in may take before the device checks the password against its local
 * verifier. A password the verifier accepts then signs in offline; one it refuses (or a device
 * with no verifier) keeps waiting for the server's answer, up to {@link LOGIN_WAIT_MS}: giving
 * up at 10 s on a slow server could only say "no connection" to a person whose password the
 * server would have checked a moment later.
 */
export const LOGIN_TIMEOUT_MS = 10_000;

/** The longest a sign-in waits for the server when the device cannot sign in offline. */
const LOGIN_WAIT_MS = 120_000;

/** How often, while signed in offline, the device tries to reach the server again. */
const RECONNECT_EVERY_MS = 5_000;

/**
 * True when a sign-in failed without the server checking the password: no answer at all, the
 * time limit passed, or a proxy/gateway answered in its place.
 */
export function couldNotCheck(error: unknown): boolean {
  if (isNetworkError(error)) return true;
  if (
    error instanceof DOMException &&
    (error.name === 'TimeoutError' || error.name === 'AbortError')
  )
    return true;
  return error instanceof HttpError && [502, 503, 504].includes(error.status);
}

/**
 * Runs `attempt` now, every RECONNECT_EVERY_MS and when the browser is back online, one at a
 * time and never while the browser says it is offline, until the returned function stops it.
 * The retries of an offline sign-in and of an offline sign-out both use it.
 */
export function keepTrying(attempt: (stopped: () => boolean) => Promise<void>): () => void {
  let busy = false;
  let stopped = false;
  const run = async () => {
    if (busy || stopped) return;
    if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
    busy = true;
    try {
      await attempt(() => stopped);
    } finally {
      busy = false;
    }
  };
  void run();
  const timer = window.setInterval(() => void run(), RECONNECT_EVERY_MS);
  const onOnline = () => void run();
  window.addEventListener('online', onOnline);
  return () => {
    stopped = true;
    window.clearInterval(timer);
    window.removeEventListener('online', onOnline);
  };
}

/** An offline sign-in that could not be checked (no verifier, wrong password or expired). */
export class NoConnectionError extends Error {
  constructor() {
    super('No connection to check the password');
    this.name = 'NoConnectionError';
  }
}
/** The server's answer to a sign-in, or why the device must decide without it. */
type ServerAnswer =
  | { kind: 'answered'; value: unknown }
  /** Not checked by the server; `local` is the user when the verifier here already accepted. */
  | { kind: 'unchecked'; local: AuthUser | null };

/**
 * Asks the server to check the password. A refusal (401, 429, …) is thrown as it is. When the
 * server cannot be reached, or answers through a gateway error, the device decides. When it is
 * slow, the local verifier is asked after {@link LOGIN_TIMEOUT_MS}: a password it accepts signs
 * in offline at once; otherwise the sign-in keeps waiting for the server, up to
 * {@link LOGIN_WAIT_MS}, since only the server can tell a wrong password from a changed one.
 */
async function askServer(values: LoginInput): Promise<ServerAnswer> {
  const abort = new AbortController();
  const deadline = window.setTimeout(() => abort.abort(), LOGIN_WAIT_MS);
  const request = apiRequest<unknown>('/api/auth/login', { body: values, signal: abort.signal });
  // Settles the same way whether the server answers first or the verifier is asked first.
  const answered = request.then(
    (value): ServerAnswer => ({ kind: 'answered', value }),
    (error: unknown): ServerAnswer => {
      if (couldNotCheck(error)) return { kind: 'unchecked', local: null };
      throw error;
    },
  );
  let slowTimer = 0;
  try {
    const slow = new Promise<'slow'>((resolve) => {
      slowTimer = window.setTimeout(() => resolve('slow'), LOGIN_TIMEOUT_MS);
    });
    const first = await Promise.race([answered, slow]);
    if (first !== 'slow') return first;
    const local = parseAuthUser(
      await (await offlineSignIn()).signInOffline(values.username, values.password),
    );
    if (local) {
      // The verifier accepts: sign in offline now; the reconnect signs in to the server later.
      abort.abort();
      void answered.catch(() => undefined);
      return { kind: 'unchecked', local };
    }
    return await answered;
  } finally {
    window.clearTimeout(slowTimer);
    window.clearTimeout(deadline);
  }
}

/** Who signed in, and their role's first screen when the server answered with one. */
export interface SignedIn {
  user: AuthUser;
  offline: boolean;
  driverJobs: DriverFirstScreen | null;
  adminFirstScreen: AdminFirstScreen | null;
}

/**
 * Who signs in: the user the server answered with, or (`offline`) the user this device's
 * verifier accepted when the server did not check the password. Throws the server's refusal, or
 * {@link NoConnectionError} when neither could say yes.
 */
export async function signIn(values: LoginInput): Promise<SignedIn> {
  const answer = await askServer(values);
  if (answer.kind === 'answered')
    return {
      user: userFromAnswer(answer.value),
      offline: false,
      driverJobs: driverPreviewFrom(answer.value),
      adminFirstScreen: adminPreviewFrom(answer.value),
    };
  const local =
    answer.local ??
    parseAuthUser(await (await offlineSignIn()).signInOffline(values.username, values.password));
  if (!local) throw new NoConnectionError();
  return { user: local, offline: true, driverJobs: null, adminFirstScreen: null };
}
