/**
 * Customer emails composed in full when they are claimed (their words and HTML stored with the
 * claim, sent as they are): the booking confirmation and a declined booking, read from the
 * change log by the notifier in the transaction that moves its cursor, so each goes exactly
 * once; and the sender of every such email, customers' and staff's alike.
 *
 * The job-event emails (services/job-events.ts) are drawn from the job when they go instead,
 * since the completion email waits for the job sheet.
 */
import {
  bookingDeclinedEmail,
  bookingReceivedEmail,
  oneLine,
  trackingUrl,
} from '@pilbara/shared-schema';
import type { Db } from '../db/connection';
import type { LogEntry } from '../db/change-log';
import { previousLogEntry } from '../db/change-log';
import { mintIntegerId } from '../db/id-series';
import {
  claimComposedEmail,
  dueComposedEmails,
  emailClaimed,
  markEmailFailed,
  markEmailSent,
  wantsJobUpdateEmails,
} from '../db/repositories/notifications';
import { escapeHtml } from './html';
import type { Mailer } from './mailer';

/** Why an email the customer turned off is recorded as not sent. */
const EMAILS_OFF = 'Not sent: the customer turned these emails off (notification preferences)';

/** An email's text and HTML: a greeting, the news, and one link. */
function composeEmail(parts: {
  name: string | null;
  news: string;
  lead: string;
  link: string;
  label: string;
}): { text: string; html: string } {
  const greeting = parts.name ? `Hi ${oneLine(parts.name)},` : 'Hello,';
  const text = `${greeting}\n\n${parts.news}\n\n${parts.lead}: ${parts.link}\n`;
  const html =
    `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(parts.news)}</p>` +
    `<p><a href="${escapeHtml(parts.link)}">${escapeHtml(parts.label)}</a></p>`;
  return { text, html };
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

export interface CustomerEmailContext {
  db: Db;
  publicUrl: string;
  /** The business's main phone, for the customer to call back. */
  phone: string;
  now: string;
}

function claim(ctx: CustomerEmailContext, email: Parameters<typeof claimComposedEmail>[1]): void {
  // Checked first so a repeat sighting does not use up an id; the index is the real guard.
  if (emailClaimed(ctx.db, email.onceKey, email.event)) return;
  const off = wantsJobUpdateEmails(ctx.db, email.to) ? {} : { notSent: EMAILS_OFF };
  claimComposedEmail(ctx.db, { ...email, ...off }, mintIntegerId(ctx.db, 'notifications'), ctx.now);
}

/**
 * The booking emails a log entry calls for: the confirmation of a new booking (the reference and
 * the tracking link), and the news that staff declined one (the reason and the phone).
 */
export function claimBookingEmails(ctx: CustomerEmailContext, change: LogEntry): void {
  if (change.entity !== 'bookings' || change.op !== 'put' || change.data === null) return;
  const row = JSON.parse(change.data) as Record<string, unknown>;
  const to = text(row.email);
  const token = text(row.trackingToken);
  if (!to || !token) return;
  const id = text(row.id) ?? String(change.rowId);
  const link = trackingUrl(ctx.publicUrl, token);
  const before = previousLogEntry(ctx.db, 'bookings', change.rowId, change.seq);
  const service = text(row.service) ?? 'your service';
  if (!before && row.status === 'pending') {
    const words = bookingReceivedEmail({ reference: id, service });
    claim(ctx, {
      event: 'booking_confirmation',
      onceKey: `booking:${id}`,
      to,
      bookingId: id,
      subject: words.subject,
      ...composeEmail({
        name: text(row.customerName),
        news: words.news,
        lead: 'Track your booking',
        link,
        label: `Track booking ${id}`,
      }),
    });
    return;
  }
  const wasDeclined = before?.data
    ? (JSON.parse(before.data) as { status?: unknown }).status === 'declined'
    : false;
  if (row.status !== 'declined' || wasDeclined) return;
  const words = bookingDeclinedEmail({
    reference: id,
    service,
    reason: text(row.declineReason) ?? 'we are not able to take it',
    phone: ctx.phone,
  });
  claim(ctx, {
    event: 'booking_declined',
    onceKey: `booking:${id}`,
    to,
    bookingId: id,
    subject: words.subject,
    ...composeEmail({
      name: text(row.customerName),
      news: words.news,
      lead: 'Your booking',
      link,
      label: `Booking ${id}`,
    }),
  });
}

/** Sends every composed email that is due, recording sent or failed with the error. */
export async function deliverComposedEmails(deps: {
  db: Db;
  mailer: Pick<Mailer, 'send'>;
  now: () => Date;
  log?: { error: (obj: object, msg: string) => void };
}): Promise<void> {
  for (const row of dueComposedEmails(deps.db, deps.now().toISOString())) {
    const result = await deps.mailer.send({
      to: row.recipientEmail,
      subject: row.subject,
      text: row.message,
      html: row.html,
    });
    if (result.ok) markEmailSent(deps.db, row.id, deps.now().toISOString());
    else {
      markEmailFailed(deps.db, row.id, result.error ?? 'Email sending failed');
      deps.log?.error({ notificationId: row.id, error: result.error }, 'email failed');
    }
  }
}
