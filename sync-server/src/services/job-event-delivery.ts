/** Sending the job-event emails and pushes the claims recorded (see notifier.ts). */
import { unstoredFilesOfJob } from '../db/repositories/field-record';
import {
  dueJobEmails,
  jobEmailFacts,
  jobIsReviewed,
  markEmailFailed,
  markEmailSent,
} from '../db/repositories/notifications';
import {
  deleteSubscription,
  markPushFailed,
  markPushSent,
  pendingPushes,
} from '../db/repositories/push-subscriptions';
import type { MailAttachment } from './mailer';
import { buildJobSheet } from './job-sheet';
import { buildAuthorityToTow } from './authority-to-tow';
import { isAttCopyEvent } from './att-copies';
import { escapeHtml } from './html';
import {
  ALREADY_REVIEWED,
  JOB_EVENTS,
  REVIEW_REQUEST,
  SHEET_WAIT_MS,
  jobEventEmail,
  type JobEvent,
  type NotifierDeps,
} from './job-events';

/**
 * Sends every pending job-event email that is due, recording sent or failed with the error. A
 * review request for a job reviewed meanwhile is not sent (recorded failed, with why).
 */
export async function deliverPending(deps: NotifierDeps): Promise<void> {
  const { db } = deps;
  for (const row of dueJobEmails(db, deps.now().toISOString())) {
    const event = row.event as JobEvent;
    if (event === REVIEW_REQUEST && jobIsReviewed(db, row.jobId)) {
      markEmailFailed(db, row.id, ALREADY_REVIEWED);
      continue;
    }
    if (isAttCopyEvent(row.event)) {
      if (!deps.jobSheet) continue;
      const copy = await buildAuthorityToTow(
        {
          db,
          files: deps.jobSheet.files,
          profile: deps.jobSheet.profile,
          now: deps.now,
          pdf: deps.jobSheet.pdf,
        },
        row.jobId,
        'party',
      );
      // Signatures still on their way from the phone: wait (bounded) so the copy shows them.
      const waited = deps.now().getTime() - Date.parse(row.createdAt);
      if (!copy || (copy.filesStillUploading > 0 && waited < SHEET_WAIT_MS)) continue;
      const sent = await deps.mailer.send({
        to: row.recipientEmail,
        subject: row.subject,
        text: row.message,
        html: `<p>${escapeHtml(row.message).replace(/\n/g, '<br>')}</p>`,
        attachments: [
          {
            filename: copy.fileName,
            content: Buffer.from(copy.pdf),
            contentType: 'application/pdf',
          },
        ],
      });
      if (sent.ok) markEmailSent(db, row.id, deps.now().toISOString());
      else markEmailFailed(db, row.id, sent.error ?? 'Email sending failed');
      continue;
    }
    const job = jobEmailFacts(db, row.jobId);
    const html = jobEventEmail(
      event,
      job ?? { id: row.jobId, customerName: null, service: null },
      deps.publicUrl,
      undefined,
      deps.businessPhone,
    ).html;
    const attachments: MailAttachment[] = [];
    if (event === JOB_EVENTS.Completed && deps.jobSheet && job) {
      // Photos still on their way from a phone: wait (bounded) so the sheet can show them.
      const waited = deps.now().getTime() - Date.parse(row.createdAt);
      if (unstoredFilesOfJob(db, job.id) > 0 && waited < SHEET_WAIT_MS) continue;
      const sheet = await buildJobSheet(
        {
          db,
          files: deps.jobSheet.files,
          profile: deps.jobSheet.profile,
          now: deps.now,
          pdf: deps.jobSheet.pdf,
        },
        job.id,
        'customer',
      );
      if (sheet) {
        attachments.push({
          filename: sheet.fileName,
          content: Buffer.from(sheet.pdf),
          contentType: 'application/pdf',
        });
      }
    }
    const result = await deps.mailer.send({
      to: row.recipientEmail,
      subject: row.subject,
      text: row.message,
      html,
      ...(attachments.length > 0 ? { attachments } : {}),
    });
    if (result.ok) {
      markEmailSent(db, row.id, deps.now().toISOString());
    } else {
      markEmailFailed(db, row.id, result.error ?? 'Email sending failed');
      deps.log?.error(
        { notificationId: row.id, jobId: row.jobId, error: result.error },
        'job update email failed',
      );
    }
  }
}

/**
 * Sends every pending push. A subscription the push service no longer knows (404, 410: the
 * customer unsubscribed or cleared the site's data) is deleted with its records.
 */
export async function deliverPushes(deps: NotifierDeps): Promise<void> {
  const { db, push } = deps;
  if (!push) return;
  for (const row of pendingPushes(db)) {
    const result = await push.send(row, row.payload);
    if (result.ok) {
      markPushSent(db, row, deps.now().toISOString());
    } else if (result.gone) {
      deleteSubscription(db, row.subscriptionId);
    } else {
      markPushFailed(db, row, result.error);
      deps.log?.error(
        { jobId: row.jobId, event: row.event, error: result.error },
        'job update push failed',
      );
    }
  }
}
