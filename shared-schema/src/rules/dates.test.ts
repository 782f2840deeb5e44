import { afterEach, describe, expect, it, vi } from 'vitest';
import { DATE_FORMATS } from '../constants/dates';
import {
  addCalendarDays,
  addDaysIso,
  formatPerth,
  isCalendarDate,
  perthDate,
  perthDaysBetween,
  todayInPerth,
} from './dates';

afterEach(() => {
  vi.useRealTimers();
});

describe('Perth dates', () => {
  it('is eight hours ahead of UTC', () => {
    expect(perthDate('2026-11-21T15:59:59.000Z')).toBe('2026-11-21');
    expect(perthDate('2026-11-21T16:00:00.000Z')).toBe('2026-11-22');
  });

  it('follows the zone database, daylight saving trial included', () => {
    // Perth kept daylight saving (UTC+9) from December 2006 to March 2009.
    expect(perthDate('2008-01-15T14:59:59.000Z')).toBe('2008-01-15');
    expect(perthDate('2008-01-15T15:00:00.000Z')).toBe('2008-01-16');
    expect(perthDate(new Date('2026-11-21T16:00:00.000Z'))).toBe('2026-11-22');
    expect(perthDate(Date.parse('2026-11-21T15:59:59.000Z'))).toBe('2026-11-21');
  });

  it('says an unreadable instant is not a date, without throwing', () => {
    expect(perthDate('not a date')).toBe('Invalid Date');
  });

  it('keeps a date-only text as it is', () => {
    expect(perthDate('2026-02-28')).toBe('2026-02-28');
  });

  it('reads today from the clock', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-21T17:30:00.000Z'));
    expect(todayInPerth()).toBe('2026-11-22');
  });

  it('reads the parts of an instant in Perth time', () => {
    const instant = '2026-03-09T17:00:00.000Z';
    expect(formatPerth(instant, 'H')).toBe('1');
    expect(formatPerth(instant, DATE_FORMATS.isoDate)).toBe('2026-03-10');
  });

  it('counts calendar days between Perth dates', () => {
    expect(perthDaysBetween('2026-11-21T15:00:00.000Z', '2026-11-21T17:00:00.000Z')).toBe(1);
    expect(perthDaysBetween('2026-11-21', '2026-11-01')).toBe(-20);
  });

  it('adds whole days to an instant', () => {
    expect(addDaysIso('2026-11-21T03:00:00.000Z', 14)).toBe('2026-12-05T03:00:00.000Z');
  });
});

describe('isCalendarDate', () => {
  it('accepts real dates, 29 February in leap years only', () => {
    expect(isCalendarDate('2026-12-31')).toBe(true);
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2000-02-29')).toBe(true);
  });

  it('refuses impossible and malformed dates', () => {
    for (const text of [
      '2026-12-99',
      '2027-02-30',
      '2027-02-29',
      '1900-02-29',
      '2026-13-01',
      '2026-00-10',
      '2026-04-31',
      '9999-99-99',
      '0000-01-01',
      '2026-1-01',
      '2026-01-01T00:00:00Z',
      '',
    ]) {
      expect(isCalendarDate(text), text).toBe(false);
    }
  });
});

describe('addCalendarDays', () => {
  it('adds days across months and leap years', () => {
    expect(addCalendarDays('2026-11-24', 365)).toBe('2027-11-24');
    expect(addCalendarDays('2027-03-01', 365)).toBe('2028-02-29');
    expect(addCalendarDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});
