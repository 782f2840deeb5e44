/** Toast durations, polling intervals and the live-status widget's numbers, in milliseconds. */

/** Toast durations and limits (spec public §9). */
export const TOAST_DURATIONS = {
  default: 5000,
  maxVisible: 1,
  loginSuccess: 5000,
  adminNotice: 4000,
  adminNoticeDelay: 1500,
  registrationSuccess: 5000,
  accountReady: 4000,
  accountReadyDelay: 2000,
  logout: 3000,
  tooltipDelay: 700,
  tooltipSkipDelay: 300,
  /** Hotkey that focuses the toast viewport. */
  viewportHotkey: 'F8',
} as const;

/** Polling intervals of both specs. */
export const POLLING_INTERVALS = {
  dashboardJobs: 5000,
  liveStatusJobs: 5000,
  portalJob: 5000,
  adminJobs: 3000,
  adminBookings: 5000,
  adminEmails: 5000,
} as const;

/** The live-status widget and the available-drivers control. */
export const LIVE_STATUS = {
  blinkMs: 2000,
  defaultDrivers: 2,
  minDrivers: 0,
  maxDrivers: 10,
  driversStep: 1,
} as const;

/** Browser storage keys the spec names. */
export const STORAGE_KEYS = {
  authUser: 'auth_user',
  customerInfo: 'customerInfo',
  availableDrivers: 'availableDrivers',
} as const;
