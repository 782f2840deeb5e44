/**
 * Browser-side sign-in state (spec §4 "Auth", §6, §8). The signed-in user is kept in
 * localStorage under 'auth_user' so a reload (or an offline start) keeps the person signed in;
 * an unreadable stored value is discarded. The server's httpOnly session cookie is the real
 * credential (DESIGN §7): this copy only drives what the UI shows.
 *
 * Offline sign-in (issue 16): when the server cannot be reached (no signal, a hanging connection,
 * a gateway error), a staff member who signed in online on this device before is checked against
 * the local verifier (lib/offline-signin.ts) and signed in offline: the local data is usable and
 * changes queue. The device then has no session cookie, so the sync engine does not run; the
 * password is held in memory only, and as soon as the server answers it signs in for real
 * (the cookie) and only then does the sync start and push. A failure that could not be checked
 * says so (MESSAGES.SIGNIN_NO_CONNECTION), never "Invalid username or password".
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { notifications } from '@mantine/notifications';
import type { LoginInput, RegisterInput } from '@pilbara/shared-schema';
import { apiRequest, HttpError, isNetworkError, serverMessage } from '../lib/http';
import { useBrowserState } from '../lib/hydration';
import { readStored, removeStored, STORAGE_KEYS, writeStored } from '../lib/storage';
import { USE_AUTH_OUTSIDE_PROVIDER } from '@pilbara/shared-schema';

/** The toasts' wording, loaded when a toast is due (it carries the messages catalogue). */
const authText = () => import('./auth-text');
/** The verifier code (WebCrypto PBKDF2), loaded at sign-in only. */
const offlineSignIn = () => import('../lib/offline-signin');

/** localStorage key set while signed in offline (no server session yet): the username. */
export const OFFLINE_SESSION_KEY = 'auth_offline';

/**
 * localStorage flag set when a sign-out could not reach the server (no signal): the session
 * cookie is httpOnly, so only the server can end it. The sign-out is sent once there is signal,
 * unless someone signs in first (their sign-in replaces the cookie).
 */
export const LOGOUT_PENDING_KEY = 'auth_logout_pending';

/**
 * How long an online sign-in may take before the device checks the password against its local
 * verifier. A password the verifier accepts then signs in offline; one it refuses (or a device
 * with no verifier) keeps waiting for the server's answer, up to {@link LOGIN_WAIT_MS}: giving
 * up at 10 s on a slow server could only say "no connection" to a person whose password the
 * server would have checked a moment later (issue 27).
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
function couldNotCheck(error: unknown): boolean {
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
function keepTrying(attempt: (stopped: () => boolean) => Promise<void>): () => void {
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

function readOfflineSession(): string | null {
  return readStored(OFFLINE_SESSION_KEY, (value) => (typeof value === 'string' ? value : null));
}

/** The fields the UI reads from a user (spec §3); anything else the server sends is kept. */
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
 * hand rather than with zod: this provider is on every page, and zod would add about 26 KB
 * (gzip) to the first load of the public pages.
 */
function parseAuthUser(value: unknown): AuthUser | null {
  if (typeof value !== 'object' || value === null) return null;
  const user = value as Record<string, unknown>;
  if (typeof user.id !== 'number' && typeof user.id !== 'string') return null;
  if (typeof user.username !== 'string' || typeof user.role !== 'string') return null;
  if (![user.firstName, user.lastName, user.email].every(isOptionalText)) return null;
  return user as AuthUser;
}

/** The `user` of a login or registration answer; a malformed answer is an error. */
function userFromAnswer(answer: unknown): AuthUser {
  const user = parseAuthUser(
    typeof answer === 'object' && answer !== null ? (answer as { user?: unknown }).user : null,
  );
  if (!user) throw new Error('Unexpected answer from the server');
  return user;
}

export type LoginValues = LoginInput;

/** An offline sign-in that could not be checked (no verifier, wrong password or expired). */
class NoConnectionError extends Error {
  constructor() {
    super('No connection to check the password');
    this.name = 'NoConnectionError';
  }
}
export type RegisterValues = RegisterInput;

export interface AuthContextValue {
  user: AuthUser | null;
  /** True while a login or registration call is in flight (spec §4). */
  loading: boolean;
  isAdmin: boolean;
  /** A driver: their own screen (/driver) and the sync of their jobs. */
  isDriver: boolean;
  /**
   * Signed in offline: checked against this device's verifier, no server session yet. The sync
   * engine waits until the device has signed in to the server again.
   */
  offline: boolean;
  /**
   * Signed in offline on an earlier page (the password is not held here): changes wait until
   * the person signs in again, which the unsent-work prompt asks for (issue 27).
   */
  needsPassword: boolean;
  login(values: LoginValues): Promise<AuthUser>;
  register(values: RegisterValues): Promise<AuthUser>;
  logout(): Promise<void>;
  /**
   * The server ended this session (deactivation, role change, password reset: the sync socket
   * closed with 4401): sign out here and say why.
   */
  sessionEnded(): void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

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
async function askServer(values: LoginValues): Promise<ServerAnswer> {
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

/** The welcome name of spec §2 Header: first name, else username. */
export function displayName(user: Pick<AuthUser, 'firstName' | 'username'>): string {
  return user.firstName?.trim() || user.username;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  // Pre-rendered pages are drawn signed out; the stored user shows once the page is hydrated.
  const [user, setUser] = useBrowserState<AuthUser | null>(
    () => readStored(STORAGE_KEYS.authUser, parseAuthUser),
    null,
  );
  const [loading, setLoading] = useState(false);
  const [offline, setOffline] = useBrowserState<boolean>(
    () => readOfflineSession() !== null,
    false,
  );
  /** The password of an offline sign-in, kept in memory only, to sign in to the server later. */
  const heldPassword = useRef<string | null>(null);
  /**
   * Whether this page holds that password. A page opened again after an offline sign-in (the
   * browser closed, the phone restarted) does not: it needs the person to sign in again before
   * anything can reach the server, and says so (`needsPassword`).
   */
  const [passwordHeld, setPasswordHeld] = useState(false);
  /** Sign-ins running now; the reconnect below waits while one does. */
  const signingIn = useRef(0);
  const sessionEndedRef = useRef<() => void>(() => undefined);
  const timers = useRef<number[]>([]);

  const signOutLocally = useCallback(() => {
    removeStored(STORAGE_KEYS.authUser);
    removeStored(OFFLINE_SESSION_KEY);
    heldPassword.current = null;
    setPasswordHeld(false);
    setOffline(false);
    setUser(null);
  }, [setUser, setOffline]);

  // Another tab signed in or out (or the sync in another tab ended the session): follow it.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (
        event.key !== null &&
        event.key !== STORAGE_KEYS.authUser &&
        event.key !== OFFLINE_SESSION_KEY
      )
        return;
      setUser(readStored(STORAGE_KEYS.authUser, parseAuthUser));
      setOffline(readOfflineSession() !== null);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [setUser, setOffline]);

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((t) => window.clearTimeout(t));
  }, []);

  // A stored user whose session the server no longer knows (expired, logged out elsewhere) is
  // signed out; when the server cannot be reached the stored user stays, so offline starts work.
  // A user signed in offline has no session yet: the reconnect below deals with them.
  useEffect(() => {
    if (!readStored(STORAGE_KEYS.authUser, parseAuthUser)) return;
    if (readOfflineSession() !== null) return;
    let cancelled = false;
    apiRequest<{ user?: unknown } | undefined>('/api/auth/me')
      .then((answer) => {
        if (!cancelled && answer && answer.user === null) signOutLocally();
      })
      .catch((error: unknown) => {
        if (!cancelled && error instanceof HttpError && error.status === 401) signOutLocally();
      });
    return () => {
      cancelled = true;
    };
    // Checked once per page load, not on every user change (login sets a fresh session).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const later = useCallback((ms: number, fn: () => void) => {
    timers.current.push(window.setTimeout(fn, ms));
  }, []);

  const login = useCallback(
    async (values: LoginValues): Promise<AuthUser> => {
      setLoading(true);
      signingIn.current += 1;
      const { AUTH_TEXT, AUTH_TOASTS } = await authText();
      try {
        let user: AuthUser;
        const answer = await askServer(values);
        if (answer.kind === 'answered') {
          user = userFromAnswer(answer.value);
        } else {
          // The server did not check the password (no signal, a gateway error, too slow while
          // the verifier here accepts it): the local verifier decides whether to sign in offline.
          const local =
            answer.local ??
            parseAuthUser(
              await (await offlineSignIn()).signInOffline(values.username, values.password),
            );
          if (!local) throw new NoConnectionError();
          writeStored(STORAGE_KEYS.authUser, local);
          writeStored(OFFLINE_SESSION_KEY, local.username);
          heldPassword.current = values.password;
          setPasswordHeld(true);
          setOffline(true);
          setUser(local);
          notifications.show({
            title: AUTH_TEXT.offlineSignInTitle,
            message: AUTH_TEXT.offlineSignInMessage,
            color: 'yellow',
            autoClose: AUTH_TOASTS.login,
          });
          return local;
        }
        writeStored(STORAGE_KEYS.authUser, user);
        removeStored(OFFLINE_SESSION_KEY);
        removeStored(LOGOUT_PENDING_KEY);
        heldPassword.current = null;
        setPasswordHeld(false);
        setOffline(false);
        setUser(user);
        void offlineSignIn().then((m) => m.rememberOfflineSignIn(user, values.password));
        const admin = user.role === 'admin';
        notifications.show({
          title: AUTH_TEXT.loginSuccessTitle,
          message: AUTH_TEXT.loginSuccessMessage(displayName(user), admin),
          color: 'green',
          autoClose: AUTH_TOASTS.login,
        });
        if (admin) {
          later(AUTH_TOASTS.adminNoticeDelay, () =>
            notifications.show({
              title: AUTH_TEXT.adminNoticeTitle,
              message: AUTH_TEXT.adminNoticeMessage,
              color: 'blue',
              autoClose: AUTH_TOASTS.adminNotice,
            }),
          );
        }
        return user;
      } catch (error) {
        notifications.show({
          title: AUTH_TEXT.loginFailedTitle,
          message:
            error instanceof NoConnectionError
              ? AUTH_TEXT.noConnectionToCheck
              : (serverMessage(error) ?? AUTH_TEXT.loginFailedFallback),
          color: 'red',
          autoClose: AUTH_TOASTS.default,
        });
        throw error;
      } finally {
        signingIn.current -= 1;
        setLoading(false);
      }
    },
    [later, setUser, setOffline],
  );

  // Signed in offline: sign in to the server as soon as it answers, with the password held in
  // memory, before the sync engine may start (it needs the session cookie). A password the server
  // refuses (changed, account closed) signs out here and forgets the verifier; the changes
  // waiting stay in the outbox for the next sign-in.
  useEffect(() => {
    if (!offline || !user) return;
    return keepTrying(async (stopped) => {
      const password = heldPassword.current;
      // A sign-in running now (the person typing their password again, or the prompt's) is
      // the attempt: a second one beside it could race it to the session cookie.
      if (password === null || signingIn.current > 0) return;
      try {
        const answer = await apiRequest<unknown>('/api/auth/login', {
          body: { username: user.username, password },
          signal: AbortSignal.timeout(LOGIN_TIMEOUT_MS),
        });
        if (stopped()) return;
        const fresh = userFromAnswer(answer);
        writeStored(STORAGE_KEYS.authUser, fresh);
        removeStored(OFFLINE_SESSION_KEY);
        removeStored(LOGOUT_PENDING_KEY);
        heldPassword.current = null;
        setPasswordHeld(false);
        setUser(fresh);
        setOffline(false);
        void offlineSignIn().then((m) => m.rememberOfflineSignIn(fresh, password));
      } catch (error) {
        if (stopped() || couldNotCheck(error)) return;
        if (error instanceof HttpError && (error.status === 401 || error.status === 403)) {
          void offlineSignIn().then((m) => m.forgetOfflineSignIn(user.username));
          sessionEndedRef.current();
        }
      }
    });
  }, [offline, user, setUser, setOffline]);

  // A sign-out made without signal is finished on the server once it answers, so the device's
  // cookie stops working there too. Only while nobody is signed in: a sign-in replaces the cookie
  // and clears the flag.
  useEffect(() => {
    if (user) return;
    return keepTrying(async (stopped) => {
      if (!readStored(LOGOUT_PENDING_KEY, (v) => v === true)) return;
      try {
        await apiRequest<unknown>('/api/auth/logout', {
          method: 'POST',
          signal: AbortSignal.timeout(LOGIN_TIMEOUT_MS),
        });
        if (!stopped()) removeStored(LOGOUT_PENDING_KEY);
      } catch (error) {
        if (!stopped() && !couldNotCheck(error)) removeStored(LOGOUT_PENDING_KEY);
      }
    });
  }, [user]);

  const register = useCallback(
    async (values: RegisterValues): Promise<AuthUser> => {
      setLoading(true);
      const { AUTH_TEXT, AUTH_TOASTS } = await authText();
      try {
        // Registration creates the account but no session (the server signs in only on login),
        // so the user is not stored here: the page moves to the login tab with the username filled.
        const user = userFromAnswer(
          await apiRequest<unknown>('/api/auth/register', { body: values }),
        );
        notifications.show({
          title: AUTH_TEXT.registerSuccessTitle,
          message: AUTH_TEXT.registerSuccessMessage,
          color: 'green',
          autoClose: AUTH_TOASTS.register,
        });
        later(AUTH_TOASTS.accountReadyDelay, () =>
          notifications.show({
            title: AUTH_TEXT.accountReadyTitle,
            message: AUTH_TEXT.accountReadyMessage,
            color: 'blue',
            autoClose: AUTH_TOASTS.accountReady,
          }),
        );
        return user;
      } catch (error) {
        notifications.show({
          title: AUTH_TEXT.registerFailedTitle,
          message: serverMessage(error) ?? AUTH_TEXT.registerFailedFallback,
          color: 'red',
          autoClose: AUTH_TOASTS.default,
        });
        throw error;
      } finally {
        setLoading(false);
      }
    },
    [later],
  );

  const logout = useCallback(async (): Promise<void> => {
    const { AUTH_TEXT, AUTH_TOASTS } = await authText();
    try {
      // Signed in offline there is no new server session to end (an older one may still be
      // waiting for its sign-out, below).
      if (readOfflineSession() === null)
        await apiRequest<unknown>('/api/auth/logout', {
          method: 'POST',
          signal: AbortSignal.timeout(LOGIN_TIMEOUT_MS),
        });
    } catch (error) {
      // Already expired: nothing to end. Unreachable: the cookie still works on the server, so
      // the sign-out is sent when there is signal (the effect below).
      if (couldNotCheck(error)) writeStored(LOGOUT_PENDING_KEY, true);
    }
    signOutLocally();
    notifications.show({
      title: AUTH_TEXT.logoutTitle,
      message: AUTH_TEXT.logoutMessage,
      autoClose: AUTH_TOASTS.logout,
    });
  }, [signOutLocally]);

  const sessionEnded = useCallback(() => {
    signOutLocally();
    void authText().then(({ AUTH_TEXT, AUTH_TOASTS }) =>
      notifications.show({
        id: 'session-ended',
        title: AUTH_TEXT.sessionEndedTitle,
        message: AUTH_TEXT.sessionEndedMessage,
        color: 'orange',
        autoClose: AUTH_TOASTS.default,
      }),
    );
  }, [signOutLocally]);
  useEffect(() => {
    sessionEndedRef.current = sessionEnded;
  }, [sessionEnded]);

  const value = useMemo<AuthContextValue>(
    () => ({
      user,
      loading,
      isAdmin: user?.role === 'admin',
      isDriver: user?.role === 'driver',
      offline,
      needsPassword: offline && user !== null && !passwordHeld,
      login,
      register,
      logout,
      sessionEnded,
    }),
    [user, loading, offline, passwordHeld, login, register, logout, sessionEnded],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** The sign-in state; throws the spec §8 message when used outside {@link AuthProvider}. */
export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error(USE_AUTH_OUTSIDE_PROVIDER);
  return value;
}
