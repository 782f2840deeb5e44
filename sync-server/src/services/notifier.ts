/**
 * Customer job-update emails (issue 6 item 6): when a booking is approved (issue 14), when a job
 * goes En Route and when it is Completed, the customer gets an email with the job id and a tracking link, if an email is on
 * file and their notification preferences allow it (`emailEnabled && jobUpdates`; no
 * preferences row means allowed).
 *
 * Why it reads the change log rather than hooking the routes: a job can change through REST,
 * through a sync push over HTTP or the WebSocket, and from a device that was offline for hours.
 * Every one of those paths ends in the `changes` table, so reading the log after each commit
 * catches them all and sends from the server once the change arrives, whoever made it.
 *
 * Exactly once:
 * - a cursor in `log_cursors` says how far the log was read; it moves in the same SQLite
 *   transaction that records the notifications it found, so a restart resumes where it stopped;
 * - only a put whose status differs from the job's previous logged status counts (a driver
 *   reassignment while En Route is not news);
 * - an En Route event is dropped when the job has already left En Route by the time the log
 *   is read (an offline device's En Route, Start Service and Complete arrive together), so no
 *   "on the way" follows a completed job (issue 16);
 * - a UNIQUE (jobId, type, event) index means a second sighting of the same event can insert
 *   nothing, so a re-synced mutation or a replayed log never mails twice.
 * Rows are written `pending` before sending and become `sent` or `failed` (with the error)
 * after; a row left `pending` by a crash mid-send is sent on the next start.
 *
 * The completion email carries the customer's copy of the job sheet (issue 19). Photos reach
 * the server after the mutations that record them, so it waits up to {@link SHEET_WAIT_MS} for
 * files still uploading (staying `pending` meanwhile), then goes with what the server holds.
 */
import type { FastifyInstance } from 'fastify';
import {
  arrivalEstimate,
  arrivalShortText,
  enRouteMessage,
  feedbackUrl,
  documentRef,
  pushMessageFor,
  reviewRequestDueAt,
  reviewRequestText,
  trackingUrl,
  type BusinessProfile,
  type EnRouteMessage,
  type JobPosition,
  oneLine,
} from '@pilbara/shared-schema';
import type { Db } from '../db/connection';
import { mintIntegerId } from '../db/id-series';
import { getRow } from '../db/rows';
import { onChanges } from '../sync/change-log';
import { statement } from '../sync/statements';
import { escapeHtml } from './html';
import type { MailAttachment, Mailer } from './mailer';
import type { FieldFiles } from './field-files';
import type { PdfRenderer } from './pdf/pool';
import { buildJobSheet } from './job-sheet';
import { unstoredFilesOfJob } from '../db/repositories/field-record';
import type { PushSender } from './push';
import type { SmsSender } from './sms';
import { claimEntryTexts, claimJobText, type SmsClaimContext } from './sms-notices';
import { deliverTexts, recoverInterruptedTexts, type SmsCaps } from './sms-delivery';

/** The job events customers hear about, by the status that starts them. */
const JOB_EVENTS = {
  'En Route': 'job_en_route',
  Completed: 'job_completed',
} as const;

/**
 * A booking approved: a new job carrying the booking's tracking token (booking.approve hands it
 * on), so the customer learns their job id, with the same tracking link (issue 14).
 */
const BOOKING_APPROVED = 'booking_approved';

/**
 * The review request: recorded with the completion, due {@link REVIEW_REQUEST_DELAY_MS} later
 * (`dueAt`), not sent if the customer has reviewed the job by then.
 */
const REVIEW_REQUEST = 'review_request';

/** What a review request row says when the customer reviewed the job before it was due. */
const ALREADY_REVIEWED = 'Not sent: the customer had already reviewed this job';

type JobEvent =
  (typeof JOB_EVENTS)[keyof typeof JOB_EVENTS] | typeof BOOKING_APPROVED | typeof REVIEW_REQUEST;

/** The log reader's name in `log_cursors`. */
const NOTIFIER_CURSOR = 'notifier';

/** Log entries read per transaction, so a long backlog never holds the write lock for long. */
const PAGE_SIZE = 500;

/** Fallback poll for changes written by code that does not call `notifyChanges`. */
const NOTIFIER_POLL_MS = 2_000;

/**
 * How long after a committed change the notifier runs, gathering the changes of that time into
 * one run: each run commits its cursor (an fsync), and with devices pushing several times a
 * second a run per change doubled the server's commits (issue 13). Half a second is nothing for
 * an email.
 */
const NOTIFIER_AFTER_CHANGE_MS = 500;

export interface NotifierDeps {
  db: Db;
  mailer: Pick<Mailer, 'send'>;
  /** The site's public origin; tracking links point at `${publicUrl}/customer-portal`. */
  publicUrl: string;
  now: () => Date;
  log?: { error: (obj: object, msg: string) => void; warn?: (obj: object, msg: string) => void };
  /**
   * The field record's files and the business profile: with them, the completion email carries
   * the job sheet PDF (issue 19). The app always passes them.
   */
  jobSheet?: { files: FieldFiles; profile: BusinessProfile; pdf: PdfRenderer };
  /** Web Push to the job's subscribed browsers; without it, pushes wait `pending`. */
  push?: PushSender;
  /**
   * Text messages (issue 31): the sender, the hourly caps and the trading name the texts start
   * with. Without it no text is claimed or sent (tests of the emails alone).
   */
  sms?: { sender: SmsSender; caps: SmsCaps; business: string; payLinkKey: Buffer };
}

/**
 * How long the completion email waits for the job's photos and signatures still uploading from
 * a phone, so its job sheet shows them; after this it goes with what the server holds, and the
 * sheet says how many are still to come.
 */
const SHEET_WAIT_MS = 30 * 60 * 1000;

export interface Notifier {
  /** Reads the log and sends what is due; resolves when this run (and any it queued) is done. */
  run(): Promise<void>;
  /** Stops listening and polling, then waits for a send in flight. */
  stop(): Promise<void>;
}

interface JobData {
  id?: unknown;
  /** The job number the customer is told (issue 28); the key stays the notifications' link. */
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
}

interface PendingRow {
  id: number;
  jobId: string;
  recipientEmail: string;
  subject: string;
  message: string;
  event: JobEvent;
  createdAt: string;
}

/**
 * The tracking link of a job: `${PUBLIC_URL}/customer-portal?token=…` (the job's tracking token;
 * a job id alone opens nothing without the phone). A job without a token (none are stored so,
 * but a row may be read before its migration) links to the portal's search.
 */
function trackingLink(
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
function jobEventEmail(
  event: JobEvent,
  job: {
    id: string;
    number?: string | null;
    customerName: string | null;
    service: string | null;
    trackingToken?: string | null;
  },
  publicUrl: string,
  enRoute: EnRouteMessage = enRouteMessage({
    jobId: documentRef(job),
    service: job.service,
    estimate: { kind: 'unknown' },
  }),
): { subject: string; text: string; html: string } {
  const review = event === REVIEW_REQUEST;
  // The customer is told the job's number, never its key (issue 28); the feedback page looks a
  // job up by either, and the tracking token opens its review form at once.
  const ref = documentRef(job);
  const link = review
    ? feedbackUrl(publicUrl, ref, job.trackingToken)
    : trackingLink(publicUrl, job);
  // Names and services come from booking forms and staff devices: one line each, so nothing a
  // customer typed can add a line to the email (issue 25).
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
        : [`Job ${ref}: completed`, `Job ${ref}${service} is complete. Thank you for choosing us.`];
  const [lead, label] = review
    ? ['Leave a review', 'Leave a review']
    : ['Track your job', `Track job ${ref}`];
  const text = `${greeting}\n\n${news}\n\n${lead}: ${link}\n`;
  const html =
    `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(news)}</p>` +
    `<p><a href="${escapeHtml(link)}">${escapeHtml(label)}</a></p>`;
  return { subject, text, html };
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** Whether the customer with this email wants job update emails (no preferences row: yes). */
function wantsJobUpdateEmails(db: Db, email: string): boolean {
  const prefs = statement(
    db,
    'SELECT emailEnabled, jobUpdates FROM notification_preferences WHERE customerEmail = ? COLLATE NOCASE LIMIT 1',
  ).get(email) as { emailEnabled: number; jobUpdates: number } | undefined;
  return !prefs || (Boolean(prefs.emailEnabled) && Boolean(prefs.jobUpdates));
}

function readCursor(db: Db, now: string): number {
  const row = statement(db, 'SELECT cursor FROM log_cursors WHERE name = ?').get(
    NOTIFIER_CURSOR,
  ) as { cursor: number } | undefined;
  if (row) return row.cursor;
  // First start: jobs already En Route or Completed before the notifier existed are old news.
  const head = (
    statement(db, 'SELECT coalesce(max(seq), 0) AS seq FROM changes').get() as { seq: number }
  ).seq;
  statement(db, 'INSERT INTO log_cursors (name, cursor, updatedAt) VALUES (?, ?, ?)').run(
    NOTIFIER_CURSOR,
    head,
    now,
  );
  return head;
}

/** The version of a job logged before a given entry (by the (entity, rowId, seq) index). */
export const PREVIOUS_JOB_VERSION_SQL =
  "SELECT data FROM changes WHERE entity = 'jobs' AND rowId = ? AND seq < ? ORDER BY seq DESC LIMIT 1";

/**
 * Reads one page of the log after the cursor and records a pending notification for each new
 * job event, moving the cursor in the same transaction. Returns whether more pages remain.
 */
export function claimJobEvents(
  deps: Pick<NotifierDeps, 'db' | 'publicUrl' | 'now' | 'sms'>,
): boolean {
  const { db } = deps;
  const now = deps.now().toISOString();
  const texts: SmsClaimContext | null = deps.sms
    ? {
        db,
        publicUrl: deps.publicUrl,
        business: deps.sms.business,
        now,
        payLinkKey: deps.sms.payLinkKey,
      }
    : null;
  return db
    .transaction(() => {
      const cursor = readCursor(db, now);
      const page = statement(
        db,
        'SELECT seq, entity, rowId, op, data FROM changes WHERE seq > ? ORDER BY seq LIMIT ?',
      ).all(cursor, PAGE_SIZE) as {
        seq: number;
        entity: string;
        rowId: unknown;
        op: string;
        data: string | null;
      }[];
      const previous = statement(db, PREVIOUS_JOB_VERSION_SQL);
      const insert = statement(
        db,
        `INSERT OR IGNORE INTO notifications
         (id, jobId, quoteId, recipientPhone, recipientEmail, type, status, message, subject, sentAt, error, createdAt, event, dueAt, onceKey)
       VALUES (?, ?, NULL, NULL, ?, 'email', 'pending', ?, ?, NULL, NULL, ?, ?, ?, ?)`,
      );
      // One push per subscription of the job's tracking token; the primary key makes a second
      // sighting of the same event a no-op.
      const claimPushes = statement(
        db,
        `INSERT OR IGNORE INTO push_sends (subscriptionId, event, jobId, status, payload, createdAt)
         SELECT id, ?, ?, 'pending', ?, ? FROM push_subscriptions WHERE trackingToken = ?`,
      );
      const known = statement(
        db,
        "SELECT 1 FROM notifications WHERE jobId = ? AND type = 'email' AND event = ?",
      );
      // The job's status now: a device that was offline syncs its steps together, and the
      // customer must not hear "on the way" about a job already completed by then.
      const currentStatus = statement(db, 'SELECT status FROM jobs WHERE id = ?');
      const approvedBooking = statement(
        db,
        "SELECT 1 FROM bookings WHERE trackingToken = ? AND status = 'approved'",
      );
      for (const change of page) {
        if (texts) claimEntryTexts(texts, change);
        if (change.entity !== 'jobs' || change.op !== 'put' || change.data === null) continue;
        const job = JSON.parse(change.data) as JobData;
        const status = text(job.status);
        const jobId = text(job.id) ?? String(change.rowId);
        const before = previous.get(change.rowId, change.seq) as
          { data: string | null } | undefined;
        const token = text(job.trackingToken);
        let event: JobEvent | null =
          status !== null && Object.hasOwn(JOB_EVENTS, status)
            ? JOB_EVENTS[status as keyof typeof JOB_EVENTS]
            : null;
        if (!before && token !== null && approvedBooking.get(token)) event = BOOKING_APPROVED;
        if (!event) continue;
        const beforeStatus = before?.data
          ? text((JSON.parse(before.data) as JobData).status)
          : null;
        if (event !== BOOKING_APPROVED && beforeStatus === status) continue;
        if (event === JOB_EVENTS['En Route']) {
          const now = currentStatus.get(change.rowId) as { status: string } | undefined;
          if (now && now.status !== status) continue;
        }
        const facts = {
          id: jobId,
          number: text(job.number),
          customerName: text(job.customerName),
          service: text(job.service),
          trackingToken: token,
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
            estimatedArrival: job.estimatedArrival,
            arrival: arrivalShortText(estimate),
          });
        }
        if (event !== BOOKING_APPROVED && token !== null) {
          const message = pushMessageFor(
            event,
            documentRef(facts),
            trackingLink(deps.publicUrl, facts),
            enRoute,
          );
          claimPushes.run(event, jobId, JSON.stringify(message), now, token);
        }
        const email = text(job.email);
        if (!email || !wantsJobUpdateEmails(db, email)) continue;
        const emails: [JobEvent, string | null][] = [[event, null]];
        if (event === JOB_EVENTS.Completed) emails.push([REVIEW_REQUEST, reviewRequestDueAt(now)]);
        for (const [kind, dueAt] of emails) {
          // Checked first so a repeat sighting does not use up an id; the index is the real guard.
          if (known.get(jobId, kind)) continue;
          const mail = jobEventEmail(kind, facts, deps.publicUrl, enRoute);
          insert.run(
            mintIntegerId(db, 'notifications'),
            jobId,
            email,
            mail.text,
            mail.subject,
            now,
            kind,
            dueAt,
            `job:${jobId}`,
          );
        }
      }
      const last = page[page.length - 1];
      if (last) {
        statement(db, 'UPDATE log_cursors SET cursor = ?, updatedAt = ? WHERE name = ?').run(
          last.seq,
          now,
          NOTIFIER_CURSOR,
        );
      }
      return page.length === PAGE_SIZE;
    })
    .immediate();
}

/**
 * Sends every pending job-event email that is due, recording sent or failed with the error. A
 * review request for a job reviewed meanwhile is not sent (recorded failed, with why).
 */
async function deliverPending(deps: NotifierDeps): Promise<void> {
  const { db } = deps;
  const pending = statement(
    db,
    "SELECT id, jobId, recipientEmail, subject, message, event, createdAt FROM notifications WHERE type = 'email' AND status = 'pending' AND event IS NOT NULL AND (dueAt IS NULL OR dueAt <= ?) ORDER BY id",
  ).all(deps.now().toISOString()) as PendingRow[];
  for (const row of pending) {
    if (
      row.event === REVIEW_REQUEST &&
      statement(db, 'SELECT 1 FROM feedback WHERE jobId = ?').get(row.jobId)
    ) {
      statement(db, "UPDATE notifications SET status = 'failed', error = ? WHERE id = ?").run(
        ALREADY_REVIEWED,
        row.id,
      );
      continue;
    }
    const job = statement(
      db,
      'SELECT id, number, customerName, service, trackingToken FROM jobs WHERE id = ?',
    ).get(row.jobId) as
      | {
          id: string;
          number: string | null;
          customerName: string | null;
          service: string | null;
          trackingToken: string | null;
        }
      | undefined;
    const html = jobEventEmail(
      row.event,
      job ?? { id: row.jobId, customerName: null, service: null },
      deps.publicUrl,
    ).html;
    const attachments: MailAttachment[] = [];
    if (row.event === JOB_EVENTS.Completed && deps.jobSheet && job) {
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
      statement(
        db,
        "UPDATE notifications SET status = 'sent', sentAt = ?, error = NULL WHERE id = ?",
      ).run(deps.now().toISOString(), row.id);
    } else {
      statement(db, "UPDATE notifications SET status = 'failed', error = ? WHERE id = ?").run(
        result.error ?? 'Email sending failed',
        row.id,
      );
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
async function deliverPushes(deps: NotifierDeps): Promise<void> {
  const { db, push } = deps;
  if (!push) return;
  const pending = statement(
    db,
    `SELECT s.subscriptionId, s.event, s.jobId, s.payload, p.endpoint, p.p256dh, p.auth
       FROM push_sends s JOIN push_subscriptions p ON p.id = s.subscriptionId
      WHERE s.status = 'pending' ORDER BY s.createdAt, s.subscriptionId`,
  ).all() as {
    subscriptionId: number;
    event: string;
    jobId: string;
    payload: string;
    endpoint: string;
    p256dh: string;
    auth: string;
  }[];
  for (const row of pending) {
    const result = await push.send(row, row.payload);
    if (result.ok) {
      statement(
        db,
        "UPDATE push_sends SET status = 'sent', sentAt = ?, error = NULL WHERE subscriptionId = ? AND event = ?",
      ).run(deps.now().toISOString(), row.subscriptionId, row.event);
    } else if (result.gone) {
      statement(db, 'DELETE FROM push_subscriptions WHERE id = ?').run(row.subscriptionId);
    } else {
      statement(
        db,
        "UPDATE push_sends SET status = 'failed', error = ? WHERE subscriptionId = ? AND event = ?",
      ).run(result.error, row.subscriptionId, row.event);
      deps.log?.error(
        { jobId: row.jobId, event: row.event, error: result.error },
        'job update push failed',
      );
    }
  }
}

/**
 * Runs the notifier over `deps`: once now, `afterChangeMs` after committed changes
 * (`notifyChanges`; the changes of that time share one run), and every `pollMs` as a fallback.
 * Runs never overlap; a trigger during a run queues one more.
 */
export function createNotifier(
  deps: NotifierDeps,
  options: { pollMs?: number; afterChangeMs?: number } = {},
): Notifier {
  let current: Promise<void> | null = null;
  let soon: NodeJS.Timeout | undefined;
  let again = false;
  let stopped = false;
  // Before anything is sent: texts a stopped server left mid-send are failed, not sent again.
  if (deps.sms) recoverInterruptedTexts(deps);

  async function once(): Promise<void> {
    while (claimJobEvents(deps)) {
      // Keep reading pages until the backlog is cleared.
    }
    await deliverPending(deps);
    await deliverPushes(deps);
    if (deps.sms) {
      await deliverTexts({
        db: deps.db,
        sender: deps.sms.sender,
        caps: deps.sms.caps,
        now: deps.now,
        ...(deps.log ? { log: deps.log } : {}),
      });
    }
  }

  function run(): Promise<void> {
    if (stopped) return current ?? Promise.resolve();
    if (current) {
      again = true;
      return current;
    }
    current = (async () => {
      try {
        do {
          again = false;
          try {
            await once();
          } catch (error) {
            // A closed database during shutdown, or a bad row: log and try again next trigger.
            if (!stopped) deps.log?.error({ err: error }, 'notifier run failed');
          }
        } while (again && !stopped);
      } finally {
        current = null;
      }
    })();
    return current;
  }

  const unsubscribe = onChanges(deps.db, () => {
    if (soon || stopped) return;
    soon = setTimeout(() => {
      soon = undefined;
      void run();
    }, options.afterChangeMs ?? NOTIFIER_AFTER_CHANGE_MS);
  });
  const timer = setInterval(() => void run(), options.pollMs ?? NOTIFIER_POLL_MS);
  timer.unref();
  void run();

  return {
    run,
    async stop() {
      stopped = true;
      unsubscribe();
      clearInterval(timer);
      clearTimeout(soon);
      await current;
    },
  };
}

/**
 * Starts the notifier for a built app and stops it when the app closes. Call it in `buildApp`
 * before the app is ready (so the close hook can be added); tests may call it on a ready app
 * and stop the returned notifier themselves.
 */
export function startNotifier(app: FastifyInstance, options: { pollMs?: number } = {}): Notifier {
  const notifier = createNotifier(notifierDepsOf(app), options);
  try {
    // preClose runs before any onClose hook, so a send in flight settles while the mailer and
    // the database are still open.
    app.addHook('preClose', () => notifier.stop());
  } catch {
    // The app is already booted: the caller owns stopping it.
  }
  return notifier;
}

/** What the notifier of a built app works with: its database, mailer, push, texts and clock. */
export function notifierDepsOf(app: FastifyInstance): NotifierDeps {
  return {
    db: app.db,
    mailer: app.mailer,
    publicUrl: app.config.publicUrl,
    now: app.now,
    log: app.log,
    jobSheet: { files: app.fieldFiles, profile: app.profile, pdf: app.pdf },
    push: app.push,
    sms: {
      sender: app.sms,
      caps: { perNumberPerHour: app.config.sms.perNumberPerHour, perHour: app.config.sms.perHour },
      business: app.profile.tradingName,
      payLinkKey: app.payLinkKey,
    },
  };
}
