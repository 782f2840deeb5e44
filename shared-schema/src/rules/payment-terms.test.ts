import { describe, expect, it } from 'vitest';
import {
  dueDateFor,
  firstBusinessDayOf,
  lastDayOf,
  previousMonth,
  statementMonthDue,
  termsText,
} from './payment-terms';
import { isBusinessDay } from './business-hours';

describe('dueDateFor', () => {
  it('counts days from the Perth date of issue', () => {
    expect(dueDateFor({ kind: 'days', days: 14 }, '2026-11-20T02:00:00.000Z')).toBe('2026-12-04');
    expect(dueDateFor({ kind: 'days', days: 0 }, '2026-11-20T02:00:00.000Z')).toBe('2026-11-20');
  });

  it('reads an invoice issued late in the UTC day as the next Perth day', () => {
    // 17:30 UTC on 30 Nov is 01:30 on 1 Dec in Perth.
    expect(dueDateFor({ kind: 'days', days: 14 }, '2026-11-30T17:30:00.000Z')).toBe('2026-12-15');
    // …which moves an end-of-month invoice into the next month.
    expect(dueDateFor({ kind: 'eom', days: 30 }, '2026-11-30T17:30:00.000Z')).toBe('2027-01-30');
  });

  it('counts end-of-month terms from the last day of the issue month', () => {
    expect(dueDateFor({ kind: 'eom', days: 30 }, '2026-11-20T02:00:00.000Z')).toBe('2026-12-30');
    expect(dueDateFor({ kind: 'eom', days: 0 }, '2026-11-01T02:00:00.000Z')).toBe('2026-11-30');
    // February of a leap year and of a common year.
    expect(dueDateFor({ kind: 'eom', days: 1 }, '2028-02-10')).toBe('2028-03-01');
    expect(dueDateFor({ kind: 'eom', days: 1 }, '2027-02-10')).toBe('2027-03-01');
  });

  it('rolls over the year', () => {
    expect(dueDateFor({ kind: 'days', days: 20 }, '2026-12-20')).toBe('2027-01-09');
  });

  it('states the terms in words', () => {
    expect(termsText({ kind: 'days', days: 14 })).toBe('14 days');
    expect(termsText({ kind: 'eom', days: 30 })).toBe('30 days after end of month');
    expect(termsText({ kind: 'days', days: 0 })).toBe('Due on receipt');
  });
});

describe('months', () => {
  it('knows the last day of each month and the month before', () => {
    expect(lastDayOf('2026-02')).toBe('2026-02-28');
    expect(lastDayOf('2028-02')).toBe('2028-02-29');
    expect(lastDayOf('2026-12')).toBe('2026-12-31');
    expect(previousMonth('2026-01')).toBe('2025-12');
    expect(previousMonth('2026-11')).toBe('2026-10');
  });
});

describe('the business calendar', () => {
  it('finds the first business day of a month', () => {
    expect(isBusinessDay('2026-11-02')).toBe(true);
    expect(isBusinessDay('2026-11-01')).toBe(false);
    // 1 Nov 2026 is a Sunday.
    expect(firstBusinessDayOf('2026-11')).toBe('2026-11-02');
    // 1 Jan 2027 is a Friday and a holiday; then the weekend.
    expect(firstBusinessDayOf('2027-01')).toBe('2027-01-04');
    // 1 Mar 2026 is a Sunday, 2 Mar Labour Day.
    expect(firstBusinessDayOf('2026-03')).toBe('2026-03-03');
    // 1 Jun 2026 is Western Australia Day.
    expect(firstBusinessDayOf('2026-06')).toBe('2026-06-02');
  });

  it('says the previous month is due from the first business day (Perth), not before', () => {
    // Monday 2 Nov 2026 00:30 in Perth is still Sunday 1 Nov in UTC.
    expect(statementMonthDue('2026-11-01T16:30:00.000Z')).toBe('2026-10');
    // Sunday 1 Nov in Perth: not yet.
    expect(statementMonthDue('2026-11-01T10:00:00.000Z')).toBeNull();
    // Later in the month: still the previous month (sent once, by whoever runs first).
    expect(statementMonthDue('2026-11-20T02:00:00.000Z')).toBe('2026-10');
  });
});
