/**
 * What the public side writes and reads: contact submissions with their email record,
 * bookings, feedback, and the lookups of the portal and the dashboard (by tracking token, by
 * id with phone digits, by phone).
 */
import type {
  Booking,
  BookingData,
  ContactInput,
  ContactSubmission,
  EmailCustomerInfo,
  EmailRecord,
  Feedback,
  FeedbackData,
  Job,
  QuoteRequestDetails,
} from '@pilbara/shared-schema';
import type { Db } from '../connection';
import { bookingFromInput, phoneKey } from '@pilbara/shared-schema';
import { getRow, putRow } from '../rows';
import { mintIntegerId, mintTextId } from '../id-series';
import { putLogged } from '../change-log';
import { mintToken } from '../tokens';

/**
 * Bookings, contact emails and feedback are synced to staff devices, so they are written with
 * their change-log entry (the caller pokes devices with `notifyChanges` after the commit).
 */
function putSynced<T extends { id: string | number }>(
  db: Db,
  entity: 'bookings' | 'emails' | 'feedback',
  row: T,
  now: Date,
): T {
  return putLogged<T>(db, entity, row, now.toISOString());
}

export function insertContactSubmission(db: Db, input: ContactInput, now: Date): ContactSubmission {
  // The table of the data definitions: a quote request's extras live with its `emails` row.
  const { firstName, lastName, phone, email, serviceNeeded, message } = input;
  return putRow<ContactSubmission>(db, 'contact_submissions', {
    id: mintIntegerId(db, 'contact_submissions'),
    ...{ firstName, lastName, phone, email, serviceNeeded, message },
    createdAt: now.toISOString(),
  });
}

export interface NewEmailRecord {
  to: string;
  subject: string;
  htmlContent: string;
  customerInfo: EmailCustomerInfo | null;
  kind?: 'message' | 'quote';
  details?: QuoteRequestDetails | null;
}

export function insertEmailRecord(db: Db, email: NewEmailRecord, now: Date): EmailRecord {
  return putSynced<EmailRecord>(
    db,
    'emails',
    {
      id: mintIntegerId(db, 'emails'),
      ...email,
      timestamp: now.toISOString(),
      sent: false,
      status: 'new',
    },
    now,
  );
}

export function markEmailSent(db: Db, id: number, now: Date): EmailRecord | undefined {
  const email = getRow<EmailRecord>(db, 'emails', id);
  return email ? putSynced(db, 'emails', { ...email, sent: true }, now) : undefined;
}

function getBooking(db: Db, id: string): Booking | undefined {
  return getRow<Booking>(db, 'bookings', id);
}

/**
 * A new pending booking. The server mints its id and its tracking token: a guest never chooses a
 * record id (docs/security.md), so whatever id a request carried was dropped by the schema.
 */
/** Stores a guest's booking with a server-minted id and tracking token. */
export function insertBooking(
  db: Db,
  input: BookingData,
  now: Date,
): Booking & { trackingToken: string } {
  const trackingToken = mintToken();
  const booking = bookingFromInput(
    input,
    mintTextId(db, 'BKG', now),
    trackingToken,
    now.toISOString(),
  );
  return { ...putSynced<Booking>(db, 'bookings', booking, now), trackingToken };
}

function getJob(db: Db, id: string): Job | undefined {
  return getRow<Job>(db, 'jobs', id);
}

export function findFeedbackForJob(db: Db, jobId: string): Feedback | undefined {
  const row = db.prepare('SELECT id FROM feedback WHERE jobId = ?').get(jobId) as
    { id: number } | undefined;
  return row ? getRow<Feedback>(db, 'feedback', row.id) : undefined;
}

/** Which of `jobIds` already have their one review. */
export function reviewedJobIds(db: Db, jobIds: readonly string[]): string[] {
  if (jobIds.length === 0) return [];
  // One parameter however many jobs a fleet customer has (SQLite caps bound parameters).
  const rows = db
    .prepare('SELECT DISTINCT jobId FROM feedback WHERE jobId IN (SELECT value FROM json_each(?))')
    .all(JSON.stringify(jobIds)) as { jobId: string }[];
  const reviewed = new Set(rows.map((row) => row.jobId));
  return jobIds.filter((id) => reviewed.has(id));
}

export function insertFeedback(db: Db, input: FeedbackData, now: Date): Feedback {
  return putSynced<Feedback>(
    db,
    'feedback',
    { id: mintIntegerId(db, 'feedback'), ...input, createdAt: now.toISOString() } as Feedback,
    now,
  );
}

function jobsWhere(db: Db, where: string, params: unknown[]): Job[] {
  const ids = db
    .prepare(`SELECT id FROM jobs WHERE ${where} ORDER BY createdAt DESC, id DESC`)
    .all(...params) as { id: string }[];
  return ids.map(({ id }) => getJob(db, id) as Job);
}

function bookingsWhere(db: Db, where: string, params: unknown[]): Booking[] {
  const ids = db
    .prepare(`SELECT id FROM bookings WHERE ${where} ORDER BY createdAt DESC, id DESC`)
    .all(...params) as { id: string }[];
  return ids.map(({ id }) => getBooking(db, id) as Booking);
}

/**
 * The job with this number or key, ignoring case ('job-2026-5' finds JOB-2026-5): customers are
 * told the number, and a provisional reference read out before it arrived is the key.
 */
export function findJobById(db: Db, id: string): Job | undefined {
  const text = id.trim().toUpperCase();
  return jobsWhere(db, 'number = ? OR id = ?', [text, text])[0];
}

/** The booking with this reference, ignoring case. */
export function findBookingById(db: Db, id: string): Booking | undefined {
  return bookingsWhere(db, 'id = ? COLLATE NOCASE', [id.trim()])[0];
}

/** The job a tracking token belongs to. */
export function findJobByToken(db: Db, token: string): Job | undefined {
  return jobsWhere(db, 'trackingToken = ?', [token])[0];
}

/** The booking a tracking token belongs to, while it still waits for approval. */
export function findPendingBookingByToken(db: Db, token: string): Booking | undefined {
  return bookingsWhere(db, "trackingToken = ? AND status = 'pending'", [token])[0];
}

/**
 * The booking a tracking token belongs to while it has no job: waiting for approval, or
 * declined (its link then says why).
 */
export function findJoblessBookingByToken(db: Db, token: string): Booking | undefined {
  return bookingsWhere(db, "trackingToken = ? AND status IN ('pending', 'declined')", [token])[0];
}

/** The booking a job came from (the one that handed it its tracking token), if any. */
export function findBookingOfToken(db: Db, token: string): Booking | undefined {
  return bookingsWhere(db, 'trackingToken = ?', [token])[0];
}

/**
 * A customer's jobs by their phone number, newest first: equal numbers however written ('+61'
 * or '0', spaces), never by name (docs/security.md: two customers may share a name).
 */
export function jobsForPhone(db: Db, phone: string): Job[] {
  const key = phoneKey(phone);
  return key === '' ? [] : jobsWhere(db, 'phone_key(phone) = ?', [key]);
}

/** A customer's bookings that still wait for approval, by phone, newest first. */
export function pendingBookingsForPhone(db: Db, phone: string): Booking[] {
  const key = phoneKey(phone);
  return key === '' ? [] : bookingsWhere(db, "status = 'pending' AND phone_key(phone) = ?", [key]);
}
