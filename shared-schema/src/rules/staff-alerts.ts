/**
 * What staff are told when a booking arrives, and how loudly: the push notification every admin
 * device gets, the text the person on call gets (and, for an emergency nobody takes, the
 * escalation texts), the in-app alarm, and what the customer's tracking link says once someone
 * has taken the booking. The server composes and sends them (sync-server services/
 * staff-alerts.ts); the screens and the tests read the same words from here.
 */
import { URGENCY_LABELS, type Urgency } from '../constants/statuses';
import { formatPerth } from './dates';
import { SMS_BUDGET_DEFAULTS, smsSegments, toGsm7, type SmsText } from './sms';

/**
 * Defaults of the staff alerts: an emergency nobody acknowledges texts the next person on the
 * roster after `escalateAfterMinutes` (ALERT_ESCALATE_MINUTES), then everyone on the roster
 * every as many minutes again; staff alert texts have their own hourly budget
 * (STAFF_SMS_PER_HOUR), apart from the customers' texts.
 */
export const STAFF_ALERT_DEFAULTS = {
  escalateAfterMinutes: 5,
  textsPerHour: SMS_BUDGET_DEFAULTS['staff-alerts'].perHour,
} as const;

/** A booking as the alerts describe it. */
export interface AlertBooking {
  id: string;
  urgency: string;
  service: string;
  location: string;
}

/** The admin panel opened on one booking: where a staff alert's link leads. */
export function staffBookingPath(bookingId: string): string {
  return `/admin?booking=${encodeURIComponent(bookingId)}`;
}

/** {@link staffBookingPath} on the site's public address. */
export function staffBookingUrl(publicUrl: string, bookingId: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${staffBookingPath(bookingId)}`;
}

function urgencyWord(urgency: string): string {
  return Object.hasOwn(URGENCY_LABELS, urgency)
    ? URGENCY_LABELS[urgency as Urgency].label.toLowerCase()
    : urgency;
}

function clip(text: string, max: number): string {
  const plain = text.trim().replace(/\s+/g, ' ');
  return plain.length <= max ? plain : `${plain.slice(0, max - 3).trimEnd()}...`;
}

/** The one line that says what and where: `Emergency Towing at Dampier Rd near the salt ponds`. */
function whatAndWhere(booking: AlertBooking, max: number): string {
  return `${clip(booking.service, 40)} at ${clip(booking.location, max)}`;
}

/**
 * A staff alert text. `step` 0 is the booking's arrival; 1 and later say how long it has waited
 * unanswered (`minutes`). The place is shortened before the link would be, so the text stays
 * within two segments; the link is never shortened.
 */
export function staffAlertText(
  booking: AlertBooking,
  link: string,
  step: number,
  minutes = 0,
): SmsText {
  const emergency = booking.urgency === 'emergency';
  const compose = (place: number) => {
    const what = whatAndWhere(booking, place);
    const head =
      step === 0
        ? emergency
          ? `NEW EMERGENCY booking ${booking.id}`
          : `New ${urgencyWord(booking.urgency)} booking ${booking.id} (after hours)`
        : `UNANSWERED ${minutes} min: emergency booking ${booking.id}`;
    const tail = step === 0 ? '' : ' Nobody has taken it yet.';
    return toGsm7(`${head}: ${what}.${tail} Open: ${link}`);
  };
  let chosen: SmsText = { text: '', encoding: 'GSM-7', units: 0, segments: 0 };
  for (const place of [120, 60, 30]) {
    const text = compose(place);
    chosen = { text, ...smsSegments(text) };
    if (chosen.segments <= 2) break;
  }
  return chosen;
}

/** The push notification staff devices get for a new booking. */
export interface StaffPushNotification {
  title: string;
  body: string;
  /** Opens the admin panel on the booking. */
  url: string;
  /** One notification per booking. */
  tag: string;
  /** It stays on the screen until someone taps it (the Notifications API option). */
  requireInteraction: true;
}

/** The push of a new booking: an emergency says so in its title. */
export function staffPushMessage(booking: AlertBooking, url: string): StaffPushNotification {
  const title =
    booking.urgency === 'emergency'
      ? `EMERGENCY booking ${booking.id}`
      : `New ${urgencyWord(booking.urgency)} booking ${booking.id}`;
  return {
    title,
    body: whatAndWhere(booking, 120),
    url,
    tag: `booking-${booking.id}`,
    requireInteraction: true,
  };
}

/** How long a booking nobody took keeps the in-app alarm ringing on staff screens. */
export const ALARM_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * Whether a booking rings the in-app alarm: it waits for staff, nobody has said "I've got it"
 * (or approved or declined it), and it came in within {@link ALARM_WINDOW_MS}, so an old
 * booking never wakes anybody.
 */
export function needsAlarm(
  booking: { status: string; acknowledgedAt?: string | null; createdAt: string },
  now: Date,
): boolean {
  if (booking.status !== 'pending' || booking.acknowledgedAt) return false;
  return now.getTime() - Date.parse(booking.createdAt) < ALARM_WINDOW_MS;
}

/** The alarm banner and the booking card's acknowledgement, in the admin panel. */
export const STAFF_ALARM_TEXT = {
  title: (count: number) =>
    count === 1 ? 'New booking waiting for someone' : `${count} new bookings waiting for someone`,
  acknowledge: "I've got it",
  open: 'Open',
  soundOff: 'Sound is off on this screen. Tap to turn it on.',
  taken: (name: string, at: string) => `${name} has it (${formatPerth(at, 'h:mm a')})`,
  takenToast: (id: string) => `You have booking ${id}. The others are told.`,
} as const;

/** What the customer's tracking link says once a staff member has taken the booking. */
export function confirmedByText(name: string, at: string): string {
  return `${name} has your booking and is on it (since ${formatPerth(at, 'h:mm a')}).`;
}
