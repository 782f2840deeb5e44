/**
 * Wording and timing of the auth toasts (spec §8, §9). The spec quotes only the failure titles;
 * the rest is the product's own wording kept in shared-schema's MESSAGES.
 */
import { MESSAGES, TOAST_DURATIONS } from '@pilbara/shared-schema';

export const AUTH_TOASTS = {
  default: TOAST_DURATIONS.default,
  login: TOAST_DURATIONS.loginSuccess,
  adminNoticeDelay: TOAST_DURATIONS.adminNoticeDelay,
  adminNotice: TOAST_DURATIONS.adminNotice,
  register: TOAST_DURATIONS.registrationSuccess,
  accountReadyDelay: TOAST_DURATIONS.accountReadyDelay,
  accountReady: TOAST_DURATIONS.accountReady,
  logout: TOAST_DURATIONS.logout,
} as const;

export const AUTH_TEXT = {
  loginFailedTitle: MESSAGES.LOGIN_FAILED_TITLE,
  loginFailedFallback: MESSAGES.INVALID_CREDENTIALS,
  noConnectionToCheck: MESSAGES.SIGNIN_NO_CONNECTION,
  offlineSignInTitle: MESSAGES.SIGNED_IN_OFFLINE_TITLE,
  offlineSignInMessage: MESSAGES.SIGNED_IN_OFFLINE_DESCRIPTION,
  registerFailedTitle: MESSAGES.REGISTRATION_FAILED_TITLE,
  registerFailedFallback: MESSAGES.REGISTRATION_FAILED_DESCRIPTION,
  loginSuccessTitle: MESSAGES.LOGIN_SUCCESS_TITLE,
  /** Spec §6: an admin's welcome text carries '(Admin Access)'. */
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
