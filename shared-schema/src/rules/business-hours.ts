/**
 * Business time in Perth (9 am to 5 pm on a weekday that is not a WA public holiday): the clock
 * the release of a stored vehicle is counted on (Act s. 15, reg 10) and the complaints procedure's
 * stages run on. Pure: the holidays come in as data (constants/wa-towing.ts) and every instant is
 * an ISO string.
 *
 * Perth keeps UTC+8 all year (no daylight saving), so a Perth wall-clock time is the UTC instant
 * moved by eight hours; nothing here depends on the time zone of the machine it runs on.
 */
import {
  RELEASE_BUSINESS_HOURS,
  RELEASE_WITHIN_BUSINESS_HOURS,
  WA_PUBLIC_HOLIDAYS,
} from '../constants/wa-towing';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const PERTH_OFFSET_MS = 8 * HOUR_MS;

/** The holidays a calculation skips, by Perth date `YYYY-MM-DD`. */
export type HolidayTable = Readonly<Record<string, string>>;

/** The Perth calendar date of an instant in milliseconds. */
function perthDay(ms: number): string {
  return new Date(ms + PERTH_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant (ms) of a Perth wall-clock hour on a Perth date. */
function perthInstant(date: string, hour: number): number {
  return Date.parse(`${date}T00:00:00Z`) - PERTH_OFFSET_MS + hour * HOUR_MS;
}

/** Whether a Perth date is a business day: Monday to Friday and not a WA public holiday. */
export function isBusinessDay(date: string, holidays: HolidayTable = WA_PUBLIC_HOLIDAYS): boolean {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !Object.hasOwn(holidays, date);
}

/** The name of the WA public holiday on a Perth date, or null. */
export function holidayOn(
  date: string,
  holidays: HolidayTable = WA_PUBLIC_HOLIDAYS,
): string | null {
  return Object.hasOwn(holidays, date) ? (holidays[date] ?? null) : null;
}

/**
 * The business window (open, close in ms) of the first business day whose close is after `ms`:
 * today's if it is a business day not yet closed, else the next business day's.
 */
function nextWindow(ms: number, holidays: HolidayTable): { open: number; close: number } {
  let date = perthDay(ms);
  // A year of days without a business day cannot happen; the bound only stops a bad table.
  for (let step = 0; step < 400; step += 1) {
    const close = perthInstant(date, RELEASE_BUSINESS_HOURS.to);
    if (isBusinessDay(date, holidays) && close > ms) {
      return { open: perthInstant(date, RELEASE_BUSINESS_HOURS.from), close };
    }
    date = perthDay(perthInstant(date, 12) + DAY_MS);
  }
  throw new Error('No business day within a year: check the holiday table');
}

/** The instant `durationMs` of business time after `startIso`. */
export function addBusinessTime(
  startIso: string,
  durationMs: number,
  holidays: HolidayTable = WA_PUBLIC_HOLIDAYS,
): string {
  let at = Date.parse(startIso);
  let left = durationMs;
  for (;;) {
    const window = nextWindow(at, holidays);
    const from = Math.max(at, window.open);
    const available = window.close - from;
    if (left <= available) return new Date(from + left).toISOString();
    left -= available;
    at = window.close;
  }
}

/** Business time between two instants in milliseconds (0 when `toIso` is not later). */
export function businessTimeBetween(
  fromIso: string,
  toIso: string,
  holidays: HolidayTable = WA_PUBLIC_HOLIDAYS,
): number {
  const end = Date.parse(toIso);
  let at = Date.parse(fromIso);
  let total = 0;
  while (at < end) {
    const window = nextWindow(at, holidays);
    if (window.open >= end) break;
    total += Math.min(window.close, end) - Math.max(at, window.open);
    at = window.close;
  }
  return total;
}

/**
 * The latest moment a stored vehicle must be available for collection: four business hours
 * after its towing and storage charges were paid (Act s. 15, reg 10). A payment outside business
 * hours starts the count when the next business day opens: paid at 4:30 pm on a Friday, the
 * vehicle is due by 12:30 pm on Monday (Tuesday when Monday is a public holiday).
 */
export function releaseDeadline(
  paidAtIso: string,
  holidays: HolidayTable = WA_PUBLIC_HOLIDAYS,
): string {
  return addBusinessTime(paidAtIso, RELEASE_WITHIN_BUSINESS_HOURS * HOUR_MS, holidays);
}

/** Where a release stands against its deadline at `nowIso`. */
export interface ReleaseCountdown {
  /** Business time left before the deadline, in milliseconds (0 once it has passed). */
  businessMsLeft: number;
  /** Whether the deadline has passed. */
  overdue: boolean;
}

/** The countdown the owner's screen shows for a paid vehicle awaiting collection. */
export function releaseCountdown(
  nowIso: string,
  deadlineIso: string,
  holidays: HolidayTable = WA_PUBLIC_HOLIDAYS,
): ReleaseCountdown {
  const overdue = Date.parse(nowIso) > Date.parse(deadlineIso);
  return {
    businessMsLeft: overdue ? 0 : businessTimeBetween(nowIso, deadlineIso, holidays),
    overdue,
  };
}

/**
 * The close of business (5 pm Perth) of the `days`-th business day after the Perth day of
 * `fromIso`: a complaint received on a Friday with two business days to acknowledge it is due by
 * 5 pm on Tuesday.
 */
export function businessDaysAfter(
  fromIso: string,
  days: number,
  holidays: HolidayTable = WA_PUBLIC_HOLIDAYS,
): string {
  let date = perthDay(Date.parse(fromIso));
  let counted = 0;
  while (counted < days) {
    date = perthDay(perthInstant(date, 12) + DAY_MS);
    if (isBusinessDay(date, holidays)) counted += 1;
  }
  return new Date(perthInstant(date, RELEASE_BUSINESS_HOURS.to)).toISOString();
}

/** `2 h 30 min`, `45 min`: a duration of business time as the owner's screen shows it. */
export function formatBusinessDuration(ms: number): string {
  const minutes = Math.max(0, Math.ceil(ms / 60_000));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}
