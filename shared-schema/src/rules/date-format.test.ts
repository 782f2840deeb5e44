import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PERTH_TZ } from '../constants/dates';
import { formatDate, formatDateTime, formatDaySlot, formatWhen } from './date-format';

describe('the one date and time style, in Perth time', () => {
  it('writes a moment the Australian way: day, short month, year, then the 12-hour time', () => {
    // 01:32 UTC is 9:32 in the morning in Perth (UTC+8).
    expect(formatDateTime('2026-12-06T01:32:00.000Z')).toBe('6 Dec 2026, 9:32 am');
    expect(formatDateTime('2026-12-06T05:05:00.000Z')).toBe('6 Dec 2026, 1:05 pm');
  });

  it('moves to the next Perth day at 16:00 UTC, whatever zone the machine runs in', () => {
    expect(formatDateTime('2026-12-06T15:59:00.000Z')).toBe('6 Dec 2026, 11:59 pm');
    expect(formatDateTime('2026-12-06T16:00:00.000Z')).toBe('7 Dec 2026, 12:00 am');
    expect(formatDate('2026-12-31T16:30:00.000Z')).toBe('1 Jan 2027');
  });

  it('writes noon and midnight as people say them', () => {
    expect(formatWhen('2026-12-06T04:00:00.000Z', 'time')).toBe('12:00 pm');
    expect(formatWhen('2026-12-05T16:00:00.000Z', 'time')).toBe('12:00 am');
  });

  it('has a style for each place a date appears', () => {
    const at = '2026-03-09T02:07:00.000Z';
    expect(formatWhen(at)).toBe('9 Mar 2026, 10:07 am');
    expect(formatWhen(at, 'date')).toBe('9 Mar 2026');
    expect(formatWhen(at, 'time')).toBe('10:07 am');
    expect(formatWhen(at, 'dayMonth')).toBe('9 Mar');
    expect(formatWhen(at, 'month')).toBe('Mar 2026');
    expect(formatWhen(at, 'monthLong')).toBe('March 2026');
  });

  it('takes a Date and epoch milliseconds as well as ISO text', () => {
    const at = Date.parse('2026-12-06T01:32:00.000Z');
    expect(formatDateTime(at)).toBe('6 Dec 2026, 9:32 am');
    expect(formatDateTime(new Date(at))).toBe('6 Dec 2026, 9:32 am');
  });

  it('writes a calendar date as it is, never shifted by a time zone', () => {
    expect(formatDate('2026-12-06')).toBe('6 Dec 2026');
    expect(formatDateTime('2026-12-06')).toBe('6 Dec 2026');
    expect(formatWhen('2026-12-06', 'time')).toBe('');
  });

  it('gives back text that is not a date unchanged', () => {
    expect(formatDateTime('not a date')).toBe('not a date');
  });

  it("writes a booking's day and slot as one moment", () => {
    expect(formatDaySlot('2026-12-06', '09:30 AM')).toBe('6 Dec 2026, 9:30 am');
    expect(formatDaySlot('2026-12-06', '12:00 PM')).toBe('6 Dec 2026, 12:00 pm');
    expect(formatDaySlot('2026-12-06', '05:30 PM')).toBe('6 Dec 2026, 5:30 pm');
    expect(formatDaySlot('2026-12-06', 'After lunch')).toBe('6 Dec 2026, After lunch');
  });

  it('agrees with the time-zone database for Australia/Perth at any moment', () => {
    const reference = new Intl.DateTimeFormat('en-GB', {
      timeZone: PERTH_TZ,
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hourCycle: 'h12',
    });
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2060-12-31T23:59:59Z') }),
        (date) => {
          fc.pre(!Number.isNaN(date.getTime()));
          const parts = Object.fromEntries(
            reference.formatToParts(date).map((part) => [part.type, part.value]),
          );
          const hour = Number(parts.hour) % 12 === 0 ? 12 : Number(parts.hour) % 12;
          const expected = `${Number(parts.day)} ${parts.month!.slice(0, 3)} ${parts.year}, ${hour}:${parts.minute} ${parts.dayPeriod!.toLowerCase()}`;
          expect(formatDateTime(date)).toBe(expected);
        },
      ),
      { numRuns: 500 },
    );
  });
});
