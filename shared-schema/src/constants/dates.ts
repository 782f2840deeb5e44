/** Time zone, date display formats and business hours. */

/** The business's time zone; displays and "today" use it. */
export const PERTH_TZ = 'Australia/Perth';

/** dayjs format tokens of the spec's date formats ('MMM yyyy', 'MMMM yyyy', 'MMM d, yyyy'). */
export const DATE_FORMATS = {
  monthYear: 'MMM YYYY',
  monthYearLong: 'MMMM YYYY',
  date: 'MMM D, YYYY',
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
