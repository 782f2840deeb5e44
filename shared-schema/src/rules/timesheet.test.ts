import { describe, expect, it } from 'vitest';
import { TIMESHEET_CSV_COLUMNS, timesheetCsvRows, weekStartOf, weeklyTimesheet } from './timesheet';

// Perth is UTC+8: 2026-12-07 is a Monday.
const perth = (date: string, time: string) => `${date}T${time}:00+08:00`;

const WEEK = [
  { kind: 'shift_start', at: perth('2026-12-07', '06:00') },
  { kind: 'break_start', at: perth('2026-12-07', '10:00') },
  { kind: 'break_end', at: perth('2026-12-07', '10:30') },
  { kind: 'shift_end', at: perth('2026-12-07', '14:15') },
  // A night call that runs past midnight into Wednesday.
  { kind: 'shift_start', at: perth('2026-12-08', '22:00') },
  { kind: 'shift_end', at: perth('2026-12-09', '01:30') },
];

describe('weekStartOf', () => {
  it('finds the Monday of the week in Perth', () => {
    expect(weekStartOf(perth('2026-12-07', '00:10'))).toBe('2026-12-07');
    expect(weekStartOf(perth('2026-12-13', '23:50'))).toBe('2026-12-07');
    // Sunday 23:00 UTC is Monday 07:00 in Perth.
    expect(weekStartOf('2026-12-13T23:00:00Z')).toBe('2026-12-14');
  });
});

describe('weeklyTimesheet', () => {
  it('adds up work and breaks per Perth day, splitting work at midnight', () => {
    const sheet = weeklyTimesheet(WEEK, '2026-12-07', new Date('2026-12-20T00:00:00Z'));
    expect(sheet.days[0]).toEqual({
      date: '2026-12-07',
      started: '06:00',
      finished: '14:15',
      workMinutes: 7 * 60 + 45,
      breakMinutes: 30,
    });
    expect(sheet.days[1]).toMatchObject({
      date: '2026-12-08',
      started: '22:00',
      finished: '24:00',
      workMinutes: 120,
    });
    expect(sheet.days[2]).toMatchObject({ date: '2026-12-09', finished: '01:30', workMinutes: 90 });
    expect(sheet.workMinutes).toBe(465 + 210);
    expect(sheet.breakMinutes).toBe(30);
  });

  it('counts a shift still going up to now, with no finish time', () => {
    const sheet = weeklyTimesheet(
      [{ kind: 'shift_start', at: perth('2026-12-10', '07:00') }],
      '2026-12-07',
      new Date(perth('2026-12-10', '09:30')),
    );
    expect(sheet.days[3]).toMatchObject({ started: '07:00', finished: null, workMinutes: 150 });
  });
});

describe('timesheetCsvRows', () => {
  it('writes decimal hours for each worked day and the week’s total', () => {
    const sheet = weeklyTimesheet(WEEK, '2026-12-07', new Date('2026-12-20T00:00:00Z'));
    const rows = timesheetCsvRows('Dana Reid', sheet);
    expect(Object.keys(rows[0]!)).toEqual([...TIMESHEET_CSV_COLUMNS]);
    expect(rows.map((row) => [row.Date, row['Work hours'], row['Break hours']])).toEqual([
      ['2026-12-07', '7.75', '0.50'],
      ['2026-12-08', '2.00', '0.00'],
      ['2026-12-09', '1.50', '0.00'],
      ['Week of 2026-12-07', '11.25', '0.50'],
    ]);
  });
});
