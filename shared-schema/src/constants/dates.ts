/** Time zone, date formats and the office hours the on-call rule reads. */

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

/**
 * The hours someone is at the office desk (Perth time, 24 h), as numbers for the on-call rule:
 * outside them a booking of any urgency also texts whoever is on call. Never shown to the
 * public, who are told the business answers 24/7 (the business profile's `hours`).
 */
export const OFFICE_HOURS = {
  weekdays: { from: 8, to: 18 },
  saturday: { from: 9, to: 16 },
  sunday: null,
} as const;
