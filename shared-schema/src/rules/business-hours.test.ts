import { describe, expect, it } from 'vitest';
import {
  addBusinessTime,
  businessDaysAfter,
  businessTimeBetween,
  formatBusinessDuration,
  holidayOn,
  isBusinessDay,
  releaseCountdown,
  releaseDeadline,
} from './business-hours';
import { WA_HOLIDAYS_KNOWN_THROUGH, WA_PUBLIC_HOLIDAYS } from '../constants/wa-towing';

/** A Perth wall-clock time as the UTC instant it is (Perth is UTC+8 all year). */
const perth = (local: string) => new Date(`${local}+08:00`).toISOString();
const HOUR = 3_600_000;

describe('the release deadline (4 business hours after payment)', () => {
  it('runs over the weekend when paid at 4:30 pm on a Friday', () => {
    // Half an hour left on Friday, three and a half on Monday.
    expect(releaseDeadline(perth('2026-11-27T16:30:00'))).toBe(perth('2026-11-30T12:30:00'));
  });

  it('starts the next business day when paid on a public holiday', () => {
    // Australia Day 2026 is a Monday: the count starts on Tuesday at 9.
    expect(isBusinessDay('2026-01-26')).toBe(false);
    expect(releaseDeadline(perth('2026-01-26T10:00:00'))).toBe(perth('2026-01-27T13:00:00'));
  });

  it('skips the Easter weekend and both holidays when paid late on the Thursday before', () => {
    expect(releaseDeadline(perth('2026-04-02T16:30:00'))).toBe(perth('2026-04-07T12:30:00'));
  });

  it('starts at 9 am the next morning when paid overnight', () => {
    expect(releaseDeadline(perth('2026-11-24T20:00:00'))).toBe(perth('2026-11-25T13:00:00'));
    expect(releaseDeadline(perth('2026-11-25T06:15:00'))).toBe(perth('2026-11-25T13:00:00'));
  });

  it('is four hours later when paid early in a business day', () => {
    expect(releaseDeadline(perth('2026-11-25T10:00:00'))).toBe(perth('2026-11-25T14:00:00'));
    expect(releaseDeadline(perth('2026-11-25T13:00:00'))).toBe(perth('2026-11-25T17:00:00'));
  });

  it('runs into the next morning when paid in the afternoon', () => {
    expect(releaseDeadline(perth('2026-11-25T14:00:00'))).toBe(perth('2026-11-26T10:00:00'));
    // Paid right at closing time: nothing of that day is left.
    expect(releaseDeadline(perth('2026-11-25T17:00:00'))).toBe(perth('2026-11-26T13:00:00'));
  });

  it('skips Christmas and the observed Boxing Day', () => {
    // 2026: Christmas Friday, Boxing Day Saturday observed on Monday 28.
    expect(releaseDeadline(perth('2026-12-24T15:00:00'))).toBe(perth('2026-12-29T11:00:00'));
  });

  it('counts weekends only past the years the holiday table covers', () => {
    const year = WA_HOLIDAYS_KNOWN_THROUGH + 2;
    // 1 January of that year is a holiday in fact, but the table no longer knows it.
    expect(holidayOn(`${year}-01-01`)).toBeNull();
    expect(isBusinessDay('2030-01-01')).toBe(true);
  });

  it('does not depend on the clock of the device that reckons it', () => {
    const paid = perth('2026-11-27T16:30:00');
    expect(addBusinessTime(paid, 4 * HOUR)).toBe(releaseDeadline(paid));
    expect(releaseDeadline(new Date(Date.parse(paid)).toISOString())).toBe(
      perth('2026-11-30T12:30:00'),
    );
  });
});

describe('the WA public holiday table', () => {
  it('holds only weekdays, the coming years each with at least nine', () => {
    for (const date of Object.keys(WA_PUBLIC_HOLIDAYS)) {
      const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
      expect(weekday, date).not.toBe(0);
      expect(weekday, date).not.toBe(6);
    }
    for (const year of [2026, 2027, 2028]) {
      const count = Object.keys(WA_PUBLIC_HOLIDAYS).filter((date) => date.startsWith(`${year}-`));
      expect(count.length, String(year)).toBeGreaterThanOrEqual(9);
    }
  });

  it('names the holiday of a date', () => {
    expect(holidayOn('2027-03-26')).toBe('Good Friday');
    expect(holidayOn('2027-03-25')).toBeNull();
  });
});

describe('business time between two instants', () => {
  it('counts only 9 to 5 on business days', () => {
    expect(businessTimeBetween(perth('2026-11-27T16:30:00'), perth('2026-11-30T12:30:00'))).toBe(
      4 * HOUR,
    );
    expect(businessTimeBetween(perth('2026-11-28T08:00:00'), perth('2026-11-29T20:00:00'))).toBe(0);
    expect(businessTimeBetween(perth('2026-11-25T12:00:00'), perth('2026-11-25T10:00:00'))).toBe(0);
  });

  it('gives the owner a countdown that stops at the deadline', () => {
    const deadline = perth('2026-11-30T12:30:00');
    expect(releaseCountdown(perth('2026-11-28T10:00:00'), deadline)).toEqual({
      businessMsLeft: 3.5 * HOUR,
      overdue: false,
    });
    expect(releaseCountdown(perth('2026-11-30T12:31:00'), deadline)).toEqual({
      businessMsLeft: 0,
      overdue: true,
    });
    expect(formatBusinessDuration(3.5 * HOUR)).toBe('3 h 30 min');
    expect(formatBusinessDuration(45 * 60_000)).toBe('45 min');
    expect(formatBusinessDuration(2 * HOUR)).toBe('2 h');
  });
});

describe('business days after a day', () => {
  it('is 5 pm of the n-th business day, skipping weekends and holidays', () => {
    expect(businessDaysAfter(perth('2026-11-27T10:00:00'), 2)).toBe(perth('2026-12-01T17:00:00'));
    // Received on the Thursday before Easter: Good Friday and Easter Monday do not count.
    expect(businessDaysAfter(perth('2026-04-02T11:00:00'), 1)).toBe(perth('2026-04-07T17:00:00'));
  });
});
