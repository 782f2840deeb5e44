/** Time zone, date display formats and business hours. */

/** The business's time zone; displays and "today" use it. */
export const PERTH_TZ = 'Australia/Perth';

/**
 * dayjs format tokens the rules compute with. What people read is written by one formatter
 * (rules/date-format.ts: `6 Dec 2026, 9:32 am`), never by a format string of its own.
 */
export const DATE_FORMATS = {
  /** Wire format of date-only fields such as a booking's preferredDate. */
  isoDate: 'YYYY-MM-DD',
} as const;

/** Opening hours as displayed, and as numbers for checks (hours in 24 h, Perth time). */
export const BUSINESS_HOURS = {
  weekdays: 'Mon-Fri 8AM-6PM',
  saturday: 'Sat 9AM-4PM',
  sunday: 'Sunday emergency calls only',
  emergency: '24/7 Emergency Service',
  footerArea: 'Serving Greater Metro Area, 50-mile radius',
  open: {
    weekdays: { from: 8, to: 18 },
    saturday: { from: 9, to: 16 },
    sunday: null,
  },
  afterHours: { from: 22, to: 6 },
} as const;
