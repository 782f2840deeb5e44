import { describe, expect, it } from 'vitest';
import {
  FATIGUE_LIMITS,
  assignmentBreaksLimit,
  fatigueBreaches,
  fatigueLevel,
  fatigueLimitNamed,
  fatigueOutlook,
  hoursText,
  shiftState,
  workPeriods,
  type ShiftEvent,
} from './fatigue';

const HOUR = 3_600_000;
const T0 = Date.parse('2026-12-07T00:00:00.000Z'); // 08:00 Monday in Perth
const at = (hours: number) => new Date(T0 + hours * HOUR).toISOString();

/** A shift from `start` to `end` (hours after T0), with breaks as [start, end] pairs. */
function shift(start: number, end: number, breaks: [number, number][] = []): ShiftEvent[] {
  return [
    { kind: 'shift_start', at: at(start) },
    ...breaks.flatMap(([from, to]) => [
      { kind: 'break_start', at: at(from) },
      { kind: 'break_end', at: at(to) },
    ]),
    { kind: 'shift_end', at: at(end) },
  ];
}

/** Days of the same shift: `hours` of work from `startHour` each day, for `days` days. */
function days(count: number, startHour: number, hours: number, breaks = true): ShiftEvent[] {
  return Array.from({ length: count }, (_, day) => {
    const start = day * 24 + startHour;
    // Two breaks of 15 min: one every 5 h of work or less, as the standard asks.
    const b: [number, number][] = breaks
      ? ([
          [start + 4, start + 4.25],
          [start + 8.5, start + 8.75],
        ].filter(([from]) => from! < start + hours) as [number, number][])
      : [];
    return shift(start, start + hours + b.length * 0.25, b);
  }).flat();
}

const periodsOf = (events: ShiftEvent[]) => workPeriods(events);

describe('workPeriods', () => {
  it('turns shifts and breaks into stretches of work', () => {
    expect(workPeriods(shift(0, 10, [[4, 4.5]]))).toEqual([
      { start: T0, end: T0 + 4 * HOUR },
      { start: T0 + 4.5 * HOUR, end: T0 + 10 * HOUR },
    ]);
  });

  it('takes events in time order and ignores repeats a late sync brings', () => {
    const events = [...shift(0, 8)].reverse();
    events.push({ kind: 'shift_start', at: at(2) }, { kind: 'break_end', at: at(3) });
    expect(workPeriods(events)).toEqual([{ start: T0, end: T0 + 8 * HOUR }]);
  });

  it('leaves a shift still going open', () => {
    expect(workPeriods([{ kind: 'shift_start', at: at(0) }])).toEqual([{ start: T0, end: null }]);
    expect(shiftState([{ kind: 'shift_start', at: at(0) }])).toBe('working');
    expect(
      shiftState([
        ...shift(0, 1),
        { kind: 'shift_start', at: at(2) },
        { kind: 'break_start', at: at(3) },
      ]),
    ).toBe('break');
    expect(shiftState(shift(0, 1))).toBe('off');
  });
});

describe('the break rule: 20 min off driving in every 5 h of work, 10 min in one go', () => {
  it('is broken by more than 5 h of work without a break', () => {
    const periods = periodsOf([{ kind: 'shift_start', at: at(0) }]);
    expect(fatigueBreaches(periods, T0 + 5 * HOUR)).not.toContain('break');
    expect(fatigueBreaches(periods, T0 + 5.25 * HOUR)).toContain('break');
  });

  it('is met by two breaks of 10 min', () => {
    const periods = periodsOf([
      { kind: 'shift_start', at: at(0) },
      { kind: 'break_start', at: at(2) },
      { kind: 'break_end', at: at(2 + 10 / 60) },
      { kind: 'break_start', at: at(4) },
      { kind: 'break_end', at: at(4 + 10 / 60) },
    ]);
    expect(fatigueBreaches(periods, T0 + 9 * HOUR)).not.toContain('break');
  });

  it('is not met by four breaks of 5 min: none is 10 min in one go', () => {
    const events: ShiftEvent[] = [{ kind: 'shift_start', at: at(0) }];
    for (const hour of [1, 2, 3, 4]) {
      events.push(
        { kind: 'break_start', at: at(hour) },
        { kind: 'break_end', at: at(hour + 5 / 60) },
      );
    }
    expect(fatigueBreaches(periodsOf(events), T0 + 5.5 * HOUR)).toContain('break');
  });
});

describe('168 h of work in any 14 days', () => {
  it('allows 12 h a day, 14 days in a row, and no more', () => {
    // 14 × 12 h = 168 h: at the limit, not over it (the weekly rest is its own rule).
    const events = days(14, 0, 12, false);
    const end = T0 + (13 * 24 + 12) * HOUR;
    expect(fatigueBreaches(periodsOf(events), end)).not.toContain('fortnight');
    const more = [...events.slice(0, -1), { kind: 'shift_end', at: at(13 * 24 + 12.5) }];
    expect(fatigueBreaches(periodsOf(more), end + 0.5 * HOUR)).toContain('fortnight');
  });
});

describe('27 h off in any 72 h, with three rests of 7 h', () => {
  it('is met by 12 h days with 12 h off between them', () => {
    const events = days(3, 0, 12, false);
    expect(fatigueBreaches(periodsOf(events), T0 + (48 + 12) * HOUR)).not.toContain('threeDay');
  });

  it('is broken by three days of 16 h work with 8 h off', () => {
    // 3 × 8 h = 24 h off in 72 h: short of 27.
    const events = days(4, 0, 16, false);
    expect(fatigueBreaches(periodsOf(events), T0 + (72 + 16) * HOUR)).toContain('threeDay');
  });

  it('counts a driver back from days off as rested', () => {
    expect(fatigueBreaches([{ start: T0, end: null }], T0 + HOUR)).toEqual([]);
  });
});

describe('no more than 17 h between rests of 7 h', () => {
  it('is broken by a day that runs on past 17 h with only short rests', () => {
    const events = shift(0, 18, [
      [5, 6],
      [11, 12],
    ]);
    const periods = periodsOf(events);
    expect(fatigueBreaches(periods, T0 + 17 * HOUR)).not.toContain('betweenMajorRests');
    expect(fatigueBreaches(periods, T0 + 18 * HOUR)).toContain('betweenMajorRests');
  });

  it('starts counting again after 7 h off', () => {
    const events = [...shift(0, 12), ...shift(19, 30)];
    expect(fatigueBreaches(periodsOf(events), T0 + 30 * HOUR)).not.toContain('betweenMajorRests');
  });
});

describe('48 h off in any 7 days with 24 h in a row, or two 24 h rests in 14 days', () => {
  it('is met by a week of five 10 h days and the weekend off', () => {
    const events = days(5, 0, 10, false);
    expect(fatigueBreaches(periodsOf(events), T0 + (4 * 24 + 10) * HOUR)).not.toContain(
      'weeklyRest',
    );
    const next = [...events, ...shift(7 * 24, 7 * 24 + 10)];
    expect(fatigueBreaches(periodsOf(next), T0 + (7 * 24 + 10) * HOUR)).not.toContain('weeklyRest');
  });

  it('is broken by work every day for 14 days with no 24 h off', () => {
    const events = days(14, 0, 11, false);
    const end = T0 + (13 * 24 + 11) * HOUR;
    expect(fatigueBreaches(periodsOf(events), end)).toContain('weeklyRest');
    expect(
      fatigueBreaches(periodsOf(events.slice(0, 12)), T0 + (5 * 24 + 11) * HOUR),
    ).not.toContain('weeklyRest');
  });
});

describe('fatigueOutlook', () => {
  it('gives a rested driver starting now the full 17 h to the next limit other than a break', () => {
    const outlook = fatigueOutlook([], new Date(T0));
    expect(outlook.broken).toEqual([]);
    expect(outlook.nextLimit).toBe('betweenMajorRests');
    expect(outlook.minutesLeft).toBe(17 * 60);
    expect(outlook.breakDueIn).toBe(FATIGUE_LIMITS.breakEveryWorkMinutes);
    expect(fatigueLevel(outlook)).toBe('ok');
  });

  it('warns a driver 16 h 15 min into a day: near the 17 h limit, break due', () => {
    const events = shift(0, 16.25, [
      [4, 4.5],
      [9, 9.5],
      [13, 13.5],
    ]).slice(0, -1);
    const outlook = fatigueOutlook(events, new Date(T0 + 16.25 * HOUR));
    expect(outlook.minutesLeft).toBe(45);
    expect(outlook.nextLimit).toBe('betweenMajorRests');
    expect(fatigueLevel(outlook)).toBe('near');
    expect(assignmentBreaksLimit(outlook, 90)).toBe(true);
    expect(assignmentBreaksLimit(outlook, 30)).toBe(false);
  });

  it('reports a limit already broken', () => {
    const events = [{ kind: 'shift_start', at: at(0) }];
    const outlook = fatigueOutlook(events, new Date(T0 + 18 * HOUR));
    expect(outlook.broken).toContain('betweenMajorRests');
    expect(fatigueLevel(outlook)).toBe('broken');
    expect(assignmentBreaksLimit(outlook, 1)).toBe(true);
    // The warning names the limit broken, whatever limit further work would reach next.
    expect(fatigueLimitNamed(outlook)).toBe('betweenMajorRests');
    expect(fatigueLimitNamed({ ...outlook, nextLimit: 'fortnight' })).toBe('betweenMajorRests');
  });

  it('names the limit further work would reach when none is broken, never the break rule', () => {
    const near = fatigueOutlook(
      shift(0, 16.25, [
        [4, 4.5],
        [9, 9.5],
        [13, 13.5],
      ]).slice(0, -1),
      new Date(T0 + 16.25 * HOUR),
    );
    expect(fatigueLimitNamed(near)).toBe('betweenMajorRests');
    expect(fatigueLimitNamed({ ...near, broken: ['break'] })).toBe('betweenMajorRests');
    expect(fatigueLimitNamed({ ...near, broken: ['break'], nextLimit: null })).toBeNull();
  });

  it('ignores what was recorded after the moment judged', () => {
    const events = shift(0, 30);
    expect(fatigueOutlook(events, new Date(T0 + HOUR)).broken).toEqual([]);
  });
});

describe('hoursText', () => {
  it('writes minutes as hours and minutes', () => {
    expect(hoursText(45)).toBe('45 min');
    expect(hoursText(180)).toBe('3 h');
    expect(hoursText(195)).toBe('3 h 15 min');
  });
});
