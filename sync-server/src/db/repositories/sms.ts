/**
 * Text messages: the opt-out list, the customer's preferences by phone, the once-only
 * record of each text, the hourly caps, and what staff see of a job's messages.
 *
 * `notifications` and `sms_opt_outs` are server-only tables (never synced): the server decides
 * and sends every customer message, devices ask for a job's messages when they show them.
 */
import {
  SMS_JOB_UPDATE_EVENTS,
  samePhone,
  smsCategoryOf,
  type JobMessage,
  type SmsCategory,
  type SmsEvent,
} from '@pilbara/shared-schema';
import type { Db } from '../connection';
import { mintIntegerId } from '../id-series';
import { statement } from '../statements';

/** Whether the number (E.164) opted out of texts. */
export function isOptedOut(db: Db, phone: string): boolean {
  return Boolean(statement(db, 'SELECT 1 FROM sms_opt_outs WHERE phone = ?').get(phone));
}

/** Where the number's opt-out came from (a reply, or the tracking page), or null when none. */
export function optOutSource(db: Db, phone: string): 'reply' | 'tracking-page' | null {
  const row = statement(db, 'SELECT source FROM sms_opt_outs WHERE phone = ?').get(phone) as
    { source: 'reply' | 'tracking-page' } | undefined;
  return row?.source ?? null;
}

/**
 * Records an opt-out (a second one keeps the first's time and source) and, as the number's
 * latest change, when it was made: a START sent before it is older news.
 */
export function optOut(
  db: Db,
  phone: string,
  source: 'reply' | 'tracking-page',
  now: Date,
  at: Date = now,
): void {
  statement(
    db,
    'INSERT INTO sms_opt_outs (phone, source, createdAt) VALUES (?, ?, ?) ON CONFLICT (phone) DO NOTHING',
  ).run(phone, source, now.toISOString());
  recordConsentChange(db, phone, 'out', at, source);
}

/**
 * Texts are wanted again: the number's START reply sent at `at`, or the tracking page's "Start
 * text messages again" after a stop made there.
 */
export function optIn(
  db: Db,
  phone: string,
  at: Date,
  source: 'reply' | 'tracking-page' = 'reply',
): void {
  statement(db, 'DELETE FROM sms_opt_outs WHERE phone = ?').run(phone);
  recordConsentChange(db, phone, 'in', at, source);
}

function recordConsentChange(
  db: Db,
  phone: string,
  state: 'out' | 'in',
  at: Date,
  source: string,
): void {
  statement(
    db,
    `INSERT INTO sms_consent_changes (phone, state, at, source) VALUES (?, ?, ?, ?)
       ON CONFLICT (phone) DO UPDATE SET state = excluded.state, at = excluded.at, source = excluded.source
       WHERE excluded.at >= sms_consent_changes.at`,
  ).run(phone, state, at.toISOString(), source);
}

/** When the number's texts last changed (turned off or on), or undefined. */
export function lastConsentChange(db: Db, phone: string): Date | undefined {
  const row = statement(db, 'SELECT at FROM sms_consent_changes WHERE phone = ?').get(phone) as
    { at: string } | undefined;
  return row ? new Date(row.at) : undefined;
}

/** Whether an inbound text with this MessageSid was heard before. */
export function inboundTextSeen(db: Db, messageSid: string): boolean {
  return Boolean(statement(db, 'SELECT 1 FROM sms_inbound WHERE messageSid = ?').get(messageSid));
}

/** An inbound text as heard, with what was done with it. */
export interface InboundTextRecord {
  messageSid: string;
  phone: string;
  keyword: 'stop' | 'start' | null;
  sentAt: Date | null;
  receivedAt: Date;
  outcome: 'applied' | 'older' | 'stale' | 'no-keyword';
}

/** Records an inbound text once; false when its MessageSid was recorded already. */
export function recordInboundText(db: Db, text: InboundTextRecord): boolean {
  return (
    statement(
      db,
      `INSERT OR IGNORE INTO sms_inbound (messageSid, phone, keyword, sentAt, receivedAt, outcome)
         VALUES (?, ?, ?, ?, ?, ?)`,
    ).run(
      text.messageSid,
      text.phone,
      text.keyword,
      text.sentAt?.toISOString() ?? null,
      text.receivedAt.toISOString(),
      text.outcome,
    ).changes === 1
  );
}

/**
 * Whether the customer's preferences allow a text about `event`: every preferences row saved for
 * this phone (any way of writing it) or for the booking's or job's email must have `smsEnabled`,
 * and, for news about a booking or job, `jobUpdates`. No row: yes (the defaults).
 */
export function preferencesAllowText(
  db: Db,
  phone: string,
  email: string | null,
  event: SmsEvent,
): boolean {
  const rows = statement(
    db,
    `SELECT customerPhone, smsEnabled, jobUpdates FROM notification_preferences
      WHERE customerPhone IS NOT NULL OR customerEmail = ? COLLATE NOCASE`,
  ).all(email ?? '') as { customerPhone: string | null; smsEnabled: number; jobUpdates: number }[];
  const jobNews = SMS_JOB_UPDATE_EVENTS.includes(event);
  return rows
    .filter(
      (row) =>
        (row.customerPhone !== null && samePhone(row.customerPhone, phone)) ||
        // The email matched in SQL; a phone row of another number is not this customer's.
        (email !== null && row.customerPhone === null),
    )
    .every((row) => Boolean(row.smsEnabled) && (!jobNews || Boolean(row.jobUpdates)));
}

export interface SmsClaim {
  event: SmsEvent;
  onceKey: string;
  phone: string;
  jobId: string | null;
  bookingId: string | null;
  quoteId: string | null;
  message: string;
  segments: number;
  /** The budget it is counted against (shared-schema SMS_CATEGORIES); default its event's. */
  category?: SmsCategory;
  /** A booking acknowledgement's: the network address the booking came from. */
  sourceAddress?: string | null;
  /** Recorded at once as failed with this reason (an opted-out number, texts turned off). */
  notSent?: string;
}

/**
 * Records a text to send, once: a second claim of the same event about the same thing inserts
 * nothing (the unique (onceKey, type, event) index). Call it in the notifier's cursor
 * transaction, so the claim and the cursor move together.
 */
export function claimText(db: Db, claim: SmsClaim, now: string): void {
  const known = statement(
    db,
    "SELECT 1 FROM notifications WHERE onceKey = ? AND type = 'sms' AND event = ?",
  ).get(claim.onceKey, claim.event);
  // Checked first so a repeat sighting does not use up an id; the index is the real guard.
  if (known) return;
  statement(
    db,
    `INSERT OR IGNORE INTO notifications
       (id, jobId, quoteId, bookingId, recipientPhone, recipientEmail, type, status, message,
        subject, sentAt, error, createdAt, event, dueAt, onceKey, segments, attempts, category,
        sourceAddress, failedAt)
     VALUES (?, ?, ?, ?, ?, NULL, 'sms', ?, ?, NULL, NULL, ?, ?, ?, NULL, ?, ?, 0, ?, ?, ?)`,
  ).run(
    mintIntegerId(db, 'notifications'),
    claim.jobId,
    claim.quoteId,
    claim.bookingId,
    claim.phone,
    claim.notSent ? 'failed' : 'pending',
    claim.message,
    claim.notSent ?? null,
    now,
    claim.event,
    claim.onceKey,
    claim.segments,
    claim.category ?? smsCategoryOf(claim.event),
    claim.sourceAddress ?? null,
    claim.notSent ? now : null,
  );
}

/** A text waiting to go. */
export interface PendingText {
  id: number;
  recipientPhone: string;
  message: string;
  attempts: number;
  category: SmsCategory;
  sourceAddress: string | null;
}

/** Texts due now, oldest first; staff alerts before the customers' texts. */
export function dueTexts(db: Db, now: Date): PendingText[] {
  const rows = statement(
    db,
    `SELECT id, recipientPhone, message, coalesce(attempts, 0) AS attempts, event, category,
            sourceAddress, audience
       FROM notifications
      WHERE type = 'sms' AND status = 'pending' AND (dueAt IS NULL OR dueAt <= ?)
      ORDER BY audience IS NULL, id`,
  ).all(now.toISOString()) as (Omit<PendingText, 'category'> & {
    event: string | null;
    category: string | null;
    audience: string | null;
  })[];
  return rows.map(({ event, category, audience, ...row }) => ({
    ...row,
    category: smsCategoryOf(event, category, audience),
  }));
}

/**
 * Texts of a category handed to the provider since `since`, other than text `self` (a retry is
 * the same text, not one more): to this number, and in all.
 */
export function textsAttemptedSince(
  db: Db,
  phone: string,
  since: Date,
  category: SmsCategory,
  self: number,
): { toNumber: number; total: number } {
  const at = since.toISOString();
  const total = statement(
    db,
    "SELECT count(*) AS n FROM notifications WHERE type = 'sms' AND category = ? AND attemptedAt >= ? AND id <> ?",
  ).get(category, at, self) as { n: number };
  const toNumber = statement(
    db,
    "SELECT count(*) AS n FROM notifications WHERE type = 'sms' AND category = ? AND attemptedAt >= ? AND recipientPhone = ? AND id <> ?",
  ).get(category, at, phone, self) as { n: number };
  return { toNumber: toNumber.n, total: total.n };
}

/**
 * Booking acknowledgements other than `self` handed to the provider since `since` for bookings
 * from `address`.
 */
export function bookingAcksFromAddressSince(
  db: Db,
  address: string,
  since: Date,
  self: number,
): number {
  const row = statement(
    db,
    `SELECT count(*) AS n FROM notifications
      WHERE type = 'sms' AND category = 'booking-ack' AND attemptedAt >= ? AND sourceAddress = ?
        AND id <> ?`,
  ).get(since.toISOString(), address, self) as { n: number };
  return row.n;
}

/** Whether any job ever had this number (however it was written). */
export function numberHadJob(db: Db, phone: string): boolean {
  return Boolean(
    statement(db, 'SELECT 1 FROM jobs WHERE phone_key(phone) = phone_key(?) LIMIT 1').get(phone),
  );
}

/** Texts of `category` failed since `since` with the reason `reason` (its whole budget's). */
export function textsFailedSince(
  db: Db,
  category: SmsCategory,
  reason: string,
  since: Date,
): number {
  const row = statement(
    db,
    `SELECT count(*) AS n FROM notifications
      WHERE type = 'sms' AND status = 'failed' AND failedAt >= ? AND category = ? AND error = ?`,
  ).get(since.toISOString(), category, reason) as { n: number };
  return row.n;
}

/** Remembers where a public booking came from (its acknowledgement's budget per address). */
export function recordBookingSource(db: Db, bookingId: string, address: string, now: Date): void {
  const week = new Date(now.getTime() - 7 * 24 * 60 * 60 * 1000).toISOString();
  statement(db, 'DELETE FROM booking_sources WHERE createdAt < ?').run(week);
  statement(
    db,
    'INSERT OR IGNORE INTO booking_sources (bookingId, address, createdAt) VALUES (?, ?, ?)',
  ).run(bookingId, address, now.toISOString());
}

/** The network address a public booking came from, or null. */
export function bookingSource(db: Db, bookingId: string): string | null {
  const row = statement(db, 'SELECT address FROM booking_sources WHERE bookingId = ?').get(
    bookingId,
  ) as { address: string } | undefined;
  return row?.address ?? null;
}

/**
 * Marks a pending text as being sent (one more attempt, counted against the caps from now).
 * False when it is no longer pending: another run took it.
 */
export function startSending(db: Db, id: number, now: Date): boolean {
  return (
    statement(
      db,
      "UPDATE notifications SET status = 'sending', attempts = coalesce(attempts, 0) + 1, attemptedAt = ? WHERE id = ? AND status = 'pending'",
    ).run(now.toISOString(), id).changes === 1
  );
}

export function markTextSent(db: Db, id: number, providerId: string, now: Date): void {
  statement(
    db,
    "UPDATE notifications SET status = 'sent', sentAt = ?, providerId = ?, error = NULL WHERE id = ?",
  ).run(now.toISOString(), providerId, id);
}

/** Back to pending, due again at `dueAt`, with the reason it did not go this time. */
export function retryTextLater(db: Db, id: number, error: string, dueAt: Date): void {
  statement(
    db,
    "UPDATE notifications SET status = 'pending', dueAt = ?, error = ? WHERE id = ?",
  ).run(dueAt.toISOString(), error, id);
}

export function markTextFailed(db: Db, id: number, error: string, now: Date = new Date()): void {
  statement(
    db,
    "UPDATE notifications SET status = 'failed', error = ?, failedAt = ? WHERE id = ?",
  ).run(error, now.toISOString(), id);
}

/**
 * Texts left `sending` by a server that stopped mid-send: the provider may have taken them, so
 * they are failed with that said, never sent again by themselves. Returns how many.
 */
export function failInterruptedTexts(db: Db, reason: string): number {
  return statement(
    db,
    "UPDATE notifications SET status = 'failed', error = ? WHERE type = 'sms' AND status = 'sending'",
  ).run(reason).changes;
}

interface MessageRow {
  id: number;
  type: 'sms' | 'email';
  event: string | null;
  recipientPhone: string | null;
  recipientEmail: string | null;
  status: JobMessage['status'];
  message: string | null;
  error: string | null;
  createdAt: string;
  sentAt: string | null;
  segments: number | null;
  attempts: number;
  resendOf: number | null;
  subject: string | null;
}

const MESSAGE_COLUMNS =
  'id, type, event, recipientPhone, recipientEmail, status, message, error, createdAt, sentAt, segments, coalesce(attempts, 0) AS attempts, resendOf, subject';

function toJobMessage(row: MessageRow): JobMessage {
  return {
    id: row.id,
    type: row.type,
    event: row.event,
    recipient: row.type === 'sms' ? row.recipientPhone : row.recipientEmail,
    status: row.status,
    message: row.message ?? '',
    error: row.error,
    createdAt: row.createdAt,
    sentAt: row.sentAt,
    segments: row.segments,
    attempts: row.attempts,
    resendOf: row.resendOf,
    subject: row.type === 'email' ? row.subject : null,
  };
}

/**
 * The messages about a job, oldest first: its own, its booking's before approval (the booking
 * handed the job its tracking token), and those of its quotes and payments.
 */
export function jobMessages(db: Db, jobId: string): JobMessage[] {
  const rows = statement(
    db,
    `SELECT ${MESSAGE_COLUMNS} FROM notifications
      WHERE audience IS NULL
        AND (jobId = ?
         OR bookingId IN (SELECT b.id FROM bookings b JOIN jobs j ON j.trackingToken = b.trackingToken
                           WHERE j.id = ?)
         OR quoteId IN (SELECT id FROM quotes WHERE jobId = ?)
         OR invoiceId IN (SELECT id FROM invoices WHERE jobId = ?))
      ORDER BY createdAt, id`,
  ).all(jobId, jobId, jobId, jobId) as MessageRow[];
  return rows.map(toJobMessage);
}

/**
 * Every email and text about a quote or an invoice (its document emails, the quote's text, the
 * payment texts of the invoice), oldest first: the document's history, for a quote or invoice
 * with no job as much as for one with.
 */
export function documentMessages(
  db: Db,
  about: { quoteId: string | null; invoiceId: string | null },
): JobMessage[] {
  const rows = statement(
    db,
    `SELECT ${MESSAGE_COLUMNS} FROM notifications
      WHERE (? IS NOT NULL AND quoteId = ?) OR (? IS NOT NULL AND invoiceId = ?)
      ORDER BY createdAt, id`,
  ).all(about.quoteId, about.quoteId, about.invoiceId, about.invoiceId) as MessageRow[];
  return rows.map(toJobMessage);
}

/** One message, or undefined. */
export function findMessage(
  db: Db,
  id: number,
):
  | (JobMessage & { jobId: string | null; bookingId: string | null; quoteId: string | null })
  | undefined {
  const row = statement(
    db,
    `SELECT ${MESSAGE_COLUMNS}, jobId, bookingId, quoteId FROM notifications WHERE id = ?`,
  ).get(id) as
    | (MessageRow & { jobId: string | null; bookingId: string | null; quoteId: string | null })
    | undefined;
  return row
    ? { ...toJobMessage(row), jobId: row.jobId, bookingId: row.bookingId, quoteId: row.quoteId }
    : undefined;
}

/** Whether a resend of this message is still waiting or being sent. */
export function resendInFlight(db: Db, id: number): boolean {
  return Boolean(
    statement(
      db,
      "SELECT 1 FROM notifications WHERE resendOf = ? AND status IN ('pending', 'sending')",
    ).get(id),
  );
}

/**
 * A staff member's resend of a text: a new pending text with the same words to the same number,
 * linked to the one it repeats. It goes through the same delivery, caps and opt-out check.
 */
export function queueResend(db: Db, original: number, now: Date): JobMessage {
  const id = mintIntegerId(db, 'notifications');
  statement(
    db,
    `INSERT INTO notifications
       (id, jobId, quoteId, bookingId, recipientPhone, recipientEmail, type, status, message,
        subject, sentAt, error, createdAt, event, dueAt, onceKey, segments, attempts, resendOf)
     SELECT ?, jobId, quoteId, bookingId, recipientPhone, recipientEmail, type, 'pending', message,
            subject, NULL, NULL, ?, event, NULL, NULL, segments, 0, id
       FROM notifications WHERE id = ?`,
  ).run(id, now.toISOString(), original);
  return findMessage(db, id)!;
}

/** What a payment's text says of its invoice. */
export interface InvoiceToText {
  id: string;
  number: string | null;
  jobId: string | null;
  quoteId: string | null;
  customerPhone: string | null;
  customerEmail: string | null;
}

/** The invoice a payment's text is about, or undefined. */
export function invoiceToText(db: Db, invoiceId: unknown): InvoiceToText | undefined {
  return statement(
    db,
    'SELECT id, number, jobId, quoteId, customerPhone, customerEmail FROM invoices WHERE id = ?',
  ).get(invoiceId) as InvoiceToText | undefined;
}

/** The parts of a quote that name its job (its `jobId`, or the job named in its notes). */
export function quoteJobLink(
  db: Db,
  quoteId: string,
): { notes: string | null; jobId: string | null } | undefined {
  return statement(db, 'SELECT notes, jobId FROM quotes WHERE id = ?').get(quoteId) as
    { notes: string | null; jobId: string | null } | undefined;
}

/** The job's tracking token, or undefined when there is no such job. */
export function jobTrackingToken(
  db: Db,
  jobId: string,
): { trackingToken: string | null } | undefined {
  return statement(db, 'SELECT trackingToken FROM jobs WHERE id = ?').get(jobId) as
    { trackingToken: string | null } | undefined;
}
