/**
 * What the customer hears about their job besides the tracking page: a Web
 * Push notification when the driver sets off and when the job is done, and a review request
 * email a few hours after completion. The server sends them (services/notifier.ts); the texts
 * live here so the tracking page, the service worker and the tests use the same words.
 */
import { ACTIVE_JOB_STATUSES, type JobStatus } from '../constants/statuses';
import { enRouteMessage, type EnRouteMessage } from './arrival';

/** The tracking page's control that asks the browser for notifications about one job. */
export const NOTIFY_ME_LABEL = 'Notify me about this job';

/** What the tracking page says about its notifications, by state. */
export const NOTIFY_ME_TEXT = {
  unsupported:
    "This browser can't show notifications. On an iPhone, add this site to your Home Screen and open your tracking link from there.",
  on: "Notifications are on: we'll tell you when your driver is on the way and when the job is done.",
  blocked:
    'Notifications are blocked for this site. Allow them in your browser settings to be told when your driver is on the way.',
  failed: 'Could not turn on notifications. Try again when you have signal.',
} as const;

/**
 * Whether the tracking page offers notifications for a job in `status`: while there is news to
 * come (the driver setting off, the job done), not once the job is finished.
 */
export function notificationsOffered(status: JobStatus): boolean {
  return (ACTIVE_JOB_STATUSES as readonly JobStatus[]).includes(status);
}

/** The job events a push notification is sent for, by the status that starts them. */
export const PUSH_EVENTS = {
  'En Route': 'job_en_route',
  Completed: 'job_completed',
  Cancelled: 'job_cancelled',
} as const;

export type PushEvent = (typeof PUSH_EVENTS)[keyof typeof PUSH_EVENTS];

/** The push notification's payload: what the service worker shows and where a tap leads. */
export interface PushNotification {
  title: string;
  body: string;
  /** The job's tracking link. */
  url: string;
  /** One notification per job: a newer one replaces the older on the phone. */
  tag: string;
}

/**
 * The push notification of a job event (kept short: phones cut long bodies). En Route names the
 * driver and gives the one arrival estimate ({@link enRouteMessage}); without them it says
 * "Your driver" and the estimate is to be confirmed.
 */
export function pushMessageFor(
  event: PushEvent,
  jobId: string,
  trackingUrl: string,
  enRoute: EnRouteMessage = enRouteMessage({ jobId, estimate: { kind: 'unknown' } }),
): PushNotification {
  const [title, body] =
    event === 'job_en_route'
      ? [enRoute.pushTitle, enRoute.pushBody]
      : event === 'job_cancelled'
        ? ['Job cancelled', `Job ${jobId} is cancelled. Open it to see why.`]
        : ['Job complete', `Job ${jobId} is complete. Thank you for choosing us.`];
  return { title, body, url: trackingUrl, tag: `job-${jobId}` };
}

/** How long after completion the review request email goes out. */
export const REVIEW_REQUEST_DELAY_MS = 3 * 60 * 60 * 1000;

/** When the review request for a job completed at `completedAt` is due (ISO time). */
export function reviewRequestDueAt(completedAt: string): string {
  return new Date(Date.parse(completedAt) + REVIEW_REQUEST_DELAY_MS).toISOString();
}

/**
 * The feedback page for one job. With the job's tracking token (the review request email has
 * it) the page opens that job's review form at once: the token is the proof, nothing to type.
 */
export function feedbackUrl(publicUrl: string, jobId: string, token?: string | null): string {
  const query = `job=${encodeURIComponent(jobId)}`;
  return `${publicUrl.replace(/\/+$/, '')}/feedback?${token ? `${query}&token=${encodeURIComponent(token)}` : query}`;
}

/** The review request email's subject and message line. */
export function reviewRequestText(
  jobId: string,
  service: string | null,
): {
  subject: string;
  news: string;
} {
  const what = service ? ` (${service})` : '';
  return {
    subject: `How did we go with job ${jobId}?`,
    news: `Thanks again for choosing us for job ${jobId}${what}. A short review helps other Pilbara locals, and the owners read every one.`,
  };
}
