/**
 * Reviews the owners must hear about, and their answers. When the notifier first reads a review
 * of 2 stars or less in the change log (services/job-event-claims.ts), in the transaction that
 * moves its cursor, it claims an email to every active admin (the business address when none has
 * one): once each, whatever is replayed. An owner answers a review by email from the admin
 * panel; the answer goes to the job's customer and is kept with the review.
 */
import {
  isLowRating,
  lowReviewAlert,
  oneLine,
  reviewReplySubject,
  type Feedback,
} from '@pilbara/shared-schema';
import type { Db } from '../db/connection';
import type { LogEntry } from '../db/change-log';
import { reviewJob } from '../db/repositories/reviews';
import { activeAdmins, claimStaffMessage } from '../db/repositories/staff-alerts';
import { escapeHtml } from './html';
import type { Mailer } from './mailer';

/** Claims the owners' email about a low review when its first version is read from the log. */
export function claimReviewAlerts(
  ctx: { db: Db; businessEmail: string },
  change: LogEntry,
  now: string,
): void {
  if (change.entity !== 'feedback' || change.op !== 'put' || change.data === null) return;
  const review = JSON.parse(change.data) as Partial<Feedback>;
  if (typeof review.rating !== 'number' || !isLowRating(review.rating)) return;
  if (typeof review.jobId !== 'string') return;
  const job = reviewJob(ctx.db, review.jobId);
  const alert = lowReviewAlert({
    rating: review.rating,
    jobRef: job?.number ?? review.jobId,
    customerName: job ? oneLine(job.customerName) : null,
    phone: job?.phone ?? null,
    comments: review.comments ?? '',
  });
  const admins = activeAdmins(ctx.db).filter((admin) => admin.email);
  const recipients = admins.length > 0 ? admins : [{ id: 0, email: ctx.businessEmail }];
  for (const admin of recipients) {
    if (!admin.email) continue;
    claimStaffMessage(
      ctx.db,
      {
        type: 'email',
        event: 'staff_low_review',
        // Keyed by the review and the recipient: a replayed log claims nothing more.
        onceKey: `review:${String(review.id ?? change.rowId)}:user:${admin.id}`,
        bookingId: null,
        to: admin.email,
        subject: alert.subject,
        message: alert.text,
        html: `<pre style="font-family:inherit;white-space:pre-wrap">${escapeHtml(alert.text)}</pre>`,
      },
      now,
    );
  }
}

/** Emails an owner's answer to the review's customer; answers how it went. */
export async function sendReviewReply(
  deps: {
    db: Db;
    mailer: Pick<Mailer, 'send'>;
    business: { name: string; email: string; phone: string };
  },
  review: Feedback,
  reply: { text: string; by: string },
): Promise<{ id: string; status: 'sent' | 'failed'; error: string | null }> {
  const id = String((review.replies ?? []).length + 1);
  const job = reviewJob(deps.db, review.jobId);
  if (!job?.email) return { id, status: 'failed', error: 'This customer left no email address' };
  const ref = job.number ?? job.id;
  const greeting = `Hi ${oneLine(job.customerName)},`;
  const signature = `${oneLine(reply.by)}, ${deps.business.name}\n${deps.business.phone}`;
  const text = `${greeting}\n\n${reply.text}\n\n${signature}\n`;
  const result = await deps.mailer.send({
    to: job.email,
    subject: reviewReplySubject(ref, deps.business.name),
    text,
    html:
      `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(reply.text).replace(/\n/g, '<br>')}</p>` +
      `<p>${escapeHtml(signature).replace(/\n/g, '<br>')}</p>`,
    replyTo: deps.business.email,
    bcc: deps.business.email,
  });
  return result.ok
    ? { id, status: 'sent', error: null }
    : { id, status: 'failed', error: result.error ?? 'Email sending failed' };
}
