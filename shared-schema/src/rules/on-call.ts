/**
 * Who answers a new booking now: the on-call roster (by day of the week and time of day, in Perth
 * time), the business hours a booking may arrive outside of, and whom each step of an
 * unanswered emergency's escalation texts. The server decides with these (sync-server
 * services/staff-alerts.ts); the admin panel's roster screen shows "on call now" with the same
 * rule, so the screen and the texts can never disagree.
 */
import { BUSINESS_HOURS } from '../constants/dates';
import { formatPerth } from './dates';
import { phoneKey } from './customer-match';

/** One line of the roster: a person, the days and the hours they answer. */
export interface RosterEntry {
  name: string;
  /** Where their alert texts go. */
  phone: string;
  /** Their staff account, when they have one (whose own alert settings then apply). */
  userId: number | null;
  /** Days of the week they answer, 0 = Sunday … 6 = Saturday (Perth). */
  days: readonly number[];
  /**
   * From and to, `HH:mm` in Perth time. Equal times mean the whole day; `to` earlier than
   * `from` runs past midnight into the next day (the night belongs to the day it starts).
   */
  from: string;
  to: string;
}

/** Every day of the week, Sunday first. */
export const EVERY_DAY: readonly number[] = [0, 1, 2, 3, 4, 5, 6];

/** How the roster screen names the days. */
export const DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/**
 * The roster until the owners save one: both owners, every day, around the clock, in the order
 * the business profile lists them (the first is texted first).
 */
export function defaultRoster(owners: readonly { name: string; phone: string }[]): RosterEntry[] {
  return owners.map((owner) => ({
    name: owner.name,
    phone: owner.phone,
    userId: null,
    days: EVERY_DAY,
    from: '00:00',
    to: '00:00',
  }));
}

function minutesOf(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

/** The Perth day of the week (0 = Sunday) and minute of the day of an instant. */
export function perthClock(at: Date | string): { day: number; minute: number } {
  return {
    day: Number(formatPerth(at, 'd')),
    minute: Number(formatPerth(at, 'H')) * 60 + Number(formatPerth(at, 'm')),
  };
}

/** Whether the entry answers at `at`. */
export function coversTime(entry: RosterEntry, at: Date | string): boolean {
  const { day, minute } = perthClock(at);
  const from = minutesOf(entry.from);
  const to = minutesOf(entry.to);
  if (from === to) return entry.days.includes(day);
  if (from < to) return entry.days.includes(day) && minute >= from && minute < to;
  // Overnight: the evening of a listed day, or the early hours after one.
  if (minute >= from) return entry.days.includes(day);
  return minute < to && entry.days.includes((day + 6) % 7);
}

/** The entries that answer at `at`, in roster order. */
export function onCallNow(roster: readonly RosterEntry[], at: Date | string): RosterEntry[] {
  return roster.filter((entry) => coversTime(entry, at));
}

/**
 * Whether `at` is outside the business hours (Mon-Fri 8AM-6PM, Sat 9AM-4PM, Sunday emergency
 * calls only), when a booking of any urgency texts whoever is on call.
 */
export function isAfterHours(at: Date | string): boolean {
  const { day, minute } = perthClock(at);
  const open =
    day === 0
      ? BUSINESS_HOURS.open.sunday
      : day === 6
        ? BUSINESS_HOURS.open.saturday
        : BUSINESS_HOURS.open.weekdays;
  if (!open) return true;
  return minute < open.from * 60 || minute >= open.to * 60;
}

/** Whether a new booking texts the person on call: an emergency, or anything after hours. */
export function needsOnCallText(booking: { urgency: string; createdAt: string }): boolean {
  return booking.urgency === 'emergency' || isAfterHours(booking.createdAt);
}

function distinctByPhone(entries: readonly RosterEntry[]): RosterEntry[] {
  const seen = new Set<string>();
  return entries.filter((entry) => {
    const key = phoneKey(entry.phone);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Whom step `step` of a booking's alert texts, at `at`:
 * - 0 (the booking arrives): the first person on call now; with nobody on call, the roster's
 *   first entry, since a booking must always reach someone;
 * - 1 (nobody acted in time): the next person on the roster — the second on call now, else the
 *   entry after the first one in roster order;
 * - 2 and later (still nobody): everyone on the roster.
 */
export function escalationRecipients(
  roster: readonly RosterEntry[],
  at: Date | string,
  step: number,
): RosterEntry[] {
  const everyone = distinctByPhone(roster);
  if (everyone.length === 0) return [];
  const onCall = distinctByPhone(onCallNow(roster, at));
  const first = onCall[0] ?? everyone[0]!;
  if (step <= 0) return [first];
  if (step === 1) {
    const second = onCall.find((entry) => phoneKey(entry.phone) !== phoneKey(first.phone));
    if (second) return [second];
    const index = everyone.findIndex((entry) => phoneKey(entry.phone) === phoneKey(first.phone));
    const next = everyone[(index + 1) % everyone.length]!;
    return [next];
  }
  return everyone;
}
