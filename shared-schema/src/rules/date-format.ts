/**
 * The one way the product writes a date or a time for people: Australian style in the business's
 * time zone, `6 Dec 2026, 9:32 am`, whatever the device's own zone or language. Screens,
 * documents (PDFs), emails and text messages all call {@link formatWhen}, so a customer never
 * reads "Dec 6, 2026 9:29 AM" on one and "2026-12-06" on another.
 *
 * Built on the runtime's time-zone data (Intl) for the Perth wall-clock numbers only; the words
 * (month names, am/pm) are ours, so every browser and the server write exactly the same text.
 * Calendar dates that are not instants (`2026-12-06`, a booking's preferred day) are written as
 * they are, never shifted by a zone.
 */
import { PERTH_TZ } from '../constants/dates';

/** What to write of a moment. */
export type DateStyle =
  /** `6 Dec 2026, 9:32 am` */
  | 'dateTime'
  /** `6 Dec 2026` */
  | 'date'
  /** `9:32 am` */
  | 'time'
  /** `6 Dec` (a week's label on a chart) */
  | 'dayMonth'
  /** `Dec 2026` */
  | 'month'
  /** `December 2026` */
  | 'monthLong';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const MONTHS_LONG = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** Wall-clock numbers of a moment in Perth. */
interface PerthParts {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  /** 0–23, or null for a calendar date without a time. */
  hour: number | null;
  minute: number;
}

let perthClock: Intl.DateTimeFormat | undefined;

function clock(): Intl.DateTimeFormat {
  perthClock ??= new Intl.DateTimeFormat('en-AU', {
    timeZone: PERTH_TZ,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  });
  return perthClock;
}

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function partsOf(instant: Date | string | number): PerthParts | null {
  if (typeof instant === 'string') {
    const calendar = CALENDAR_DATE.exec(instant.trim());
    if (calendar) {
      return {
        year: Number(calendar[1]),
        month: Number(calendar[2]),
        day: Number(calendar[3]),
        hour: null,
        minute: 0,
      };
    }
  }
  const date = instant instanceof Date ? instant : new Date(instant);
  if (Number.isNaN(date.getTime())) return null;
  const numbers: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const part of clock().formatToParts(date)) {
    if (part.type !== 'literal') numbers[part.type] = Number(part.value);
  }
  return {
    year: numbers.year ?? 0,
    month: numbers.month ?? 1,
    day: numbers.day ?? 1,
    // Some engines write midnight as 24 under h23's older spelling.
    hour: (numbers.hour ?? 0) % 24,
    minute: numbers.minute ?? 0,
  };
}

/** `9:32 am`, `12:05 pm`, `12:00 am` (midnight). */
function clockText(hour: number, minute: number): string {
  const half = hour < 12 ? 'am' : 'pm';
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return `${twelve}:${String(minute).padStart(2, '0')} ${half}`;
}

/**
 * A moment (ISO text, Date or epoch ms) or a calendar date (`YYYY-MM-DD`) as people read it, in
 * Perth time. A calendar date has no time, so `dateTime` writes only its date. Text that is not a
 * date comes back unchanged, so a screen never shows "Invalid Date".
 */
export function formatWhen(instant: Date | string | number, style: DateStyle = 'dateTime'): string {
  const parts = partsOf(instant);
  if (!parts) return String(instant);
  const month = MONTHS[parts.month - 1] ?? '';
  const date = `${parts.day} ${month} ${parts.year}`;
  switch (style) {
    case 'date':
      return date;
    case 'dayMonth':
      return `${parts.day} ${month}`;
    case 'month':
      return `${month} ${parts.year}`;
    case 'monthLong':
      return `${MONTHS_LONG[parts.month - 1] ?? ''} ${parts.year}`;
    case 'time':
      return parts.hour === null ? '' : clockText(parts.hour, parts.minute);
    case 'dateTime':
      return parts.hour === null ? date : `${date}, ${clockText(parts.hour, parts.minute)}`;
  }
}

/** `6 Dec 2026, 9:32 am` in Perth time. */
export function formatDateTime(instant: Date | string | number): string {
  return formatWhen(instant, 'dateTime');
}

/** `6 Dec 2026` (the Perth date of a moment, or a calendar date as it is). */
export function formatDate(instant: Date | string | number): string {
  return formatWhen(instant, 'date');
}

const SLOT = /^(\d{1,2}):(\d{2})\s*([AaPp][Mm])$/;

/**
 * A booking's day and time slot as one moment's words: `2026-12-06` and `09:30 AM` →
 * `6 Dec 2026, 9:30 am`. A slot that is not a clock time is added as it was typed.
 */
export function formatDaySlot(date: string, slot: string): string {
  const day = formatDate(date);
  const match = SLOT.exec(slot.trim());
  if (!match) return slot.trim() ? `${day}, ${slot.trim()}` : day;
  const hour12 = Number(match[1]) % 12;
  const hour = match[3]!.toLowerCase() === 'pm' ? hour12 + 12 : hour12;
  return `${day}, ${clockText(hour, Number(match[2]))}`;
}
