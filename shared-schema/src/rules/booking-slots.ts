/**
 * Which booking time slots can still be chosen: on today's date (Perth) only the slots that have
 * not started yet; on a later date all of them.
 */
import { TIME_SLOTS } from '../constants/services';
import { formatPerth, perthDate } from './dates';

/** Minutes after midnight of a slot such as '01:30 PM'; NaN for anything else. */
export function slotMinutes(slot: string): number {
  const match = /^(\d{2}):(\d{2}) (AM|PM)$/.exec(slot);
  if (!match) return Number.NaN;
  const hour = Number(match[1]) % 12;
  return (match[3] === 'PM' ? hour + 12 : hour) * 60 + Number(match[2]);
}

/** True when `slot` on Perth date `date` starts at or before `now`. */
export function isPastSlot(date: string, slot: string, now: Date): boolean {
  const today = perthDate(now);
  if (date !== today) return date < today;
  const [hours, minutes] = formatPerth(now, 'HH:mm').split(':').map(Number);
  return slotMinutes(slot) <= (hours ?? 0) * 60 + (minutes ?? 0);
}

/** The slots still open on `date` (all of them when no date is chosen yet). */
export function openTimeSlots(date: string, now: Date): string[] {
  if (!date) return [...TIME_SLOTS];
  return TIME_SLOTS.filter((slot) => !isPastSlot(date, slot, now));
}
