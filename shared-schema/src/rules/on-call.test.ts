import { describe, expect, it } from 'vitest';
import {
  coversTime,
  defaultRoster,
  escalationRecipients,
  isAfterHours,
  needsOnCallText,
  onCallNow,
  type RosterEntry,
} from './on-call';

/** Perth is UTC+8 all year: Monday 1 March 2027 at `hhmm` Perth time. */
function monday(hhmm: string): string {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return new Date(Date.UTC(2027, 2, 1, h - 8, m)).toISOString();
}

const OWNERS = [
  { name: 'Dana Reid', phone: '0412 000 111' },
  { name: 'Lee Park', phone: '0412 000 222' },
];
const NIGHTS: RosterEntry = {
  name: 'Sam Night',
  phone: '0412 000 333',
  userId: null,
  days: [1, 2, 3, 4, 5],
  from: '18:00',
  to: '06:00',
};

describe('the on-call roster', () => {
  it('defaults to both owners, every day, around the clock, the first one first', () => {
    const roster = defaultRoster(OWNERS);
    expect(onCallNow(roster, monday('03:00')).map((entry) => entry.name)).toEqual([
      'Dana Reid',
      'Lee Park',
    ]);
    expect(escalationRecipients(roster, monday('03:00'), 0).map((e) => e.name)).toEqual([
      'Dana Reid',
    ]);
  });

  it('covers a night that runs past midnight on the day it starts, in Perth time', () => {
    expect(coversTime(NIGHTS, monday('18:00'))).toBe(true);
    expect(coversTime(NIGHTS, monday('17:59'))).toBe(false);
    // Monday 02:00 is Sunday night's shift, and Sunday is not on the list.
    expect(coversTime(NIGHTS, monday('02:00'))).toBe(false);
    // Tuesday 05:59 belongs to Monday night.
    expect(coversTime(NIGHTS, new Date(Date.parse(monday('05:59')) + 86_400_000))).toBe(true);
    expect(coversTime(NIGHTS, new Date(Date.parse(monday('06:00')) + 86_400_000))).toBe(false);
  });

  it('texts the first on call, then the next on the roster, then everyone once each', () => {
    const roster = [NIGHTS, ...defaultRoster(OWNERS)];
    const night = monday('23:00');
    const names = (step: number, at = night) =>
      escalationRecipients(roster, at, step).map((entry) => entry.name);
    expect(names(0)).toEqual(['Sam Night']);
    expect(names(1)).toEqual(['Dana Reid']);
    expect(names(2)).toEqual(['Sam Night', 'Dana Reid', 'Lee Park']);
    // In the day Sam is off: Dana first, then Lee.
    expect(names(0, monday('10:00'))).toEqual(['Dana Reid']);
    expect(names(1, monday('10:00'))).toEqual(['Lee Park']);
  });

  it('still reaches someone when nobody is on call, and counts a number once', () => {
    const roster = [NIGHTS, { ...NIGHTS, name: 'Same phone' }];
    expect(escalationRecipients(roster, monday('10:00'), 0).map((e) => e.name)).toEqual([
      'Sam Night',
    ]);
    expect(escalationRecipients(roster, monday('10:00'), 2)).toHaveLength(1);
    expect(escalationRecipients([], monday('10:00'), 0)).toEqual([]);
  });
});

describe('business hours', () => {
  it('is after hours outside Mon-Fri 8-6, Sat 9-4, and all of Sunday', () => {
    expect(isAfterHours(monday('07:59'))).toBe(true);
    expect(isAfterHours(monday('08:00'))).toBe(false);
    expect(isAfterHours(monday('17:59'))).toBe(false);
    expect(isAfterHours(monday('18:00'))).toBe(true);
    const saturday = (hhmm: string) => new Date(Date.parse(monday(hhmm)) + 5 * 86_400_000);
    expect(isAfterHours(saturday('09:00'))).toBe(false);
    expect(isAfterHours(saturday('16:00'))).toBe(true);
    expect(isAfterHours(new Date(Date.parse(monday('12:00')) - 86_400_000))).toBe(true);
  });

  it('texts on call for an emergency at any hour, for anything else only after hours', () => {
    expect(needsOnCallText({ urgency: 'emergency', createdAt: monday('10:00') })).toBe(true);
    expect(needsOnCallText({ urgency: 'scheduled', createdAt: monday('10:00') })).toBe(false);
    expect(needsOnCallText({ urgency: 'scheduled', createdAt: monday('22:00') })).toBe(true);
  });
});
