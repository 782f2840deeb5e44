/**
 * What the public side writes and reads: contact submissions with their email record,
 * bookings, feedback, and the job lookups of the portal and the dashboard.
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
} from '@pilbara/shared-schema';
import type { Db } from '../connection';
import { getRow, putRow } from '../rows';
import { mintIntegerId, mintTextId } from '../id-series';
import { writeChanges } from '../../sync/change-log';

/**
 * Bookings, contact emails and feedback are synced to staff devices, so they are written with
 * their change-log entry (the caller pokes devices with `notifyChanges` after the commit).
 */
function putLogged<T extends { id: string | number }>(
  db: Db,
  entity: 'bookings' | 'emails' | 'feedback',
  row: T,
  now: Date,
): T {
  writeChanges(db, [{ entity, op: 'put', id: row.id, row }], now.toISOString());
  return getRow<T>(db, entity, row.id) as T;
}

export function insertContactSubmission(db: Db, input: ContactInput, now: Date): ContactSubmission {
  return putRow<ContactSubmission>(db, 'contact_submissions', {
    id: mintIntegerId(db, 'contact_submissions'),
    ...input,
    createdAt: now.toISOString(),
  });
}

export interface NewEmailRecord {
  to: string;
  subject: string;
  htmlContent: string;
  customerInfo: EmailCustomerInfo | null;
}

export function insertEmailRecord(db: Db, email: NewEmailRecord, now: Date): EmailRecord {
  return putLogged<EmailRecord>(
    db,
    'emails',
    { id: mintIntegerId(db, 'emails'), ...email, timestamp: now.toISOString(), sent: false },
    now,
  );
}

export function markEmailSent(db: Db, id: number, now: Date): EmailRecord | undefined {
  const email = getRow<EmailRecord>(db, 'emails', id);
  return email ? putLogged(db, 'emails', { ...email, sent: true }, now) : undefined;
}

export function getBooking(db: Db, id: string): Booking | undefined {
  return getRow<Booking>(db, 'bookings', id);
}

/** A new pending booking; the id is the device's when it minted one offline, else the server's. */
export function insertBooking(db: Db, input: BookingData, now: Date): Booking {
  const stamp = now.toISOString();
  const { id, ...fields } = input;
  return putLogged<Booking>(
    db,
    'bookings',
    {
      ...fields,
      id: id ?? mintTextId(db, 'BKG', now),
      status: 'pending',
      createdAt: stamp,
      updatedAt: stamp,
    } as Booking,
    now,
  );
}

export function getJob(db: Db, id: string): Job | undefined {
  return getRow<Job>(db, 'jobs', id);
}

export function findFeedbackForJob(db: Db, jobId: string): Feedback | undefined {
  const row = db.prepare('SELECT id FROM feedback WHERE jobId = ?').get(jobId) as
    { id: number } | undefined;
  return row ? getRow<Feedback>(db, 'feedback', row.id) : undefined;
}

export function insertFeedback(db: Db, input: FeedbackData, now: Date): Feedback {
  return putLogged<Feedback>(
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

/**
 * Portal search: the job with exactly this id, else the newest job whose customer name equals
 * the text ignoring case, else the newest job with this phone number.
 */
export function searchJob(db: Db, query: string): Job | undefined {
  const text = query.trim();
  const byId = db.prepare('SELECT id FROM jobs WHERE id = ? COLLATE NOCASE').get(text) as
    { id: string } | undefined;
  if (byId) return getJob(db, byId.id);
  const byName = jobsWhere(db, 'customerName = ? COLLATE NOCASE', [text])[0];
  if (byName) return byName;
  const digits = text.replace(/\D/g, '');
  // Enough digits to be a phone number, so '12' never matches a stray number.
  if (digits.length < 6) return undefined;
  return jobsWhere(db, 'digits(phone) = ?', [digits])[0];
}

/**
 * Dashboard lookup by phone number or job id: the customer's jobs, where a job belongs to the
 * customer when its phone equals the customer's or its name does ignoring case (spec §5).
 */
export function customerJobs(db: Db, lookup: string): Job[] {
  const text = lookup.trim();
  const byId = db.prepare('SELECT id FROM jobs WHERE id = ? COLLATE NOCASE').get(text) as
    { id: string } | undefined;
  let anchor: Job | undefined = byId ? getJob(db, byId.id) : undefined;
  if (!anchor) {
    const digits = text.replace(/\D/g, '');
    if (digits.length < 6) return [];
    anchor = jobsWhere(db, 'digits(phone) = ?', [digits])[0];
  }
  if (!anchor) return [];
  return jobsWhere(db, 'digits(phone) = ? OR customerName = ? COLLATE NOCASE', [
    anchor.phone.replace(/\D/g, ''),
    anchor.customerName,
  ]);
}
