/**
 * The staff alerts' tables (migration 0030): the on-call roster, each staff member's alert
 * channels, their devices' push subscriptions, one `staff_alerts` row per booking that alerted
 * (with its escalation's progress), the pushes claimed for it, and the texts and emails, which
 * are `notifications` rows with `audience = 'staff'`. All server-only: never synced.
 *
 * The claims run inside the notifier's cursor transaction (services/staff-alerts.ts): each is an
 * insert that a primary key or the notifications' once-only index turns into a no-op the second
 * time, so a replayed log or a restart alerts nobody twice.
 */
import {
  assignmentName,
  type BookingAlert,
  type RosterEntry,
  type StaffAlertPreferences,
} from '@pilbara/shared-schema';
import type { Db } from '../connection';
import { mintIntegerId } from '../id-series';
import { atomically, statement } from '../statements';

interface RosterRow {
  name: string;
  phone: string;
  userId: number | null;
  days: string;
  startsAt: string;
  endsAt: string;
}

/** The saved roster in order, or null while none is saved (the default applies). */
export function savedRoster(db: Db): RosterEntry[] | null {
  const rows = statement(
    db,
    'SELECT name, phone, userId, days, startsAt, endsAt FROM on_call_roster ORDER BY position',
  ).all() as RosterRow[];
  if (rows.length === 0) return null;
  return rows.map((row) => ({
    name: row.name,
    phone: row.phone,
    userId: row.userId,
    days: JSON.parse(row.days) as number[],
    from: row.startsAt,
    to: row.endsAt,
  }));
}

/** Replaces the roster with `entries`, in order. */
export function saveRoster(db: Db, entries: readonly RosterEntry[], now: Date): void {
  atomically(db, () => {
    statement(db, 'DELETE FROM on_call_roster').run();
    entries.forEach((entry, index) => {
      statement(
        db,
        `INSERT INTO on_call_roster (position, name, phone, userId, days, startsAt, endsAt, updatedAt)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        index + 1,
        entry.name,
        entry.phone,
        entry.userId,
        JSON.stringify(entry.days),
        entry.from,
        entry.to,
        now.toISOString(),
      );
    });
  });
}

const DEFAULT_PREFERENCES: StaffAlertPreferences = { push: true, sms: true, email: false };

/** A staff member's alert channels (the defaults when they never saved any). */
export function staffAlertPreferences(db: Db, userId: number): StaffAlertPreferences {
  const row = statement(
    db,
    'SELECT push, sms, email FROM staff_alert_preferences WHERE userId = ?',
  ).get(userId) as { push: number; sms: number; email: number } | undefined;
  if (!row) return { ...DEFAULT_PREFERENCES };
  return { push: row.push === 1, sms: row.sms === 1, email: row.email === 1 };
}

export function saveStaffAlertPreferences(
  db: Db,
  userId: number,
  preferences: StaffAlertPreferences,
  now: Date,
): void {
  statement(
    db,
    `INSERT INTO staff_alert_preferences (userId, push, sms, email, updatedAt) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (userId) DO UPDATE SET push = excluded.push, sms = excluded.sms,
       email = excluded.email, updatedAt = excluded.updatedAt`,
  ).run(
    userId,
    preferences.push ? 1 : 0,
    preferences.sms ? 1 : 0,
    preferences.email ? 1 : 0,
    now.toISOString(),
  );
}

/** Whether the account with this id asked for no alert texts (no account: texts go). */
export function textsTurnedOff(db: Db, userId: number | null): boolean {
  if (userId === null) return false;
  return !staffAlertPreferences(db, userId).sms;
}

/** Stores a staff device's subscription (the same browser subscribing again updates it). */
export function saveStaffSubscription(
  db: Db,
  userId: number,
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
  now: Date,
): void {
  statement(
    db,
    `INSERT INTO staff_push_subscriptions (userId, endpoint, p256dh, auth, createdAt)
     VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (endpoint) DO UPDATE SET userId = excluded.userId, p256dh = excluded.p256dh,
       auth = excluded.auth`,
  ).run(
    userId,
    subscription.endpoint,
    subscription.keys.p256dh,
    subscription.keys.auth,
    now.toISOString(),
  );
}

/** Forgets one of the user's subscriptions; answers whether there was one. */
export function removeStaffSubscription(db: Db, userId: number, endpoint: string): boolean {
  return (
    statement(db, 'DELETE FROM staff_push_subscriptions WHERE userId = ? AND endpoint = ?').run(
      userId,
      endpoint,
    ).changes > 0
  );
}

/** How many devices of the user get pushes. */
export function staffSubscriptionCount(db: Db, userId: number): number {
  return (
    statement(db, 'SELECT count(*) AS n FROM staff_push_subscriptions WHERE userId = ?').get(
      userId,
    ) as { n: number }
  ).n;
}

/** An active admin, as the alerts address them. */
export interface AlertedAdmin {
  id: number;
  name: string;
  email: string | null;
}

/** The active admins (the people a booking concerns), in the order they were added. */
export function activeAdmins(db: Db): AlertedAdmin[] {
  const rows = statement(
    db,
    "SELECT id, username, firstName, lastName, email FROM users WHERE role = 'admin' AND isActive = 1 ORDER BY id",
  ).all() as {
    id: number;
    username: string;
    firstName: string | null;
    lastName: string | null;
    email: string | null;
  }[];
  return rows.map((row) => ({ id: row.id, name: assignmentName(row), email: row.email || null }));
}

/** What a booking's alerts need of it, and whether someone has taken it. */
export interface AlertedBooking {
  id: string;
  urgency: string;
  service: string;
  location: string;
  status: string;
  acknowledgedAt: string | null;
  createdAt: string;
}

export function alertedBooking(db: Db, bookingId: string): AlertedBooking | undefined {
  return statement(
    db,
    'SELECT id, urgency, service, location, status, acknowledgedAt, createdAt FROM bookings WHERE id = ?',
  ).get(bookingId) as AlertedBooking | undefined;
}

/**
 * Records that a booking alerted staff; false when it already had (the caller then claims
 * nothing more). `nextAt`: when its first escalation is due, or null when it never escalates.
 */
export function startStaffAlert(
  db: Db,
  alert: {
    bookingId: string;
    emergency: boolean;
    afterHours: boolean;
    createdAt: string;
    nextAt: string | null;
  },
): boolean {
  return (
    statement(
      db,
      `INSERT OR IGNORE INTO staff_alerts (bookingId, emergency, afterHours, createdAt, step, nextAt)
       VALUES (?, ?, ?, ?, 0, ?)`,
    ).run(
      alert.bookingId,
      alert.emergency ? 1 : 0,
      alert.afterHours ? 1 : 0,
      alert.createdAt,
      alert.nextAt,
    ).changes === 1
  );
}

/** Escalations due by `now`, oldest first. */
export function dueEscalations(
  db: Db,
  now: Date,
): { bookingId: string; step: number; createdAt: string }[] {
  return statement(
    db,
    'SELECT bookingId, step, createdAt FROM staff_alerts WHERE nextAt IS NOT NULL AND nextAt <= ? ORDER BY nextAt',
  ).all(now.toISOString()) as { bookingId: string; step: number; createdAt: string }[];
}

/** Moves the escalation on: `step` is done, the next one is due at `nextAt`. */
export function advanceEscalation(db: Db, bookingId: string, step: number, nextAt: string): void {
  statement(db, 'UPDATE staff_alerts SET step = ?, nextAt = ? WHERE bookingId = ?').run(
    step,
    nextAt,
    bookingId,
  );
}

/** Stops the escalation: someone took the booking (or it is no longer waiting). */
export function settleEscalation(db: Db, bookingId: string, at: string): void {
  statement(
    db,
    'UPDATE staff_alerts SET nextAt = NULL, settledAt = coalesce(settledAt, ?) WHERE bookingId = ? AND settledAt IS NULL',
  ).run(at, bookingId);
}

/** When the booking's next escalation is due, or null. */
export function nextEscalationAt(db: Db, bookingId: string): string | null {
  const row = statement(db, 'SELECT nextAt FROM staff_alerts WHERE bookingId = ?').get(
    bookingId,
  ) as { nextAt: string | null } | undefined;
  return row?.nextAt ?? null;
}

/**
 * Claims a push of the booking to every device of every active admin whose pushes are on; the
 * primary key makes a second claim a no-op.
 */
export function claimStaffPushes(
  db: Db,
  claim: { bookingId: string; payload: string; now: string },
): void {
  statement(
    db,
    `INSERT OR IGNORE INTO staff_push_sends (subscriptionId, bookingId, userId, status, payload, createdAt)
     SELECT s.id, ?, s.userId, 'pending', ?, ? FROM staff_push_subscriptions s
       JOIN users u ON u.id = s.userId
       LEFT JOIN staff_alert_preferences p ON p.userId = s.userId
      WHERE u.role = 'admin' AND u.isActive = 1 AND coalesce(p.push, 1) = 1`,
  ).run(claim.bookingId, claim.payload, claim.now);
}

/** A staff text or email to claim once. */
export interface StaffMessageClaim {
  type: 'sms' | 'email';
  /** `staff_booking_alert` (the arrival) or `staff_escalation`. */
  event: string;
  /** The once-only key: the booking, the step and the recipient. */
  onceKey: string;
  /** The booking it is about; null for an alert about something else (a review). */
  bookingId: string | null;
  to: string;
  message: string;
  subject?: string;
  html?: string;
  segments?: number;
  /** Recorded at once as failed with this reason. */
  notSent?: string;
}

/** Records a staff text or email, once (the notifications' unique (onceKey, type, event)). */
export function claimStaffMessage(db: Db, claim: StaffMessageClaim, now: string): void {
  const known = statement(
    db,
    'SELECT 1 FROM notifications WHERE onceKey = ? AND type = ? AND event = ?',
  ).get(claim.onceKey, claim.type, claim.event);
  if (known) return;
  statement(
    db,
    `INSERT OR IGNORE INTO notifications
       (id, jobId, quoteId, bookingId, recipientPhone, recipientEmail, type, status, message,
        subject, sentAt, error, createdAt, event, dueAt, onceKey, segments, attempts, audience, html,
        category)
     VALUES (?, NULL, NULL, ?, ?, ?, ?, ?, ?, ?, NULL, ?, ?, ?, NULL, ?, ?, 0, 'staff', ?, ?)`,
  ).run(
    mintIntegerId(db, 'notifications'),
    claim.bookingId,
    claim.type === 'sms' ? claim.to : null,
    claim.type === 'email' ? claim.to : null,
    claim.type,
    claim.notSent ? 'failed' : 'pending',
    claim.message,
    claim.subject ?? null,
    claim.notSent ?? null,
    now,
    claim.event,
    claim.onceKey,
    claim.segments ?? null,
    claim.html ?? null,
    // Staff alert texts count against their own budget (shared-schema SMS_CATEGORIES).
    claim.type === 'sms' ? 'staff-alerts' : null,
  );
}

/** A staff push waiting to go, with its device. */
export interface PendingStaffPush {
  subscriptionId: number;
  bookingId: string;
  payload: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

export function pendingStaffPushes(db: Db): PendingStaffPush[] {
  return statement(
    db,
    `SELECT s.subscriptionId, s.bookingId, s.payload, p.endpoint, p.p256dh, p.auth
       FROM staff_push_sends s JOIN staff_push_subscriptions p ON p.id = s.subscriptionId
      WHERE s.status = 'pending' ORDER BY s.createdAt, s.subscriptionId`,
  ).all() as PendingStaffPush[];
}

export function markStaffPush(
  db: Db,
  push: Pick<PendingStaffPush, 'subscriptionId' | 'bookingId'>,
  outcome: { sentAt: string } | { error: string },
): void {
  if ('sentAt' in outcome) {
    statement(
      db,
      "UPDATE staff_push_sends SET status = 'sent', sentAt = ?, error = NULL WHERE subscriptionId = ? AND bookingId = ?",
    ).run(outcome.sentAt, push.subscriptionId, push.bookingId);
  } else {
    statement(
      db,
      "UPDATE staff_push_sends SET status = 'failed', error = ? WHERE subscriptionId = ? AND bookingId = ?",
    ).run(outcome.error, push.subscriptionId, push.bookingId);
  }
}

/** Deletes a staff subscription the push service no longer knows. */
export function deleteStaffSubscription(db: Db, subscriptionId: number): void {
  statement(db, 'DELETE FROM staff_push_subscriptions WHERE id = ?').run(subscriptionId);
}

/** Every alert a booking caused, oldest first: texts and emails, then each device's push. */
export function bookingAlerts(db: Db, bookingId: string): BookingAlert[] {
  const messages = statement(
    db,
    `SELECT type, onceKey, recipientPhone, recipientEmail, status, error, createdAt, sentAt
       FROM notifications WHERE audience = 'staff' AND bookingId = ? ORDER BY createdAt, id`,
  ).all(bookingId) as {
    type: 'sms' | 'email';
    onceKey: string;
    recipientPhone: string | null;
    recipientEmail: string | null;
    status: BookingAlert['status'];
    error: string | null;
    createdAt: string;
    sentAt: string | null;
  }[];
  const pushes = statement(
    db,
    `SELECT s.status, s.error, s.createdAt, s.sentAt, u.username, u.firstName, u.lastName
       FROM staff_push_sends s JOIN users u ON u.id = s.userId
      WHERE s.bookingId = ? ORDER BY s.createdAt, s.subscriptionId`,
  ).all(bookingId) as {
    status: BookingAlert['status'];
    error: string | null;
    createdAt: string;
    sentAt: string | null;
    username: string;
    firstName: string | null;
    lastName: string | null;
  }[];
  return [
    ...messages.map((row) => ({
      channel: row.type,
      recipient: (row.type === 'sms' ? row.recipientPhone : row.recipientEmail) ?? '',
      step: Number(/:step:(\d+)/.exec(row.onceKey)?.[1] ?? 0),
      status: row.status,
      error: row.error,
      createdAt: row.createdAt,
      sentAt: row.sentAt,
    })),
    ...pushes.map((row) => ({
      channel: 'push' as const,
      recipient: assignmentName(row),
      step: 0,
      status: row.status,
      error: row.error,
      createdAt: row.createdAt,
      sentAt: row.sentAt,
    })),
  ];
}
