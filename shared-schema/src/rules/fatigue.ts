/**
 * Work and rest of a driver under Western Australia's operating standard for commercial vehicle
 * drivers (WorkSafe WA's Code of Practice "Fatigue management for commercial vehicle drivers",
 * made under the OSH Regulations 1996, r. 3.132), worked out from the shifts and breaks the
 * driver records on /driver. docs/dispatch.md lists each limit with where it comes from.
 *
 * Work time is every minute on shift outside a break; every other minute is non-work time. The
 * limits are checked at the moments a driver would be working (the end of each stretch of work,
 * and "now" when the driver is on shift), with windows counted back from that moment. Time before
 * the first record counts as non-work: a new driver starts rested.
 *
 * Nothing here reads a clock: every function takes the moment it judges.
 */
import { DRIVER_SHIFT_EVENT_KINDS, type DriverShiftEventKind } from '../constants/fatigue';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The standard's limits for a solo driver, in minutes. */
export const FATIGUE_LIMITS = {
  /** A break from driving of this much in total for every stretch of work below … */
  breakMinutes: 20,
  /** … of which at least this much in one go … */
  breakContinuousMinutes: 10,
  /** … per this much work time. */
  breakEveryWorkMinutes: 5 * 60,
  /** Work time in any 14 days at most. */
  fortnightWorkMinutes: 168 * 60,
  /** Non-work time in any 72 hours at least … */
  threeDayRestMinutes: 27 * 60,
  /** … including this many periods … */
  threeDayRestPeriods: 3,
  /** … of at least this much continuous non-work time (a "major rest"). */
  majorRestMinutes: 7 * 60,
  /** Hours between major rests at most. */
  betweenMajorRestsMinutes: 17 * 60,
  /** Non-work time in any 7 days at least … */
  weekRestMinutes: 48 * 60,
  /** … including one period of this much continuous. */
  longRestMinutes: 24 * 60,
  /** Or, as the other option: this many such periods in any 14 days. */
  fortnightLongRests: 2,
} as const;

/** A driver is warned this long before a limit would be reached by working on. */
export const FATIGUE_WARN_MINUTES = 60;

/** One of the limits above. */
export type FatigueRule = 'break' | 'fortnight' | 'threeDay' | 'betweenMajorRests' | 'weeklyRest';

/** The words staff read for each limit (the driver's screen, the dispatch board, the docs). */
export const FATIGUE_RULE_TEXT: Record<FatigueRule, string> = {
  break: '20 min break (10 min in one go) in every 5 h of work',
  fortnight: 'No more than 168 h of work in any 14 days',
  threeDay: '27 h off in any 72 h, with three rests of 7 h',
  betweenMajorRests: 'No more than 17 h between rests of 7 h',
  weeklyRest: '48 h off in any 7 days with 24 h in a row, or two 24 h rests in any 14 days',
};

/** One recorded event of a driver's day, as the `driver_shift_events` table stores it. */
export interface ShiftEvent {
  kind: DriverShiftEventKind | string;
  /** When it happened on the driver's device, ISO-8601. */
  at: string;
}

/** A stretch of work, in epoch milliseconds; `end` is null while it goes on. */
export interface WorkPeriod {
  start: number;
  end: number | null;
}

/**
 * The driver's stretches of work from their events, in time order. Events may arrive out of
 * order or twice (a phone offline for a day syncs late): a start while on shift and an end while
 * off are ignored, and a break end without a break start is too; a shift end closes a break.
 */
export function workPeriods(events: readonly ShiftEvent[]): WorkPeriod[] {
  const sorted = events
    .filter((event) => (DRIVER_SHIFT_EVENT_KINDS as readonly string[]).includes(event.kind))
    .map((event) => ({ kind: event.kind, at: Date.parse(event.at) }))
    .filter((event) => Number.isFinite(event.at))
    .sort((a, b) => a.at - b.at);
  const periods: WorkPeriod[] = [];
  let state: 'off' | 'working' | 'break' = 'off';
  let open: WorkPeriod | null = null;
  const close = (at: number) => {
    if (open) {
      open.end = at;
      if (open.end > open.start) periods.push(open);
      open = null;
    }
  };
  for (const event of sorted) {
    if (event.kind === 'shift_start' && state === 'off') {
      open = { start: event.at, end: null };
      state = 'working';
    } else if (event.kind === 'break_start' && state === 'working') {
      close(event.at);
      state = 'break';
    } else if (event.kind === 'break_end' && state === 'break') {
      open = { start: event.at, end: null };
      state = 'working';
    } else if (event.kind === 'shift_end' && state !== 'off') {
      close(event.at);
      state = 'off';
    }
  }
  if (open) periods.push(open);
  return periods;
}

/** Where the driver stands now by their events: off shift, working or on a break. */
export function shiftState(events: readonly ShiftEvent[]): 'off' | 'working' | 'break' {
  const sorted = [...events].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  let state: 'off' | 'working' | 'break' = 'off';
  for (const event of sorted) {
    if (event.kind === 'shift_start' && state === 'off') state = 'working';
    else if (event.kind === 'break_start' && state === 'working') state = 'break';
    else if (event.kind === 'break_end' && state === 'break') state = 'working';
    else if (event.kind === 'shift_end') state = 'off';
  }
  return state;
}

/** Closed periods, an open one ending at `at`, nothing after `at`. */
function closedAt(periods: readonly WorkPeriod[], at: number): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  for (const period of periods) {
    if (period.start >= at) continue;
    out.push({ start: period.start, end: Math.min(period.end ?? at, at) });
  }
  return out;
}

/** Work minutes inside [from, to). */
function workBetween(periods: readonly { start: number; end: number }[], from: number, to: number) {
  let ms = 0;
  for (const p of periods) ms += Math.max(0, Math.min(p.end, to) - Math.max(p.start, from));
  return ms / MINUTE;
}

/** The non-work gaps inside [from, to), in minutes each, clipped to the window. */
function restsBetween(
  periods: readonly { start: number; end: number }[],
  from: number,
  to: number,
): number[] {
  const rests: number[] = [];
  let cursor = from;
  for (const p of periods) {
    if (p.end <= from) continue;
    if (p.start >= to) break;
    if (p.start > cursor) rests.push((p.start - cursor) / MINUTE);
    cursor = Math.max(cursor, p.end);
  }
  if (to > cursor) rests.push((to - cursor) / MINUTE);
  return rests;
}

/**
 * Which limits a driver breaks at the moment `at`, working then, with the work recorded up to it.
 * (`periods` in time order, as {@link workPeriods} gives them.)
 */
export function fatigueBreaches(periods: readonly WorkPeriod[], at: number): FatigueRule[] {
  const work = closedAt(periods, at);
  const broken: FatigueRule[] = [];
  const L = FATIGUE_LIMITS;

  if (workSinceBreakRule(work, at) > L.breakEveryWorkMinutes) broken.push('break');
  if (workBetween(work, at - 14 * DAY, at) > L.fortnightWorkMinutes) broken.push('fortnight');

  const threeDay = restsBetween(work, at - 3 * DAY, at);
  const threeDayRest = threeDay.reduce((sum, minutes) => sum + minutes, 0);
  // A rest of 21 h holds three rests of 7 h in a row: a driver back from days off is rested.
  const majorRests = threeDay.reduce(
    (count, minutes) => count + Math.floor(minutes / L.majorRestMinutes),
    0,
  );
  if (threeDayRest < L.threeDayRestMinutes || majorRests < L.threeDayRestPeriods)
    broken.push('threeDay');

  if (minutesSinceMajorRest(work, at) > L.betweenMajorRestsMinutes)
    broken.push('betweenMajorRests');

  const week = restsBetween(work, at - 7 * DAY, at);
  const weekOption =
    week.reduce((sum, minutes) => sum + minutes, 0) >= L.weekRestMinutes &&
    week.some((minutes) => minutes >= L.longRestMinutes);
  const fortnightOption =
    restsBetween(work, at - 14 * DAY, at).reduce(
      (count, minutes) => count + Math.floor(minutes / L.longRestMinutes),
      0,
    ) >= L.fortnightLongRests;
  if (!weekOption && !fortnightOption) broken.push('weeklyRest');
  return broken;
}

/**
 * Work minutes since the break rule was last met: a stretch of work is cleared once the breaks
 * taken during it add up to 20 minutes with one of 10 in a row, or by a major rest.
 */
function workSinceBreakRule(work: readonly { start: number; end: number }[], at: number): number {
  const L = FATIGUE_LIMITS;
  let worked = 0;
  let breaks = 0;
  let longBreak = false;
  let previousEnd: number | null = null;
  for (const p of work) {
    if (p.start >= at) break;
    if (previousEnd !== null) {
      const gap = (p.start - previousEnd) / MINUTE;
      if (gap >= L.majorRestMinutes) {
        worked = 0;
        breaks = 0;
        longBreak = false;
      } else {
        breaks += gap;
        if (gap >= L.breakContinuousMinutes) longBreak = true;
        if (breaks >= L.breakMinutes && longBreak) {
          worked = 0;
          breaks = 0;
          longBreak = false;
        }
      }
    }
    worked += (Math.min(p.end, at) - p.start) / MINUTE;
    previousEnd = p.end;
  }
  if (previousEnd !== null && (at - previousEnd) / MINUTE >= L.majorRestMinutes) return 0;
  return worked;
}

/** Minutes from the end of the last major rest (or the first record) to `at`. */
function minutesSinceMajorRest(work: readonly { start: number; end: number }[], at: number) {
  let since: number | null = null;
  let previousEnd: number | null = null;
  for (const p of work) {
    if (previousEnd === null || (p.start - previousEnd) / MINUTE >= FATIGUE_LIMITS.majorRestMinutes)
      since = p.start;
    previousEnd = p.end;
  }
  if (since === null || previousEnd === null) return 0;
  if ((at - previousEnd) / MINUTE >= FATIGUE_LIMITS.majorRestMinutes) return 0;
  return (at - since) / MINUTE;
}

/** How far a driver can go before a limit, judged at `now`. */
export interface FatigueOutlook {
  /** Limits already broken at `now` (for a driver on shift), else none. */
  broken: FatigueRule[];
  /**
   * Minutes of further work, from now without a break, before the first limit other than the
   * break rule would be broken (null: none within the next 24 h). Starting a shift now counts
   * the same way for a driver who is off.
   */
  minutesLeft: number | null;
  /** The limit that would be reached first. */
  nextLimit: FatigueRule | null;
  /** Minutes of work until a break is due (the break rule, which a break clears). */
  breakDueIn: number;
}

const STEP_MINUTES = 15;

/**
 * The driver's outlook at `now`: which limits are broken, and how long they can work on before
 * one would be. Worked out by extending their work from `now` in 15-minute steps and judging
 * the limits at each step, so every rule is counted the one way {@link fatigueBreaches} counts it.
 */
export function fatigueOutlook(events: readonly ShiftEvent[], now: Date): FatigueOutlook {
  const at = now.getTime();
  const periods = workPeriods(events).filter((p) => p.start <= at);
  const state = shiftState(events.filter((event) => Date.parse(event.at) <= at));
  const broken = state === 'working' ? fatigueBreaches(periods, at) : [];
  // Working on from now: the open period continues, or a new one starts now.
  const closed = periods.map((p) => ({ start: p.start, end: p.end ?? at }));
  const last = closed.at(-1);
  const extended = (until: number): WorkPeriod[] =>
    state === 'working' && last && periods.at(-1)?.end === null
      ? [...closed.slice(0, -1), { start: last.start, end: until }]
      : [...closed, { start: at, end: until }];
  const breakDueIn = Math.max(
    0,
    FATIGUE_LIMITS.breakEveryWorkMinutes - workSinceBreakRule(closedAt(extended(at), at), at),
  );
  for (let minutes = STEP_MINUTES; minutes <= 24 * 60; minutes += STEP_MINUTES) {
    const until = at + minutes * MINUTE;
    const rules = fatigueBreaches(extended(until), until).filter(
      (rule) => rule !== 'break' && !broken.includes(rule),
    );
    if (rules.length > 0)
      return { broken, minutesLeft: minutes - STEP_MINUTES, nextLimit: rules[0]!, breakDueIn };
  }
  return { broken, minutesLeft: null, nextLimit: null, breakDueIn };
}

/** What the driver's screen and the board say about a driver's fatigue. */
export type FatigueLevel = 'ok' | 'near' | 'broken';

/** `broken` when a limit is broken now, `near` within {@link FATIGUE_WARN_MINUTES}, else `ok`. */
export function fatigueLevel(outlook: FatigueOutlook): FatigueLevel {
  if (outlook.broken.some((rule) => rule !== 'break')) return 'broken';
  if (outlook.minutesLeft !== null && outlook.minutesLeft < FATIGUE_WARN_MINUTES) return 'near';
  return 'ok';
}

/**
 * The limit a fatigue warning names: one already broken (then no later limit need come within the
 * day, so the outlook's next limit may be none, or another rule), else the one that further work
 * would reach first. The break rule is not named here: a break clears it and it has its own line.
 */
export function fatigueLimitNamed(outlook: FatigueOutlook): FatigueRule | null {
  return outlook.broken.find((rule) => rule !== 'break') ?? outlook.nextLimit;
}

/**
 * Whether a job of `jobMinutes` (travel there and the work on site) would take the driver past a
 * limit, judged from their outlook at the moment it is assigned.
 */
export function assignmentBreaksLimit(outlook: FatigueOutlook, jobMinutes: number): boolean {
  if (outlook.broken.some((rule) => rule !== 'break')) return true;
  return outlook.minutesLeft !== null && outlook.minutesLeft < jobMinutes;
}

/** "3 h 15 min", "45 min". */
export function hoursText(minutes: number): string {
  const whole = Math.max(0, Math.round(minutes));
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}
