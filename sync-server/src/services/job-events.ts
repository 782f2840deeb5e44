/**
 * The job events customers hear about (docs/messages.md) and the email each one is: the
 * notifier (notifier.ts) claims them from the change log (job-event-claims.ts) and sends them
 * (job-event-delivery.ts).
 */
import {
  documentRef,
  enRouteMessage,
  feedbackUrl,
  jobCancelledEmail,
  oneLine,
  reviewRequestText,
  trackingUrl,
  type ArrivalDepot,
  type BusinessProfile,
  type EnRouteMessage,
} from '@pilbara/shared-schema';
import type { Db } from '../db/connection';
import { escapeHtml } from './html';
import type { Mailer } from './mailer';
import type { FieldFiles } from './field-files';
import type { PdfRenderer } from './pdf/pool';
import type { PushSender } from './push';
import type { SmsSender } from './sms';
import type { SmsBudgets } from './sms-delivery';
import type { StaffAlertSettings } from './staff-alerts';

/** The job events customers hear about, by the status that starts them. */
export const JOB_EVENTS = {
  'En Route': 'job_en_route',
  Completed: 'job_completed',
  Cancelled: 'job_cancelled',
} as const;

/**
 * A booking approved: a new job carrying the booking's tracking token (booking.approve hands it
 * on), so the customer learns their job id, with the same tracking link.
 */
export const BOOKING_APPROVED = 'booking_approved';

/**
 * The review request: recorded with the completion, due {@link REVIEW_REQUEST_DELAY_MS} later
 * (`dueAt`), not sent if the customer has reviewed the job by then.
 */
export const REVIEW_REQUEST = 'review_request';

/** What a review request row says when the customer reviewed the job before it was due. */
export const ALREADY_REVIEWED = 'Not sent: the customer had already reviewed this job';

export type JobEvent =
  (typeof JOB_EVENTS)[keyof typeof JOB_EVENTS] | typeof BOOKING_APPROVED | typeof REVIEW_REQUEST;

export interface NotifierDeps {
  db: Db;
  mailer: Pick<Mailer, 'send'>;
  /** The site's public origin; tracking links point at `${publicUrl}/customer-portal`. */
  publicUrl: string;
  now: () => Date;
  log?: { error: (obj: object, msg: string) => void; warn?: (obj: object, msg: string) => void };
  /**
   * The field record's files and the business profile: with them, the completion email carries
   * the job sheet PDF. The app always passes them.
   */
  jobSheet?: { files: FieldFiles; profile: BusinessProfile; pdf: PdfRenderer };
  /**
   * Where the trucks set off from (the business profile's depot): the en-route messages give the
   * arrival estimate from it while the truck shares no position. Without it, none is guessed.
   */
  depot?: ArrivalDepot | null;
  /** Web Push to the job's subscribed browsers; without it, pushes wait `pending`. */
  push?: PushSender;
  /**
   * Text messages: the sender, the budgets of each category, the countries customers may be
   * texted in, and the trading name the texts start with. Without it no text is claimed or sent
   * (tests of the emails alone).
   */
  sms?: {
    sender: SmsSender;
    budgets: SmsBudgets;
    countryCodes: readonly string[];
    business: string;
    payLinkKey: Buffer;
  };
  /** The business's main phone, which a declined booking or a cancelled job tells to call. */
  businessPhone?: string;
  /** Staff alerts (services/staff-alerts.ts); without them no booking alerts staff (tests). */
  staff?: StaffAlertSettings;
}

/**
 * How long the completion email waits for the job's photos and signatures still uploading from
 * a phone, so its job sheet shows them; after this it goes with what the server holds, and the
 * sheet says how many are still to come.
 */
export const SHEET_WAIT_MS = 30 * 60 * 1000;

/**
 * The tracking link of a job: `${PUBLIC_URL}/customer-portal?token=…` (the job's tracking token;
 * a job id alone opens nothing without the phone). A job without a token (none are stored so,
 * but a row may be read before its migration) links to the portal's search.
 */
export function trackingLink(
  publicUrl: string,
  job: { id: string; trackingToken?: string | null },
): string {
  if (job.trackingToken) return trackingUrl(publicUrl, job.trackingToken);
  return `${publicUrl.replace(/\/+$/, '')}/customer-portal?search=${encodeURIComponent(job.id)}`;
}

/**
 * The email of one event: subject, plain text and HTML. The en-route email says who is coming
 * and the one arrival estimate (`enRoute`, rules/arrival.ts); the review request links to the
 * job's review form with its tracking token, so the customer has nothing to type.
 */
export function jobEventEmail(
  event: JobEvent,
  job: {
    id: string;
    number?: string | null;
    customerName: string | null;
    service: string | null;
    trackingToken?: string | null;
    cancelReason?: string | null;
  },
  publicUrl: string,
  enRoute: EnRouteMessage = enRouteMessage({
    jobId: documentRef(job),
    service: job.service,
    estimate: { kind: 'unknown' },
  }),
  businessPhone = '',
): { subject: string; text: string; html: string } {
  const review = event === REVIEW_REQUEST;
  // The customer is told the job's number, never its key; the feedback page looks a
  // job up by either, and the tracking token opens its review form at once.
  const ref = documentRef(job);
  const link = review
    ? feedbackUrl(publicUrl, ref, job.trackingToken)
    : trackingLink(publicUrl, job);
  // Names and services come from booking forms and staff devices: one line each, so nothing a
  // customer typed can add a line to the email.
  const greeting = job.customerName ? `Hi ${oneLine(job.customerName)},` : 'Hello,';
  const service = job.service ? ` (${oneLine(job.service)})` : '';
  const [subject, news] = review
    ? ((text) => [text.subject, text.news])(reviewRequestText(ref, job.service))
    : event === BOOKING_APPROVED
      ? [
          `Booking confirmed: job ${ref}`,
          `Your booking${service} is confirmed as job ${ref}. Keep this link to follow it.`,
        ]
      : event === 'job_en_route'
        ? [enRoute.subject, enRoute.news]
        : event === 'job_cancelled'
          ? ((words) => [words.subject, words.news])(
              jobCancelledEmail({
                reference: ref,
                service: job.service ? oneLine(job.service) : null,
                reason: job.cancelReason ? oneLine(job.cancelReason) : null,
                phone: businessPhone,
              }),
            )
          : [
              `Job ${ref}: completed`,
              `Job ${ref}${service} is complete. Thank you for choosing us.`,
            ];
  const [lead, label] = review
    ? ['Leave a review', 'Leave a review']
    : ['Track your job', `Track job ${ref}`];
  const text = `${greeting}\n\n${news}\n\n${lead}: ${link}\n`;
  const html =
    `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(news)}</p>` +
    `<p><a href="${escapeHtml(link)}">${escapeHtml(label)}</a></p>`;
  return { subject, text, html };
}
