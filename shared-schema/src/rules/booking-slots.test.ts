import { describe, expect, it } from 'vitest';
import { TIME_SLOTS } from '../constants/services';
import { isPastSlot, openTimeSlots, perthClockOf, slotMinutes } from './booking-slots';

// 10:10 in Perth (UTC+8) on 24 November 2026.
const NOW = new Date('2026-11-24T02:10:00Z');

describe('booking time slots', () => {
  it('reads slot times as minutes after midnight', () => {
    expect(slotMinutes('08:00 AM')).toBe(480);
    expect(slotMinutes('12:30 PM')).toBe(750);
    expect(slotMinutes('05:30 PM')).toBe(1050);
    expect(slotMinutes('soon')).toBeNaN();
  });

  it('offers only the slots that have not started yet today', () => {
    const open = openTimeSlots('2026-11-24', NOW);
    expect(open[0]).toBe('10:30 AM');
    expect(open).not.toContain('10:00 AM');
    expect(isPastSlot('2026-11-24', '10:00 AM', NOW)).toBe(true);
    expect(isPastSlot('2026-11-24', '10:30 AM', NOW)).toBe(false);
  });

  it('offers every slot on a later date and none on an earlier one', () => {
    expect(openTimeSlots('2026-11-25', NOW)).toEqual([...TIME_SLOTS]);
    expect(openTimeSlots('2026-11-23', NOW)).toEqual([]);
    expect(openTimeSlots('', NOW)).toEqual([...TIME_SLOTS]);
  });

  it('has nothing left after the last slot of the day', () => {
    expect(openTimeSlots('2026-11-24', new Date('2026-11-24T09:45:00Z'))).toEqual([]);
  });
});

describe('the Perth clock', () => {
  it('reads date and minutes in Perth whatever the host zone', () => {
    expect(perthClockOf(new Date('2026-11-24T16:30:00Z'))).toEqual({
      date: '2026-11-25',
      minutes: 30,
    });
  });
});
