/**
 * Wording of the auth toasts the spec lists but does not quote (§8: login success, registration
 * success, 'Account Ready', logout, the admin notice) and their timings (§9).
 */
export const AUTH_TOASTS = {
  default: 5000,
  login: 5000,
  adminNoticeDelay: 1500,
  adminNotice: 4000,
  register: 5000,
  accountReadyDelay: 2000,
  accountReady: 4000,
  logout: 3000,
} as const;

export const AUTH_TEXT = {
  loginSuccessTitle: 'Login Successful',
  loginSuccessMessage: (name: string, admin: boolean) => `Welcome back, ${name}!${admin ? ' (Admin Access)' : ''}`,
  adminNoticeTitle: 'Admin Access',
  adminNoticeMessage: 'The Admin Panel is available in the navigation menu.',
  registerSuccessTitle: 'Registration Successful',
  registerSuccessMessage: (name: string) => `Welcome, ${name}! Your account has been created.`,
  accountReadyMessage: 'Your account is ready. Log in with your new username and password.',
  logoutTitle: 'Logged Out',
  logoutMessage: 'You have been signed out. See you next time.',
} as const;
