/**
 * Reading the change log for job events (see notifier.ts for the why and the exactly-once
 * rules): each page records the emails, pushes and texts it finds and moves the reader's cursor
 * in one transaction.
 */
import {
  arrivalEstimate,
  arrivalShortText,
  documentRef,
  enRouteMessage,
  pushMessageFor,
  reviewRequestDueAt,
  type JobPosition,
} from '@pilbara/shared-schema';
import { inTransaction, type Db } from '../db/connection';
import { mintIntegerId } from '../db/id-series';
import { getRow } from '../db/rows';
import {
  currentCursor,
  logEntriesAfter,
  moveReaderCursor,
  previousLogEntry,
  readerCursor,
} from '../db/change-log';
import {
  claimJobEmail,
  isApprovedBookingToken,
  jobEmailClaimed,
  jobStatusNow,
  wantsJobUpdateEmails,
} from '../db/repositories/notifications';
import { claimPushes } from '../db/repositories/push-subscriptions';
import { claimEntryTexts, claimJobText, type SmsClaimContext } from './sms-notices';
import { claimBookingEmails } from './customer-emails';
import { claimBookingAlerts } from './staff-alerts';
import { claimReviewAlerts } from './reviews';
import { claimAttCopies } from './att-copies';
import {
  BOOKING_APPROVED,
  JOB_EVENTS,
  REVIEW_REQUEST,
  jobEventEmail,
  trackingLink,
  type JobEvent,
  type NotifierDeps,
} from './job-events';

/** The log reader's name in `log_cursors`. */
const NOTIFIER_CURSOR = 'notifier';

/** Log entries read per transaction, so a long backlog never holds the write lock for long. */
const PAGE_SIZE = 500;

interface JobData {
  id?: unknown;
  /** The job number the customer is told; the key stays the notifications' link. */
  number?: unknown;
  status?: unknown;
  trackingToken?: unknown;
  email?: unknown;
  phone?: unknown;
  assignedTo?: unknown;
  estimatedArrival?: unknown;
  customerName?: unknown;
  service?: unknown;
  location?: unknown;
  cancelReason?: unknown;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

function readCursor(db: Db, now: string): number {
  const cursor = readerCursor(db, NOTIFIER_CURSOR);
  if (cursor !== undefined) return cursor;
  // First start: jobs already En Route or Completed before the notifier existed are old news.
  const head = currentCursor(db);
  moveReaderCursor(db, NOTIFIER_CURSOR, head, now);
  return head;
}

/**
 * Reads one page of the log after the cursor and records a pending notification for each new
 * job event, moving the cursor in the same transaction. Returns whether more pages remain.
 */
export function claimJobEvents(
  deps: Pick<
    NotifierDeps,
    'db' | 'publicUrl' | 'now' | 'sms' | 'businessPhone' | 'staff' | 'depot'
  > & {
    business?: string;
  },
): boolean {
  const { db } = deps;
  const now = deps.now().toISOString();
  const phone = deps.businessPhone ?? '';
  const texts: SmsClaimContext | null = deps.sms
    ? {
        db,
        publicUrl: deps.publicUrl,
        business: deps.sms.business,
        now,
        payLinkKey: deps.sms.payLinkKey,
        countryCodes: deps.sms.countryCodes,
        phone,
      }
    : null;
  const mailCtx = { db, publicUrl: deps.publicUrl, phone, now };
  const staff = deps.staff ? { db, publicUrl: deps.publicUrl, settings: deps.staff } : null;
  return inTransaction(db, () => {
    const cursor = readCursor(db, now);
    const page = logEntriesAfter(db, cursor, PAGE_SIZE);
    for (const change of page) {
      if (staff) {
        claimBookingAlerts(staff, change, now);
        claimReviewAlerts({ db, businessEmail: deps.staff!.businessEmail }, change, now);
      }
      if (texts) claimEntryTexts(texts, change);
      claimBookingEmails(mailCtx, change);
      claimAttCopies(
        {
          db,
          publicUrl: deps.publicUrl,
          now,
          business: deps.sms?.business ?? deps.business ?? '',
          texts,
        },
        change,
      );
      if (change.entity !== 'jobs' || change.op !== 'put' || change.data === null) continue;
      const job = JSON.parse(change.data) as JobData;
      const status = text(job.status);
      const jobId = text(job.id) ?? String(change.rowId);
      const before = previousLogEntry(db, 'jobs', change.rowId, change.seq);
      const token = text(job.trackingToken);
      let event: JobEvent | null =
        status !== null && Object.hasOwn(JOB_EVENTS, status)
          ? JOB_EVENTS[status as keyof typeof JOB_EVENTS]
          : null;
      if (!before && token !== null && isApprovedBookingToken(db, token)) {
        event = BOOKING_APPROVED;
      }
      if (!event) continue;
      const beforeStatus = before?.data ? text((JSON.parse(before.data) as JobData).status) : null;
      if (event !== BOOKING_APPROVED && beforeStatus === status) continue;
      if (event === JOB_EVENTS['En Route']) {
        // The job's status now: a device that was offline syncs its steps together, and the
        // customer must not hear "on the way" about a job already completed by then.
        const current = jobStatusNow(db, change.rowId);
        if (current !== undefined && current !== status) continue;
      }
      const facts = {
        id: jobId,
        number: text(job.number),
        customerName: text(job.customerName),
        service: text(job.service),
        trackingToken: token,
        cancelReason: text(job.cancelReason),
      };
      // Who is coming and the one arrival estimate (rules/arrival.ts), as the tracking page
      // would give it now: the email, the push and the text all say the same.
      const estimate = arrivalEstimate(
        {
          status: status ?? '',
          estimatedArrival: text(job.estimatedArrival),
          location: text(job.location) ?? '',
        },
        getRow<JobPosition>(db, 'job_positions', jobId) ?? null,
        deps.now(),
        deps.depot ?? null,
      );
      const enRoute = enRouteMessage({
        jobId: documentRef(facts),
        service: facts.service,
        driverName: text(job.assignedTo),
        estimate,
      });
      if (texts) {
        claimJobText(texts, event, {
          id: jobId,
          number: job.number,
          phone: job.phone,
          email: job.email,
          trackingToken: token,
          assignedTo: job.assignedTo,
          arrival: arrivalShortText(estimate),
          cancelReason: job.cancelReason,
        });
      }
      if (event !== BOOKING_APPROVED && token !== null) {
        const message = pushMessageFor(
          event,
          documentRef(facts),
          trackingLink(deps.publicUrl, facts),
          enRoute,
        );
        claimPushes(db, { event, jobId, payload: JSON.stringify(message), now, token });
      }
      const email = text(job.email);
      if (!email || !wantsJobUpdateEmails(db, email)) continue;
      const emails: [JobEvent, string | null][] = [[event, null]];
      if (event === JOB_EVENTS.Completed) emails.push([REVIEW_REQUEST, reviewRequestDueAt(now)]);
      for (const [kind, dueAt] of emails) {
        // Checked first so a repeat sighting does not use up an id; the index is the real guard.
        if (jobEmailClaimed(db, jobId, kind)) continue;
        const mail = jobEventEmail(kind, facts, deps.publicUrl, enRoute, phone);
        claimJobEmail(db, {
          id: mintIntegerId(db, 'notifications'),
          jobId,
          recipientEmail: email,
          message: mail.text,
          subject: mail.subject,
          createdAt: now,
          event: kind,
          dueAt,
        });
      }
    }
    const last = page[page.length - 1];
    if (last) moveReaderCursor(db, NOTIFIER_CURSOR, last.seq, now);
    return page.length === PAGE_SIZE;
  });
}
