/**
 * Every booking wakes someone (docs/messages.md, "Staff alerts").
 *
 * When the notifier first reads a new booking in the change log (services/job-event-claims.ts),
 * in the same transaction that moves its cursor, this claims:
 * - a Web Push to every device of every active admin whose pushes are on (the notification stays
 *   until tapped and opens the booking: shared-schema `staffPushMessage`);
 * - for an emergency, or any booking outside business hours, a text to the first person on call
 *   (rules/on-call.ts) with the reference, the place and a link to the booking;
 * - an email to each admin who asked for one;
 * - the booking's `staff_alerts` row, which holds its escalation.
 *
 * An emergency nobody takes within ALERT_ESCALATE_MINUTES texts the next person on the roster,
 * then everyone on it every as many minutes again, until someone acts (says "I've got it",
 * approves or declines it: the booking's `acknowledgedAt`). The schedule lives in SQLite
 * (`staff_alerts.nextAt`) and is read against the injected clock on every notifier run, so a
 * restart neither loses a step nor repeats one, and tests move a test clock.
 *
 * Each text and email is a `notifications` row (audience 'staff') keyed by the booking, the step
 * and the recipient, under the same once-only index as the customers' messages; each push a
 * `staff_push_sends` row keyed by device and booking. A replayed batch, a second reading of the
 * log or a restart therefore sends nothing twice. Texts are delivered by the same path as the
 * customers' (services/sms-delivery.ts: retried, then shown failed) against a budget of their own.
 */
import {
  defaultRoster,
  escalationRecipients,
  isAfterHours,
  needsOnCallText,
  oneLine,
  smsNumber,
  staffAlertText,
  staffBookingUrl,
  staffPushMessage,
  type AlertBooking,
  type RosterEntry,
} from '@pilbara/shared-schema';
import type { Db } from '../db/connection';
import { inTransaction } from '../db/connection';
import type { LogEntry } from '../db/change-log';
import {
  activeAdmins,
  advanceEscalation,
  alertedBooking,
  claimStaffMessage,
  claimStaffPushes,
  deleteStaffSubscription,
  dueEscalations,
  markStaffPush,
  pendingStaffPushes,
  savedRoster,
  settleEscalation,
  startStaffAlert,
  staffAlertPreferences,
  textsTurnedOff,
} from '../db/repositories/staff-alerts';
import { escapeHtml } from './html';
import type { PushSender } from './push';

/** What the staff alerts are configured with. */
export interface StaffAlertSettings {
  /** The owners of the business profile: the roster until one is saved. */
  owners: readonly { name: string; phone: string }[];
  /** Minutes an unanswered emergency waits before each escalation step. */
  escalateAfterMinutes: number;
  /** Where an alert for the owners goes when no admin has an email address. */
  businessEmail: string;
}

export interface StaffAlertContext {
  db: Db;
  publicUrl: string;
  settings: StaffAlertSettings;
}

/** The event names of staff messages (`notifications.event`). */
const STAFF_EVENTS = { arrival: 'staff_booking_alert', escalation: 'staff_escalation' };

/** Why a text to a staff member who turned alert texts off is recorded as not sent. */
const TEXTS_OFF = 'Not sent: this staff member turned alert texts off';

/** The roster in force: the saved one, else both owners around the clock. */
export function rosterOf(db: Db, settings: StaffAlertSettings): RosterEntry[] {
  return savedRoster(db) ?? defaultRoster(settings.owners);
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function claimTexts(
  ctx: StaffAlertContext,
  booking: AlertBooking,
  step: number,
  recipients: readonly RosterEntry[],
  minutes: number,
  now: string,
): void {
  const link = staffBookingUrl(ctx.publicUrl, booking.id);
  const composed = staffAlertText(booking, link, step, minutes);
  for (const entry of recipients) {
    const phone = smsNumber(entry.phone);
    if (!phone) continue;
    const off = textsTurnedOff(ctx.db, entry.userId);
    claimStaffMessage(
      ctx.db,
      {
        type: 'sms',
        event: step === 0 ? STAFF_EVENTS.arrival : STAFF_EVENTS.escalation,
        onceKey: `staff:${booking.id}:step:${step}:${phone}`,
        bookingId: booking.id,
        to: phone,
        message: composed.text,
        segments: composed.segments,
        ...(off ? { notSent: TEXTS_OFF } : {}),
      },
      now,
    );
  }
}

/**
 * Claims the alerts of a booking when its first version is read from the log (see the module
 * comment). Runs in the notifier's cursor transaction.
 */
export function claimBookingAlerts(ctx: StaffAlertContext, change: LogEntry, now: string): void {
  if (change.entity !== 'bookings' || change.op !== 'put' || change.data === null) return;
  const row = JSON.parse(change.data) as Record<string, unknown>;
  if (row.status !== 'pending' || row.acknowledgedAt) {
    // Taken: its escalation stops now, not only when its next step comes due.
    settleEscalation(ctx.db, text(row.id) || String(change.rowId), text(row.acknowledgedAt) || now);
    return;
  }
  const booking: AlertBooking = {
    id: text(row.id) || String(change.rowId),
    urgency: text(row.urgency),
    service: text(row.service),
    location: text(row.location),
  };
  // Judged by when the booking came in, not when the log was read: the same answer every time.
  const createdAt = text(row.createdAt) || now;
  const emergency = booking.urgency === 'emergency';
  const escalateMs = ctx.settings.escalateAfterMinutes * 60_000;
  const started = startStaffAlert(ctx.db, {
    bookingId: booking.id,
    emergency,
    afterHours: isAfterHours(createdAt),
    createdAt,
    nextAt: emergency ? new Date(Date.parse(createdAt) + escalateMs).toISOString() : null,
  });
  if (!started) return;
  const link = staffBookingUrl(ctx.publicUrl, booking.id);
  claimStaffPushes(ctx.db, {
    bookingId: booking.id,
    payload: JSON.stringify(staffPushMessage(booking, link)),
    now,
  });
  if (needsOnCallText({ urgency: booking.urgency, createdAt })) {
    const roster = rosterOf(ctx.db, ctx.settings);
    claimTexts(ctx, booking, 0, escalationRecipients(roster, createdAt, 0), 0, now);
  }
  const push = staffPushMessage(booking, link);
  for (const admin of activeAdmins(ctx.db)) {
    if (!admin.email || !staffAlertPreferences(ctx.db, admin.id).email) continue;
    const lines = [
      push.body,
      `Customer: ${oneLine(text(row.customerName))}, ${oneLine(text(row.phone))}`,
    ];
    claimStaffMessage(
      ctx.db,
      {
        type: 'email',
        event: STAFF_EVENTS.arrival,
        onceKey: `staff:${booking.id}:step:0:user:${admin.id}`,
        bookingId: booking.id,
        to: admin.email,
        subject: push.title,
        message: `${lines.join('\n')}\n\nOpen the booking: ${link}\n`,
        html:
          lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('') +
          `<p><a href="${escapeHtml(link)}">Open the booking</a></p>`,
      },
      now,
    );
  }
}

/**
 * Takes every escalation that is due by the clock: a booking someone has taken (or that no
 * longer waits) stops escalating; any other texts the next step's people and is due again in
 * ALERT_ESCALATE_MINUTES. One transaction, so a step is claimed and scheduled together.
 */
export function claimEscalations(ctx: StaffAlertContext, now: Date): void {
  const at = now.toISOString();
  inTransaction(ctx.db, () => {
    for (const due of dueEscalations(ctx.db, now)) {
      const booking = alertedBooking(ctx.db, due.bookingId);
      if (!booking || booking.status !== 'pending' || booking.acknowledgedAt) {
        settleEscalation(ctx.db, due.bookingId, booking?.acknowledgedAt ?? at);
        continue;
      }
      const step = due.step + 1;
      const roster = rosterOf(ctx.db, ctx.settings);
      const minutes = Math.floor((now.getTime() - Date.parse(booking.createdAt)) / 60_000);
      claimTexts(ctx, booking, step, escalationRecipients(roster, now, step), minutes, at);
      const next = now.getTime() + ctx.settings.escalateAfterMinutes * 60_000;
      advanceEscalation(ctx.db, booking.id, step, new Date(next).toISOString());
    }
  });
}

/**
 * Sends every pending staff push. A device the push service no longer knows (404, 410) is
 * forgotten with its records.
 */
export async function deliverStaffPushes(deps: {
  db: Db;
  push?: PushSender;
  now: () => Date;
  log?: { error: (obj: object, msg: string) => void };
}): Promise<void> {
  const { db, push } = deps;
  if (!push) return;
  for (const row of pendingStaffPushes(db)) {
    const result = await push.send(row, row.payload);
    if (result.ok) {
      markStaffPush(db, row, { sentAt: deps.now().toISOString() });
    } else if (result.gone) {
      deleteStaffSubscription(db, row.subscriptionId);
    } else {
      markStaffPush(db, row, { error: result.error });
      deps.log?.error({ bookingId: row.bookingId, error: result.error }, 'staff alert push failed');
    }
  }
}
