/**
 * A driver's weekly timesheet, worked out from the same shift records as the fatigue limits
 * (rules/fatigue.ts): the screen on /admin/dispatch and the CSV for payroll both come from
 * {@link weeklyTimesheet}, so they always agree.
 */
import { workPeriods, type ShiftEvent } from './fatigue';
import { addCalendarDays, formatPerth } from './dates';

const MINUTE = 60_000;

/** One day of a timesheet (Perth calendar day). */
export interface TimesheetDay {
  /** `YYYY-MM-DD` in Perth. */
  date: string;
  /** First start of work that day, `HH:mm` Perth, or null. */
  started: string | null;
  /**
   * Last end of work that day, `HH:mm` Perth: `24:00` when the work runs on past midnight, null
   * while still working.
   */
  finished: string | null;
  workMinutes: number;
  breakMinutes: number;
}

/** A week of a driver's work, Monday to Sunday in Perth. */
export interface Timesheet {
  weekStart: string;
  days: TimesheetDay[];
  workMinutes: number;
  breakMinutes: number;
}

/** Midnight in Perth of `date` as epoch ms (Perth keeps +08:00 all year). */
function perthMidnight(date: string): number {
  return Date.parse(`${date}T00:00:00+08:00`);
}

/** The Monday (Perth) of the week holding `instant`. */
export function weekStartOf(instant: Date | string | number): string {
  const date = formatPerth(instant, 'YYYY-MM-DD');
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 Sunday … 6 Saturday
  return addCalendarDays(date, -((weekday + 6) % 7));
}

/**
 * The timesheet of the week starting `weekStart` (a Monday), from a driver's shift events. Work
 * that runs past midnight counts on each day for its part; a shift still going counts to `now`.
 * Break minutes are the breaks between stretches of work within a shift.
 */
export function weeklyTimesheet(
  events: readonly ShiftEvent[],
  weekStart: string,
  now: Date,
): Timesheet {
  const periods = workPeriods(events).map((p) => ({ start: p.start, end: p.end ?? now.getTime() }));
  const breaks: { start: number; end: number }[] = [];
  const sorted = [...events].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  let breakStart: number | null = null;
  for (const event of sorted) {
    if (event.kind === 'break_start' && breakStart === null) breakStart = Date.parse(event.at);
    if ((event.kind === 'break_end' || event.kind === 'shift_end') && breakStart !== null) {
      breaks.push({ start: breakStart, end: Date.parse(event.at) });
      breakStart = null;
    }
  }
  if (breakStart !== null) breaks.push({ start: breakStart, end: now.getTime() });

  const days: TimesheetDay[] = [];
  for (let i = 0; i < 7; i += 1) {
    const date = addCalendarDays(weekStart, i);
    const from = perthMidnight(date);
    const to = perthMidnight(addCalendarDays(date, 1));
    const overlap = (list: { start: number; end: number }[]) =>
      list
        .map((p) => ({ start: Math.max(p.start, from), end: Math.min(p.end, to) }))
        .filter((p) => p.end > p.start);
    const work = overlap(periods);
    const sum = (list: { start: number; end: number }[]) =>
      Math.round(list.reduce((total, p) => total + (p.end - p.start), 0) / MINUTE);
    const first = work[0];
    const last = work.at(-1);
    const stillWorking = last !== undefined && last.end === now.getTime();
    days.push({
      date,
      started: first ? formatPerth(first.start, 'HH:mm') : null,
      finished:
        last && !stillWorking ? (last.end === to ? '24:00' : formatPerth(last.end, 'HH:mm')) : null,
      workMinutes: sum(work),
      breakMinutes: sum(overlap(breaks)),
    });
  }
  return {
    weekStart,
    days,
    workMinutes: days.reduce((total, day) => total + day.workMinutes, 0),
    breakMinutes: days.reduce((total, day) => total + day.breakMinutes, 0),
  };
}

/** The payroll CSV's columns, in order. */
export const TIMESHEET_CSV_COLUMNS = [
  'Driver',
  'Date',
  'Started',
  'Finished',
  'Work hours',
  'Break hours',
] as const;

/** Hours with two decimals, as payroll imports read them (7 h 45 min → "7.75"). */
function decimalHours(minutes: number): string {
  return (minutes / 60).toFixed(2);
}

/** The CSV rows of a timesheet (days with no work left out), then a total row. */
export function timesheetCsvRows(
  driver: string,
  sheet: Timesheet,
): Record<(typeof TIMESHEET_CSV_COLUMNS)[number], string>[] {
  const rows = sheet.days
    .filter((day) => day.workMinutes > 0)
    .map((day) => ({
      Driver: driver,
      Date: day.date,
      Started: day.started ?? '',
      Finished: day.finished ?? '',
      'Work hours': decimalHours(day.workMinutes),
      'Break hours': decimalHours(day.breakMinutes),
    }));
  rows.push({
    Driver: driver,
    Date: `Week of ${sheet.weekStart}`,
    Started: '',
    Finished: '',
    'Work hours': decimalHours(sheet.workMinutes),
    'Break hours': decimalHours(sheet.breakMinutes),
  });
  return rows;
}
