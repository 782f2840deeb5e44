/**
 * Payment terms and the business calendar, in Perth days: when an invoice on account falls due,
 * calendar months as statements count them, and which day is the first business day of a month
 * (when the monthly statements go out).
 *
 * Business days are Monday to Friday, except Western Australia's public holidays: the one
 * business calendar of the product (business-hours.ts `isBusinessDay`, its holidays a table in
 * constants/wa-towing.ts). Of those, New Year's Day, Labour Day, Easter and Western Australia
 * Day can push the first business day of a month back.
 */
import type { PaymentTerms } from '../entities/account';
import { isBusinessDay } from './business-hours';
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
