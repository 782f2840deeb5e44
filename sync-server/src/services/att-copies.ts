/**
 * Copies of a crash tow's Authority to Tow to the parties (Act s. 40; the approved form's copies
 * go to whoever authorised the tow and stay with the vehicle): once the form is complete — its
 * fields and both signatures — the notifier, reading the change log, claims one email (with the
 * PDF) and one text (with its link) for each party whose address it knows, exactly once, by the
 * same once-only guard as every customer message. Someone with neither gets a paper copy from
 * the driver.
 */
import {
  attCopyEmail,
  attParties,
  authorityComplete,
  documentRef,
  type CrashTow,
  type Job,
  type JobSignature,
} from '@pilbara/shared-schema';
import type { Db } from '../db/connection';
import type { LogEntry } from '../db/change-log';
import { mintIntegerId } from '../db/id-series';
import { findRows, getRow } from '../db/rows';
import { claimJobEmail, jobEmailClaimed } from '../db/repositories/notifications';
import { claimAttCopyText, type SmsClaimContext } from './sms-notices';

/** The email events of the copies, by party. */
const ATT_COPY_EVENTS = {
  authoriser: 'att_copy_authoriser',
  owner: 'att_copy_owner',
} as const;

/** Whether an email event is a copy of an Authority to Tow. */
export function isAttCopyEvent(event: string): boolean {
  return (Object.values(ATT_COPY_EVENTS) as string[]).includes(event);
}

/** The address a party's copy can be fetched at by its link: the job's tracking token. */
function attCopyUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/api/track/${encodeURIComponent(token)}/authority-to-tow.pdf`;
}

/**
 * Claims the copies a log entry calls for: an entry of a crash tow or of a job's signature, after
 * which the job's Authority to Tow is complete. Runs in the notifier's transaction.
 */
export function claimAttCopies(
  ctx: { db: Db; publicUrl: string; now: string; business: string; texts: SmsClaimContext | null },
  change: LogEntry,
): void {
  if (change.op !== 'put' || change.data === null) return;
  if (change.entity !== 'crash_tows' && change.entity !== 'job_signatures') return;
  const jobId = (JSON.parse(change.data) as { jobId?: unknown }).jobId;
  if (typeof jobId !== 'string') return;
  const tow = getRow<CrashTow>(ctx.db, 'crash_tows', jobId);
  const job = getRow<Job>(ctx.db, 'jobs', jobId);
  if (!tow || !job) return;
  const signatures = findRows<JobSignature>(ctx.db, 'job_signatures', { jobId });
  if (!authorityComplete(tow, signatures)) return;
  const reference = documentRef(job);
  for (const party of attParties(tow, job)) {
    const event = ATT_COPY_EVENTS[party.slot];
    if (party.email && !jobEmailClaimed(ctx.db, job.id, event)) {
      const mail = attCopyEmail({
        business: ctx.business,
        jobNumber: reference,
        tow,
        name: party.name,
      });
      claimJobEmail(ctx.db, {
        id: mintIntegerId(ctx.db, 'notifications'),
        jobId: job.id,
        recipientEmail: party.email,
        message: mail.text,
        subject: mail.subject,
        createdAt: ctx.now,
        event,
        dueAt: null,
      });
    }
    if (ctx.texts && party.phone && job.trackingToken) {
      claimAttCopyText(ctx.texts, {
        jobId: job.id,
        slot: party.slot,
        phone: party.phone,
        email: party.email,
        reference,
        link: attCopyUrl(ctx.publicUrl, job.trackingToken),
      });
    }
  }
}
