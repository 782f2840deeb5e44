/**
 * Dates in the business's time zone. Stored timestamps are UTC ISO strings; "today", expiry windows
 * and displayed dates are Perth dates (UTC+8, no daylight saving).
 */
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { DATE_FORMATS, PERTH_TZ } from '../constants/dates';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * Perth's calendar date parts, from one formatter built once: lists work out a date per row
 * (the driver's jobs finished today, a week's shifts), and dayjs' time zone plugin builds its
 * parts anew on every call, which made such lists slow to render on a phone.
 */
const PERTH_DAY = new Intl.DateTimeFormat('en-AU', {
  timeZone: PERTH_TZ,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The Perth calendar date (`YYYY-MM-DD`) of an instant. */
export function perthDate(instant: Date | string | number): string {
  // A date-only text already is a calendar date; parsing it would shift it by the host's zone.
  if (typeof instant === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(instant)) return instant;
  const date = dayjs(instant);
  // As dayjs formats an unreadable instant, rather than the formatter's RangeError.
  if (!date.isValid()) return 'Invalid Date';
  let year = '';
  let month = '';
  let day = '';
  for (const part of PERTH_DAY.formatToParts(date.valueOf())) {
    if (part.type === 'year') year = part.value;
    else if (part.type === 'month') month = part.value;
    else if (part.type === 'day') day = part.value;
  }
  return `${year.padStart(4, '0')}-${month}-${day}`;
}

/** Today's Perth calendar date (`YYYY-MM-DD`), read from the clock. */
export function todayInPerth(): string {
  return perthDate(Date.now());
}

/**
 * An instant in Perth time with a dayjs format, for rules that compute with its parts (the hour,
 * the year). Text for people comes from formatWhen (rules/date-format.ts).
 */
export function formatPerth(instant: Date | string | number, format: string): string {
  return dayjs(instant).tz(PERTH_TZ).format(format);
}

/** The ISO instant `days` days after `iso` (whole days of 24 hours; Perth has no DST). */
export function addDaysIso(iso: string, days: number): string {
  return dayjs(iso).add(days, 'day').toISOString();
}

/**
 * Whole days from `fromIso` to `toIso`, counted between their Perth calendar dates, so an
 * instant late on Monday and one early on Tuesday are one day apart. Negative when `toIso` is
 * earlier.
 */
export function perthDaysBetween(fromIso: string, toIso: string): number {
  const from = dayjs.utc(perthDate(fromIso));
  const to = dayjs.utc(perthDate(toIso));
  return to.diff(from, 'day');
}

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Whether the text is a real calendar date `YYYY-MM-DD` (1-12 months, the month's own number of
 * days, 29 February only in leap years): '2027-02-30' and '2026-13-01' are not.
 */
export function isCalendarDate(text: string): boolean {
  const match = CALENDAR_DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  // Day 0 of the next month is the last day of this one (UTC, so no zone shifts it).
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The calendar date `days` days after `date` (`YYYY-MM-DD` in, `YYYY-MM-DD` out). */
export function addCalendarDays(date: string, days: number): string {
  return dayjs.utc(date).add(days, 'day').format(DATE_FORMATS.isoDate);
}
