/**
 * The customers' job-update emails (table `notifications`, `type = 'email'`) as the notifier
 * claims and sends them (services/notifier.ts), and the facts of a job and its customer the
 * claims read. Texts are db/repositories/sms.ts, pushes push-subscriptions.ts.
 */
import type { Db } from '../connection';
import { statement } from '../statements';
import { mintIntegerId } from '../id-series';

/** Whether the customer with this email wants job update emails (no preferences row: yes). */
export function wantsJobUpdateEmails(db: Db, email: string): boolean {
  const prefs = statement(
    db,
    'SELECT emailEnabled, jobUpdates FROM notification_preferences WHERE customerEmail = ? COLLATE NOCASE LIMIT 1',
  ).get(email) as { emailEnabled: number; jobUpdates: number } | undefined;
  return !prefs || (Boolean(prefs.emailEnabled) && Boolean(prefs.jobUpdates));
}

/** The job's status now, or undefined when there is no such job. */
export function jobStatusNow(db: Db, jobId: unknown): string | undefined {
  const row = statement(db, 'SELECT status FROM jobs WHERE id = ?').get(jobId) as
    { status: string } | undefined;
  return row?.status;
}

/** Whether an approved booking carries this tracking token (its job is the booking's). */
export function isApprovedBookingToken(db: Db, token: string): boolean {
  return (
    statement(db, "SELECT 1 FROM bookings WHERE trackingToken = ? AND status = 'approved'").get(
      token,
    ) !== undefined
  );
}

/** Whether an email about `event` of the job is recorded already. */
export function jobEmailClaimed(db: Db, jobId: string, event: string): boolean {
  return (
    statement(
      db,
      "SELECT 1 FROM notifications WHERE jobId = ? AND type = 'email' AND event = ?",
    ).get(jobId, event) !== undefined
  );
}

/** A job-event email to send. */
export interface JobEmailClaim {
  id: number;
  jobId: string;
  recipientEmail: string;
  message: string;
  subject: string;
  createdAt: string;
  event: string;
  /** When it may go (the review request's delay); null: at once. */
  dueAt: string | null;
}

/**
 * Records a pending job-event email; the UNIQUE (jobId, type, event) index makes a second
 * sighting of the same event insert nothing. Runs in the caller's transaction.
 */
export function claimJobEmail(db: Db, claim: JobEmailClaim): void {
  statement(
    db,
    `INSERT OR IGNORE INTO notifications
     (id, jobId, quoteId, recipientPhone, recipientEmail, type, status, message, subject, sentAt, error, createdAt, event, dueAt, onceKey)
   VALUES (?, ?, NULL, NULL, ?, 'email', 'pending', ?, ?, NULL, NULL, ?, ?, ?, ?)`,
  ).run(
    claim.id,
    claim.jobId,
    claim.recipientEmail,
    claim.message,
    claim.subject,
    claim.createdAt,
    claim.event,
    claim.dueAt,
    `job:${claim.jobId}`,
  );
}

/** A recorded job-event email still to be sent. */
export interface PendingJobEmail {
  id: number;
  jobId: string;
  recipientEmail: string;
  subject: string;
  message: string;
  event: string;
  createdAt: string;
}

/**
 * The job-event emails due by `now` and not yet sent, in the order they were recorded. Every
 * job event names its job; an email of another kind (an account's monthly statement) is sent by
 * its own service.
 */
export function dueJobEmails(db: Db, now: string): PendingJobEmail[] {
  return statement(
    db,
    "SELECT id, jobId, recipientEmail, subject, message, event, createdAt FROM notifications WHERE type = 'email' AND status = 'pending' AND event IS NOT NULL AND html IS NULL AND jobId IS NOT NULL AND (dueAt IS NULL OR dueAt <= ?) ORDER BY id",
  ).all(now) as PendingJobEmail[];
}

/** Whether the customer has reviewed the job. */
export function jobIsReviewed(db: Db, jobId: string): boolean {
  return statement(db, 'SELECT 1 FROM feedback WHERE jobId = ?').get(jobId) !== undefined;
}

/** What a job-event email says of its job. */
export interface JobEmailFacts {
  id: string;
  number: string | null;
  customerName: string | null;
  service: string | null;
  trackingToken: string | null;
  cancelReason: string | null;
}

/** The job's facts for its email, or undefined when the job is gone. */
export function jobEmailFacts(db: Db, jobId: string): JobEmailFacts | undefined {
  return statement(
    db,
    'SELECT id, number, customerName, service, trackingToken, cancelReason FROM jobs WHERE id = ?',
  ).get(jobId) as JobEmailFacts | undefined;
}

/** Records an email as sent. */
export function markEmailSent(db: Db, id: number, sentAt: string): void {
  statement(
    db,
    "UPDATE notifications SET status = 'sent', sentAt = ?, error = NULL WHERE id = ?",
  ).run(sentAt, id);
}

/** Records an email as failed (or not sent), with why. */
export function markEmailFailed(db: Db, id: number, error: string): void {
  statement(db, "UPDATE notifications SET status = 'failed', error = ? WHERE id = ?").run(
    error,
    id,
  );
}

/** What a document email is about: the records whose history shows it. */
export interface DocumentEmailSubject {
  jobId: string | null;
  quoteId: string | null;
  invoiceId: string | null;
  creditNoteId: string | null;
}

/**
 * Records a quote, invoice or credit note email as pending, in the history of its job, quote and
 * invoice (the office reads it in the job's messages, as it reads the job-event emails). Not a
 * job event: it has no once-guard and is sent by staff each time they ask. Returns its id.
 */
export function recordDocumentEmail(
  db: Db,
  email: DocumentEmailSubject & { to: string; subject: string; text: string; now: Date },
): number {
  const id = mintIntegerId(db, 'notifications');
  statement(
    db,
    `INSERT INTO notifications
       (id, jobId, quoteId, invoiceId, creditNoteId, recipientPhone, recipientEmail, type, status,
        message, subject, sentAt, error, createdAt)
     VALUES (?, ?, ?, ?, ?, NULL, ?, 'email', 'pending', ?, ?, NULL, NULL, ?)`,
  ).run(
    id,
    email.jobId,
    email.quoteId,
    email.invoiceId,
    email.creditNoteId,
    email.to,
    email.text,
    email.subject,
    email.now.toISOString(),
  );
  return id;
}

/** An email composed in full when it was claimed (text and HTML), still to be sent. */
export interface PendingComposedEmail {
  id: number;
  recipientEmail: string;
  subject: string;
  message: string;
  html: string;
}

/**
 * The emails composed at their claim (a booking's confirmation or decline, a staff alert, an
 * overdue reminder, a reply) due by `now` and not yet sent, in the order they were recorded.
 */
export function dueComposedEmails(db: Db, now: string): PendingComposedEmail[] {
  return statement(
    db,
    "SELECT id, recipientEmail, subject, message, html FROM notifications WHERE type = 'email' AND status = 'pending' AND html IS NOT NULL AND recipientEmail IS NOT NULL AND (dueAt IS NULL OR dueAt <= ?) ORDER BY id",
  ).all(now) as PendingComposedEmail[];
}

/** A customer email composed in full, to claim once. */
export interface ComposedEmailClaim {
  event: string;
  onceKey: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  jobId?: string | null;
  bookingId?: string | null;
  quoteId?: string | null;
  dueAt?: string | null;
  /** Recorded at once as failed with this reason (the customer turned emails off). */
  notSent?: string;
}

/**
 * Records a customer email composed in full, once: the unique (onceKey, type, event) index makes
 * a second claim insert nothing. Runs in the caller's transaction.
 */
export function claimComposedEmail(
  db: Db,
  claim: ComposedEmailClaim,
  id: number,
  now: string,
): boolean {
  return (
    statement(
      db,
      `INSERT OR IGNORE INTO notifications
         (id, jobId, quoteId, bookingId, recipientPhone, recipientEmail, type, status, message,
          subject, sentAt, error, createdAt, event, dueAt, onceKey, html)
       VALUES (?, ?, ?, ?, NULL, ?, 'email', ?, ?, ?, NULL, ?, ?, ?, ?, ?, ?)`,
    ).run(
      id,
      claim.jobId ?? null,
      claim.quoteId ?? null,
      claim.bookingId ?? null,
      claim.to,
      claim.notSent ? 'failed' : 'pending',
      claim.text,
      claim.subject,
      claim.notSent ?? null,
      now,
      claim.event,
      claim.dueAt ?? null,
      claim.onceKey,
      claim.html,
    ).changes === 1
  );
}

/** Whether an email of `event` about `onceKey` is recorded already. */
export function emailClaimed(db: Db, onceKey: string, event: string): boolean {
  return (
    statement(
      db,
      "SELECT 1 FROM notifications WHERE onceKey = ? AND type = 'email' AND event = ?",
    ).get(onceKey, event) !== undefined
  );
}
