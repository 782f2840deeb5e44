/**
 * Which booking time slots can still be chosen: on today's date (Perth) only the slots that have
 * not started yet; on a later date all of them. Uses the platform's Intl time zones rather than
 * dayjs, so the booking form can offer slots without loading a date library first.
 */
import { PERTH_TZ } from '../constants/dates';
import { TIME_SLOTS } from '../constants/services';

/** Minutes after midnight of a slot such as '01:30 PM'; NaN for anything else. */
export function slotMinutes(slot: string): number {
  const match = /^(\d{2}):(\d{2}) (AM|PM)$/.exec(slot);
  if (!match) return Number.NaN;
  const hour = Number(match[1]) % 12;
  return (match[3] === 'PM' ? hour + 12 : hour) * 60 + Number(match[2]);
}

const perthClock = new Intl.DateTimeFormat('en-CA', {
  timeZone: PERTH_TZ,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The Perth calendar date (`YYYY-MM-DD`) and minutes after midnight of an instant. */
export function perthClockOf(now: Date): { date: string; minutes: number } {
  const parts = Object.fromEntries(perthClock.formatToParts(now).map((p) => [p.type, p.value]));
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

/** True when `slot` on Perth date `date` starts at or before `now`. */
export function isPastSlot(date: string, slot: string, now: Date): boolean {
  const clock = perthClockOf(now);
  if (date !== clock.date) return date < clock.date;
  return slotMinutes(slot) <= clock.minutes;
}

/** The slots still open on `date` (all of them when no date is chosen yet). */
export function openTimeSlots(date: string, now: Date): string[] {
  if (!date) return [...TIME_SLOTS];
  return TIME_SLOTS.filter((slot) => !isPastSlot(date, slot, now));
}
