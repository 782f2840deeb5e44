/**
 * Browser-side sign-in state. The signed-in user is kept in
 * localStorage under 'auth_user' so a reload (or an offline start) keeps the person signed in;
 * an unreadable stored value is discarded. The server's httpOnly session cookie is the real
 * credential (docs/security.md): this copy only drives what the UI shows.
 *
 * Offline sign-in: when the server cannot be reached (no signal, a hanging connection,
 * a gateway error), a staff member who signed in online on this device before is checked against
 * the local verifier (lib/offline-signin.ts) and signed in offline: the local data is usable and
 * changes queue. The device then has no session cookie, so the sync engine does not run; the
 * password is held in memory only, and as soon as the server answers it signs in for real
 * (the cookie) and only then does the sync start and push. A failure that could not be checked
 * says so (MESSAGES.SIGNIN_NO_CONNECTION), never "Invalid username or password".
 *
 * A session this page did not start: a sign-in the browser posted itself before the script
 * arrived (docs/no-script-forms.md) sets the cookie but not the stored user. So a page that starts
 * with nobody stored, online, asks the server who the cookie belongs to and adopts that user;
 * until it knows, `checking` holds the staff screens from sending the person back to /auth.
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
import type { LoginInput, RegisterInput } from '@pilbara/shared-schema';
import { USE_AUTH_OUTSIDE_PROVIDER } from '@pilbara/shared-schema';
import { apiRequest, HttpError, serverMessage } from '../http';
import { useBrowserState } from '../hydration';
import { readStored, removeStored, STORAGE_KEYS, writeStored } from '../storage';
import { holdAdminPreview } from '../admin-preview';
import { holdDriverPreview } from '../driver-preview';
import {
  LOGOUT_PENDING_KEY,
  OFFLINE_SESSION_KEY,
  parseAuthUser,
  readOfflineSession,
  userFromAnswer,
  type AuthUser,
} from './auth-user';
import {
  LOGIN_TIMEOUT_MS,
  NoConnectionError,
  couldNotCheck,
  keepTrying,
  offlineSignIn,
  signIn,
} from './server-sign-in';

/**
 * The toasts (and their wording), loaded when a toast is due. Nothing waits on them: on one bar
 * of signal their chunk may not arrive (a first visit, before the service worker has it), and a
 * sign-out or registration must happen all the same.
 */
const authToasts = () => import('./auth-toasts');

/**
 * Texts of a failed sign-in the form shows itself when the toasts could not be loaded. They start
 * with the failure title (MESSAGES.LOGIN_FAILED_TITLE) written out here: importing the catalogue
 * would put it back on the sign-in page's first load, which is what its own chunk avoids.
 */
const SIGN_IN_FAILED_INLINE = {
  noConnection:
    'Login Failed: there is no connection to check your password. Try again with signal.',
  fallback: 'Login Failed. Check your username and password, then try again.',
} as const;

/**
 * A sign-in that failed while its 'Login Failed' toast could not be shown (its chunk did not
 * load): the login form shows this message under the button instead, so a tap is never met
 * with silence.
 */
export class SignInFailedUnshown extends Error {
  constructor(cause: unknown, noConnection: boolean) {
    const reason = noConnection ? undefined : serverMessage(cause);
    super(
      reason
        ? `Login Failed: ${reason}`
        : noConnection
          ? SIGN_IN_FAILED_INLINE.noConnection
          : SIGN_IN_FAILED_INLINE.fallback,
      { cause },
    );
    this.name = 'SignInFailedUnshown';
  }
}

/** The toasts' chunk did not load: what they would have said is done all the same. */
function noToast(): void {}

export type LoginValues = LoginInput;

export type RegisterValues = RegisterInput;

export interface AuthContextValue {
  user: AuthUser | null;
  /** True while a login or registration call is in flight, so the form can disable its button. */
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
   * the person signs in again, which the unsent-work prompt asks for.
   */
  needsPassword: boolean;
  /**
   * Nobody is stored here yet and the server is being asked whether the browser has a session
   * all the same; a screen for signed-in people waits rather than sending the person to /auth.
   */
  checking: boolean;
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

/**
 * Whether the browser may have a session nobody stored here: no user stored, no offline sign-in,
 * no sign-out waiting to be sent, and the browser online.
 */
function sessionUnknown(): boolean {
  if (typeof window === 'undefined') return false;
  if (readStored(STORAGE_KEYS.authUser, parseAuthUser) || readOfflineSession() !== null)
    return false;
  if (readStored(LOGOUT_PENDING_KEY, (v) => v === true)) return false;
  return typeof navigator === 'undefined' || navigator.onLine !== false;
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
  const [checking, setChecking] = useBrowserState<boolean>(sessionUnknown, false);
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
    holdDriverPreview(null);
    holdAdminPreview(null);
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

  // Nobody stored, online: a session the browser has all the same (its sign-in was posted by the
  // browser before the script ran) is adopted. Offline, or with a sign-out still to send, nothing
  // is asked: the first is the offline start above, and the second would sign back in the
  // person who signed out.
  useEffect(() => {
    if (!sessionUnknown()) return;
    setChecking(true);
    let cancelled = false;
    apiRequest<{ user?: unknown } | undefined>('/api/auth/me', {
      signal: AbortSignal.timeout(LOGIN_TIMEOUT_MS),
    })
      .then((answer) => {
        const found = parseAuthUser(answer?.user);
        // A sign-in made meanwhile (the form, another tab) is the newer word.
        if (cancelled || !found || readStored(STORAGE_KEYS.authUser, parseAuthUser)) return;
        if (readStored(LOGOUT_PENDING_KEY, (v) => v === true)) return;
        writeStored(STORAGE_KEYS.authUser, found);
        setUser(found);
      })
      .catch(() => undefined)
      .finally(() => {
        if (!cancelled) setChecking(false);
      });
    return () => {
      cancelled = true;
    };
    // Once per page load, as the check of a stored user above.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const later = useCallback((ms: number, fn: () => void) => {
    timers.current.push(window.setTimeout(fn, ms));
  }, []);

  /** Stores who signed in, and whether offline (then the password waits here, in memory). */
  const signedIn = useCallback(
    (user: AuthUser, offlineWith: string | null) => {
      writeStored(STORAGE_KEYS.authUser, user);
      if (offlineWith === null) {
        removeStored(OFFLINE_SESSION_KEY);
        removeStored(LOGOUT_PENDING_KEY);
      } else {
        writeStored(OFFLINE_SESSION_KEY, user.username);
      }
      heldPassword.current = offlineWith;
      setPasswordHeld(offlineWith !== null);
      setOffline(offlineWith !== null);
      setUser(user);
    },
    [setUser, setOffline],
  );

  const login = useCallback(
    async (values: LoginValues): Promise<AuthUser> => {
      setLoading(true);
      signingIn.current += 1;
      // Loaded beside the sign-in, not before it: on a first visit its chunk was one more round
      // trip (0.4 s and more on one bar) before the sign-in even left.
      const toasts = authToasts();
      const toast = (show: (loaded: Awaited<typeof toasts>) => void) => toasts.then(show, noToast);
      try {
        const { user, offline: here, driverJobs, adminFirstScreen } = await signIn(values);
        // Before the user is set, so the role's screen has its rows from its first render.
        holdDriverPreview(driverJobs);
        holdAdminPreview(adminFirstScreen);
        if (here) {
          signedIn(user, values.password);
          void toast((loaded) => loaded.showSignedInOffline());
          return user;
        }
        signedIn(user, null);
        void offlineSignIn().then((m) => m.rememberOfflineSignIn(user, values.password));
        void toast((loaded) => loaded.showSignedIn(user, later));
        return user;
      } catch (error) {
        const noConnection = error instanceof NoConnectionError;
        const shown = await toasts.then(
          (loaded) => {
            loaded.showSignInFailed(error, noConnection);
            return true;
          },
          () => false,
        );
        throw shown ? error : new SignInFailedUnshown(error, noConnection);
      } finally {
        signingIn.current -= 1;
        setLoading(false);
      }
    },
    [later, signedIn],
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
      const toasts = authToasts();
      try {
        // Registration creates the account but no session (the server signs in only on login),
        // so the user is not stored here: the page moves to the login tab with the username filled.
        const user = userFromAnswer(
          await apiRequest<unknown>('/api/auth/register', { body: values }),
        );
        void toasts.then((loaded) => loaded.showRegistered(later), noToast);
        return user;
      } catch (error) {
        await toasts.then((loaded) => loaded.showRegisterFailed(error), noToast);
        throw error;
      } finally {
        setLoading(false);
      }
    },
    [later],
  );

  const logout = useCallback(async (): Promise<void> => {
    const toasts = authToasts();
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
    await toasts.then((loaded) => loaded.showSignedOut(), noToast);
  }, [signOutLocally]);

  const sessionEnded = useCallback(() => {
    signOutLocally();
    void authToasts().then((loaded) => loaded.showSessionEnded(), noToast);
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
      checking: checking && user === null,
      login,
      register,
      logout,
      sessionEnded,
    }),
    [user, loading, offline, passwordHeld, checking, login, register, logout, sessionEnded],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** The sign-in state; throws a message naming the mistake when used outside {@link AuthProvider}. */
export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error(USE_AUTH_OUTSIDE_PROVIDER);
  return value;
}
