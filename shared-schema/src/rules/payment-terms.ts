/**
 * Payment terms and the business calendar, in Perth days: when an invoice on account falls due,
 * calendar months as statements count them, and which day is the first business day of a month
 * (when the monthly statements go out).
 *
 * Business days are Monday to Friday, except Western Australia's public holidays (Public and
 * Bank Holidays Act 1972): New Year's Day, Australia Day, Labour Day (first Monday in March),
 * Good Friday, Easter Monday, Anzac Day, Western Australia Day (first Monday in June), the King's
 * Birthday (observed on the last Monday in September), Christmas and Boxing Day, each moved to
 * the following weekday when it falls on a weekend as the Act provides. Only the first days of a
 * month matter to the statements, and of those New Year's Day, Labour Day, Easter and Western
 * Australia Day can push the first business day back.
 */
import type { PaymentTerms } from '../entities/account';
import { addCalendarDays, perthDate } from './dates';

/** A calendar month `YYYY-MM`. */
export type YearMonth = string;

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** Whether the text is a month `YYYY-MM`. */
export function isYearMonth(text: string): boolean {
  return MONTH.test(text);
}

/** The month `YYYY-MM` of a Perth date or an instant. */
export function monthOf(dateOrInstant: string): YearMonth {
  return perthDate(dateOrInstant).slice(0, 7);
}

/** The first day of a month: '2026-11' → '2026-11-01'. */
export function firstDayOf(month: YearMonth): string {
  return `${month}-01`;
}

/** The last day of a month: '2026-02' → '2026-02-28'. */
export function lastDayOf(month: YearMonth): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const day = new Date(Date.UTC(year, number, 0)).getUTCDate();
  return `${month}-${String(day).padStart(2, '0')}`;
}

/** The month before: '2026-01' → '2025-12'. */
export function previousMonth(month: YearMonth): YearMonth {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return number === 1 ? `${year - 1}-12` : `${year}-${String(number - 1).padStart(2, '0')}`;
}

/**
 * When an invoice issued at `issuedAt` (an instant or a Perth date) is due, as a Perth date:
 * `days` after the issue date, or for `eom` terms `days` after the last day of the issue month
 * ("30 days EOM": an invoice of 20 November is due 30 December).
 */
export function dueDateFor(terms: PaymentTerms, issuedAt: string): string {
  const issued = perthDate(issuedAt);
  const from = terms.kind === 'eom' ? lastDayOf(issued.slice(0, 7)) : issued;
  return addCalendarDays(from, terms.days);
}

/** The terms as an invoice or statement states them: '14 days', '30 days after end of month'. */
export function termsText(terms: PaymentTerms): string {
  if (terms.kind === 'eom')
    return terms.days === 0 ? 'End of month' : `${terms.days} days after end of month`;
  if (terms.days === 0) return 'Due on receipt';
  return terms.days === 1 ? '1 day' : `${terms.days} days`;
}

/** Day of the week of a Perth date: 0 Sunday … 6 Saturday. */
function weekday(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

function isoOf(year: number, month: number, day: number): string {
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The `n`th (1-based) `day`-of-week of a month, or the last one for n = -1. */
function nthWeekday(year: number, month: number, day: number, n: number): string {
  if (n > 0) {
    const first = weekday(isoOf(year, month, 1));
    return isoOf(year, month, 1 + ((day - first + 7) % 7) + (n - 1) * 7);
  }
  const last = lastDayOf(isoOf(year, month, 1).slice(0, 7));
  const back = (weekday(last) - day + 7) % 7;
  return addCalendarDays(last, -back);
}

/** Easter Sunday of a year (the Gregorian computus, Meeus/Jones/Butcher). */
function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return isoOf(year, month, day);
}

/** A fixed-date holiday and, when it falls on a weekend, the Monday after. */
function withWeekendMonday(date: string): string[] {
  const day = weekday(date);
  if (day === 6) return [date, addCalendarDays(date, 2)];
  if (day === 0) return [date, addCalendarDays(date, 1)];
  return [date];
}

/** Western Australia's public holidays of a year (see the module comment). */
export function waPublicHolidays(year: number): string[] {
  const easter = easterSunday(year);
  const christmas = isoOf(year, 12, 25);
  const boxing = isoOf(year, 12, 26);
  // Christmas on a Saturday is also held on Monday 27th, Boxing Day (Sunday) on Tuesday 28th;
  // Christmas on a Sunday moves to Tuesday 27th, Boxing Day staying on Monday 26th.
  const christmasDays =
    weekday(christmas) === 6
      ? [christmas, boxing, isoOf(year, 12, 27), isoOf(year, 12, 28)]
      : weekday(christmas) === 0
        ? [christmas, boxing, isoOf(year, 12, 27)]
        : weekday(boxing) === 6
          ? [christmas, boxing, isoOf(year, 12, 28)]
          : [christmas, boxing];
  return [
    ...withWeekendMonday(isoOf(year, 1, 1)),
    ...withWeekendMonday(isoOf(year, 1, 26)),
    nthWeekday(year, 3, 1, 1),
    addCalendarDays(easter, -2),
    addCalendarDays(easter, 1),
    ...withWeekendMonday(isoOf(year, 4, 25)),
    nthWeekday(year, 6, 1, 1),
    nthWeekday(year, 9, 1, -1),
    ...christmasDays,
  ];
}

/** Whether a Perth date is a business day: a weekday that is not a WA public holiday. */
export function isBusinessDay(date: string): boolean {
  const day = weekday(date);
  if (day === 0 || day === 6) return false;
  return !waPublicHolidays(Number(date.slice(0, 4))).includes(date);
}

/** The first business day of a month: '2026-03' → '2026-03-03' (Labour Day is the 2nd). */
export function firstBusinessDayOf(month: YearMonth): string {
  let date = firstDayOf(month);
  while (!isBusinessDay(date)) date = addCalendarDays(date, 1);
  return date;
}

/**
 * The month whose statements are due to go out at `now`: the month before, from the first
 * business day of the month (Perth) on; null before it. Statements are sent once, so a server
 * that was down that day sends them on the next run.
 */
export function statementMonthDue(now: string): YearMonth | null {
  const today = perthDate(now);
  const month = today.slice(0, 7);
  return today >= firstBusinessDayOf(month) ? previousMonth(month) : null;
}
