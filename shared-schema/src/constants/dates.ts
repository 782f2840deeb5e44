/** Time zone and date formats. Opening hours are the business profile's (`hours`). */

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
