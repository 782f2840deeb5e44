/**
 * Which texts a change of the log calls for. The notifier (services/notifier.ts) calls
 * these for every entry it reads, inside the transaction that moves its cursor, so a text is
 * claimed exactly when the change is first read: a redelivered batch, a replayed log or a restart
 * finds the claim already made (`claimText`'s unique key) and sends nothing more.
 *
 * | Text | Read from the log as |
 * |---|---|
 * | booking received | the first version of a booking, pending |
 * | booking declined | a booking whose status becomes `declined` |
 * | booking confirmed, driver on the way, job complete, job cancelled | the job events the emails use |
 * | quote sent | a quote whose status becomes `sent` |
 * | payment received | the first version of a payment |
 * | payment reminder | not the log: the clock (services/invoice-reminders.ts) |
 *
 * Each text is claimed with the budget category it counts against (booking acknowledgements
 * apart from job updates); a number outside SMS_COUNTRY_CODES (by default anything but an
 * Australian mobile) is recorded as not sent, with why.
 */
import {
  driverFirstName,
  feedbackUrl,
  formatCents,
  jobIdOfQuote,
  smsCountryAllowed,
  smsNumber,
  smsText,
  SMS_EVENT_CATEGORY,
  SMS_NOT_SENT,
  checkoutPath,
  trackingUrl,
  type SmsEvent,
  type SmsFacts,
} from '@pilbara/shared-schema';
import type { Db } from '../db/connection';
import { payLinkToken } from '../db/repositories/pay-links';
import { refOfKey } from '../db/repositories/documents';
import {
  bookingSource,
  claimText,
  invoiceToText,
  isOptedOut,
  jobTrackingToken,
  preferencesAllowText,
  quoteJobLink,
} from '../db/repositories/sms';
import { previousLogEntry, type LogEntry } from '../db/change-log';

/** What the claims need besides the database. */
export interface SmsClaimContext {
  db: Db;
  publicUrl: string;
  /** The trading name the texts start with. */
  business: string;
  /** The claim's time (ISO). */
  now: string;
  /** The key pay-link tokens are derived with (db/repositories/pay-links.ts). */
  payLinkKey: Buffer;
  /** Countries customers may be texted in (SMS_COUNTRY_CODES; Australia: mobiles only). */
  countryCodes: readonly string[];
  /** The business's main phone, which a declined booking or a cancelled job tells to call. */
  phone: string;
}

/** A quote's pay link (the same the quote email carries), naming the quote by its number. */
export function payUrl(ctx: SmsClaimContext, quoteId: string): string {
  const token = payLinkToken(ctx.db, ctx.payLinkKey, quoteId);
  return `${ctx.publicUrl}${checkoutPath(refOfKey(ctx.db)(quoteId), token)}`;
}

/** Why a text the customer turned off is recorded as not sent. */
const PREFERENCES_OFF = 'Not sent: the customer turned these texts off (notification preferences)';

interface Subject {
  event: SmsEvent;
  onceKey: string;
  phone: unknown;
  email: unknown;
  jobId?: string | null;
  bookingId?: string | null;
  quoteId?: string | null;
  facts: Omit<SmsFacts, 'business'>;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

function claim(ctx: SmsClaimContext, subject: Subject): void {
  const phone = smsNumber(text(subject.phone));
  if (!phone) return;
  const email = text(subject.email);
  const composed = smsText(subject.event, { ...subject.facts, business: ctx.business });
  const notSent = !smsCountryAllowed(phone, ctx.countryCodes)
    ? SMS_NOT_SENT.country
    : isOptedOut(ctx.db, phone)
      ? SMS_NOT_SENT.optedOut
      : preferencesAllowText(ctx.db, phone, email, subject.event)
        ? undefined
        : PREFERENCES_OFF;
  const category = SMS_EVENT_CATEGORY[subject.event];
  claimText(
    ctx.db,
    {
      event: subject.event,
      onceKey: subject.onceKey,
      phone,
      jobId: subject.jobId ?? null,
      bookingId: subject.bookingId ?? null,
      quoteId: subject.quoteId ?? null,
      message: composed.text,
      segments: composed.segments,
      category,
      // A booking acknowledgement is counted by the address the booking came from too.
      sourceAddress:
        category === 'booking-ack' && subject.bookingId
          ? bookingSource(ctx.db, subject.bookingId)
          : null,
      ...(notSent ? { notSent } : {}),
    },
    ctx.now,
  );
}

/** A job as its log entry carries it (only what the texts read). */
export interface LoggedJob {
  id: string;
  /** Why it was cancelled. */
  cancelReason?: unknown;
  /** The job's number: what the customer reads; the key stays on the server. */
  number?: unknown;
  phone?: unknown;
  email?: unknown;
  trackingToken?: unknown;
  assignedTo?: unknown;
  /**
   * The one arrival estimate in a text's few words (rules/arrival.ts `arrivalShortText`), as
   * the tracking page gives it; null for none, and the text leaves it out.
   */
  arrival: string | null;
}

/** The job events the texts share with the emails. */
export type JobTextEvent = 'booking_approved' | 'job_en_route' | 'job_completed' | 'job_cancelled';

/** Claims the text of a job event the notifier has already judged to be news. */
export function claimJobText(ctx: SmsClaimContext, event: JobTextEvent, job: LoggedJob): void {
  const token = text(job.trackingToken);
  const reference = text(job.number) ?? job.id;
  const link = token
    ? trackingUrl(ctx.publicUrl, token)
    : `${ctx.publicUrl}/customer-portal?search=${encodeURIComponent(reference)}`;
  const facts: Omit<SmsFacts, 'business'> = { reference, link };
  if (event === 'job_en_route') {
    facts.driverFirstName = driverFirstName(text(job.assignedTo));
    facts.arrival = job.arrival;
  }
  // The review link opens that job's form with its token: nothing to type. It names
  // the job by the number the customer knows; the feedback page takes number or key.
  if (event === 'job_completed') facts.reviewLink = feedbackUrl(ctx.publicUrl, reference, token);
  if (event === 'job_cancelled') {
    facts.reason = text(job.cancelReason);
    facts.phone = ctx.phone;
  }
  claim(ctx, {
    event,
    onceKey: `job:${job.id}`,
    phone: job.phone,
    email: job.email,
    jobId: job.id,
    facts,
  });
}

function previousVersion(db: Db, change: LogEntry): Record<string, unknown> | null {
  const entry = previousLogEntry(db, change.entity, change.rowId, change.seq);
  return entry?.data ? (JSON.parse(entry.data) as Record<string, unknown>) : null;
}

/**
 * Claims the texts that a booking, quote or payment entry calls for (jobs go through
 * {@link claimJobText}, after the notifier's own judgement of job events).
 */
export function claimEntryTexts(ctx: SmsClaimContext, change: LogEntry): void {
  if (change.op !== 'put' || change.data === null) return;
  if (!['bookings', 'quotes', 'payments'].includes(change.entity)) return;
  const row = JSON.parse(change.data) as Record<string, unknown>;
  const before = previousVersion(ctx.db, change);
  const id = text(row.id) ?? String(change.rowId);

  if (change.entity === 'bookings') {
    const token = text(row.trackingToken);
    if (!token) return;
    if (row.status === 'declined' && before && before.status !== 'declined') {
      claim(ctx, {
        event: 'booking_declined',
        onceKey: `booking:${id}`,
        phone: row.phone,
        email: row.email,
        bookingId: id,
        facts: {
          reference: id,
          link: trackingUrl(ctx.publicUrl, token),
          reason: text(row.declineReason),
          phone: ctx.phone,
        },
      });
      return;
    }
    if (before || row.status !== 'pending') return;
    claim(ctx, {
      event: 'booking_received',
      onceKey: `booking:${id}`,
      phone: row.phone,
      email: row.email,
      bookingId: id,
      facts: { reference: id, link: trackingUrl(ctx.publicUrl, token) },
    });
    return;
  }

  if (change.entity === 'quotes') {
    if (row.status !== 'sent' || before?.status === 'sent') return;
    claim(ctx, {
      event: 'quote_sent',
      onceKey: `quote:${id}`,
      phone: row.customerPhone,
      email: row.customerEmail,
      quoteId: id,
      jobId: jobIdOfQuote({ notes: text(row.notes), jobId: text(row.jobId) }),
      facts: {
        reference: text(row.number) ?? id,
        link: payUrl(ctx, id),
        amount: typeof row.finalPrice === 'number' ? formatCents(row.finalPrice) : null,
      },
    });
    return;
  }

  // A payment: its first version is the news (later versions only change a staff flag). Money
  // paid back (a refund) is not a payment received; the credit note's email says it.
  if (before || row.kind === 'refund') return;
  const invoice = invoiceToText(ctx.db, row.invoiceId);
  if (!invoice) return;
  const quote = invoice.quoteId ? quoteJobLink(ctx.db, invoice.quoteId) : undefined;
  const jobId = invoice.jobId ?? (quote ? jobIdOfQuote(quote) : null);
  const job = jobId ? jobTrackingToken(ctx.db, jobId) : undefined;
  // The job's tracking link; without a job, the quote's pay link (it shows the quote paid).
  const link = job?.trackingToken
    ? trackingUrl(ctx.publicUrl, job.trackingToken)
    : invoice.quoteId
      ? payUrl(ctx, invoice.quoteId)
      : '';
  claim(ctx, {
    event: 'payment_received',
    onceKey: `payment:${id}`,
    phone: invoice.customerPhone,
    email: invoice.customerEmail,
    jobId,
    quoteId: invoice.quoteId,
    facts: {
      reference: invoice.number ?? invoice.id,
      link,
      amount: typeof row.amount === 'number' ? formatCents(row.amount) : null,
    },
  });
}

/**
 * Claims the text carrying a party's copy of a crash tow's Authority to Tow (services/att-copies.ts
 * decides who is a party and when the form is complete): once per job and party.
 */
export function claimAttCopyText(
  ctx: SmsClaimContext,
  copy: {
    jobId: string;
    slot: string;
    phone: string | null;
    email: string | null;
    reference: string;
    link: string;
  },
): void {
  claim(ctx, {
    event: 'att_copy',
    onceKey: `att:${copy.jobId}:${copy.slot}`,
    phone: copy.phone,
    email: copy.email,
    jobId: copy.jobId,
    facts: { reference: copy.reference, link: copy.link },
  });
}

/** Claims the text of an overdue invoice's reminder for one reminder day (once per day). */
export function claimInvoiceReminderText(
  ctx: SmsClaimContext,
  reminder: {
    onceKey: string;
    phone: string | null;
    email: string | null;
    jobId: string | null;
    quoteId: string | null;
    reference: string;
    link: string;
    amount: string;
    daysOverdue: number;
  },
): void {
  claim(ctx, {
    event: 'invoice_overdue',
    onceKey: reminder.onceKey,
    phone: reminder.phone,
    email: reminder.email,
    jobId: reminder.jobId,
    quoteId: reminder.quoteId,
    facts: {
      reference: reminder.reference,
      link: reminder.link,
      amount: reminder.amount,
      daysOverdue: reminder.daysOverdue,
      phone: ctx.phone,
    },
  });
}
