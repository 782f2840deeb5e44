/**
 * The toasts of signing in, registering and signing out: wording, timing and
 * showing them. The wording is kept in shared-schema's MESSAGES. Loaded when a toast is due: it
 * carries the messages catalogue.
 */
import { notifications } from '@mantine/notifications';
import { MESSAGES, TOAST_DURATIONS } from '@pilbara/shared-schema';
import { serverMessage } from '../http';
import { displayName, type AuthUser } from './auth-user';

/** Runs `fn` after `ms`, cancelled if the provider goes away first. */
type Later = (ms: number, fn: () => void) => void;

const AUTH_TOASTS = {
  default: TOAST_DURATIONS.default,
  login: TOAST_DURATIONS.loginSuccess,
  adminNoticeDelay: TOAST_DURATIONS.adminNoticeDelay,
  adminNotice: TOAST_DURATIONS.adminNotice,
  register: TOAST_DURATIONS.registrationSuccess,
  accountReadyDelay: TOAST_DURATIONS.accountReadyDelay,
  accountReady: TOAST_DURATIONS.accountReady,
  logout: TOAST_DURATIONS.logout,
} as const;

const AUTH_TEXT = {
  loginFailedTitle: MESSAGES.LOGIN_FAILED_TITLE,
  loginFailedFallback: MESSAGES.INVALID_CREDENTIALS,
  noConnectionToCheck: MESSAGES.SIGNIN_NO_CONNECTION,
  offlineSignInTitle: MESSAGES.SIGNED_IN_OFFLINE_TITLE,
  offlineSignInMessage: MESSAGES.SIGNED_IN_OFFLINE_DESCRIPTION,
  registerFailedTitle: MESSAGES.REGISTRATION_FAILED_TITLE,
  registerFailedFallback: MESSAGES.REGISTRATION_FAILED_DESCRIPTION,
  loginSuccessTitle: MESSAGES.LOGIN_SUCCESS_TITLE,
  /** An admin's welcome text carries '(Admin Access)'. */
  loginSuccessMessage: (name: string, admin: boolean) =>
    `Good to see you, ${name}.${admin ? ' (Admin Access)' : ''}`,
  adminNoticeTitle: MESSAGES.ADMIN_NOTICE_TITLE,
  adminNoticeMessage: MESSAGES.ADMIN_NOTICE_DESCRIPTION,
  registerSuccessTitle: MESSAGES.REGISTRATION_SUCCESS_TITLE,
  registerSuccessMessage: MESSAGES.REGISTRATION_SUCCESS_DESCRIPTION,
  accountReadyTitle: MESSAGES.ACCOUNT_READY_TITLE,
  accountReadyMessage: MESSAGES.ACCOUNT_READY_DESCRIPTION,
  logoutTitle: MESSAGES.LOGOUT_TITLE,
  logoutMessage: MESSAGES.LOGOUT_DESCRIPTION,
  sessionEndedTitle: MESSAGES.SESSION_ENDED_TITLE,
  sessionEndedMessage: MESSAGES.SESSION_ENDED_DESCRIPTION,
} as const;

/** Signed in at the server; an admin is told about the staff screens a moment later. */
export function showSignedIn(user: AuthUser, later: Later): void {
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
}

export function showSignedInOffline(): void {
  notifications.show({
    title: AUTH_TEXT.offlineSignInTitle,
    message: AUTH_TEXT.offlineSignInMessage,
    color: 'yellow',
    autoClose: AUTH_TOASTS.login,
  });
}

/** 'Login Failed' with the server's reason, or that the password could not be checked. */
export function showSignInFailed(error: unknown, noConnection: boolean): void {
  notifications.show({
    title: AUTH_TEXT.loginFailedTitle,
    message: noConnection
      ? AUTH_TEXT.noConnectionToCheck
      : (serverMessage(error) ?? AUTH_TEXT.loginFailedFallback),
    color: 'red',
    autoClose: AUTH_TOASTS.default,
  });
}

/** The account is made; a moment later, that it is ready to sign in with. */
export function showRegistered(later: Later): void {
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
}

export function showRegisterFailed(error: unknown): void {
  notifications.show({
    title: AUTH_TEXT.registerFailedTitle,
    message: serverMessage(error) ?? AUTH_TEXT.registerFailedFallback,
    color: 'red',
    autoClose: AUTH_TOASTS.default,
  });
}

export function showSignedOut(): void {
  notifications.show({
    title: AUTH_TEXT.logoutTitle,
    message: AUTH_TEXT.logoutMessage,
    autoClose: AUTH_TOASTS.logout,
  });
}

export function showSessionEnded(): void {
  notifications.show({
    id: 'session-ended',
    title: AUTH_TEXT.sessionEndedTitle,
    message: AUTH_TEXT.sessionEndedMessage,
    color: 'orange',
    autoClose: AUTH_TOASTS.default,
  });
}
