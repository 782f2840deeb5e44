/**
 * The notifier: every message the server sends from the change log (docs/messages.md lists them),
 * the staff alerts and their escalation (services/staff-alerts.ts) among them.
 *
 * Customer job-update emails: when a booking is approved, when a job
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
 *   "on the way" follows a completed job;
 * - a UNIQUE (jobId, type, event) index means a second sighting of the same event can insert
 *   nothing, so a re-synced mutation or a replayed log never mails twice.
 * Rows are written `pending` before sending and become `sent` or `failed` (with the error)
 * after; a row left `pending` by a crash mid-send is sent on the next start.
 *
 * The completion email carries the customer's copy of the job sheet. Photos reach
 * the server after the mutations that record them, so it waits up to {@link SHEET_WAIT_MS} for
 * files still uploading (staying `pending` meanwhile), then goes with what the server holds.
 */
import type { FastifyInstance } from 'fastify';
import { onChanges } from '../db/change-log';
import { deliverTexts, recoverInterruptedTexts } from './sms-delivery';
import { claimJobEvents } from './job-event-claims';
import { deliverPending, deliverPushes } from './job-event-delivery';
import { deliverComposedEmails } from './customer-emails';
import { claimEscalations, deliverStaffPushes } from './staff-alerts';
import { claimInvoiceReminders } from './invoice-reminders';
import type { NotifierDeps } from './job-events';
import { startPoller } from './poller';

/** Fallback poll for changes written by code that does not call `notifyChanges`. */
const NOTIFIER_POLL_MS = 2_000;

/**
 * How long after a committed change the notifier runs, gathering the changes of that time into
 * one run: each run commits its cursor (an fsync), and with devices pushing several times a
 * second a run per change would multiply the server's commits. Half a second is nothing for
 * an email.
 */
const NOTIFIER_AFTER_CHANGE_MS = 500;

export interface Notifier {
  /** Reads the log and sends what is due; resolves when this run (and any it queued) is done. */
  run(): Promise<void>;
  /** Stops listening and polling, then waits for a send in flight. */
  stop(): Promise<void>;
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
  let soon: NodeJS.Timeout | undefined;
  // Before anything is sent: texts a stopped server left mid-send are failed, not sent again.
  if (deps.sms) recoverInterruptedTexts(deps);

  async function once(): Promise<void> {
    while (claimJobEvents(deps)) {
      // Keep reading pages until the backlog is cleared.
    }
    // After the log: a booking taken in what was just read stops before its next step.
    if (deps.staff) {
      claimEscalations(
        { db: deps.db, publicUrl: deps.publicUrl, settings: deps.staff },
        deps.now(),
      );
      // Staff first: the alert that wakes someone goes before any customer's news.
      await deliverStaffPushes(deps);
    }
    if (deps.sms) {
      // Asked of the clock, not the log: no change marks the day an invoice becomes overdue.
      claimInvoiceReminders({
        db: deps.db,
        publicUrl: deps.publicUrl,
        business: deps.sms.business,
        now: deps.now().toISOString(),
        payLinkKey: deps.sms.payLinkKey,
        countryCodes: deps.sms.countryCodes,
        phone: deps.businessPhone ?? '',
      });
    }
    await deliverComposedEmails(deps);
    await deliverPending(deps);
    await deliverPushes(deps);
    if (deps.sms) {
      await deliverTexts({
        db: deps.db,
        sender: deps.sms.sender,
        budgets: deps.sms.budgets,
        now: deps.now,
        ...(deps.log ? { log: deps.log } : {}),
      });
    }
  }

  const poller = startPoller({
    work: once,
    queueWhileRunning: true,
    idle: undefined,
    pollMs: options.pollMs ?? NOTIFIER_POLL_MS,
    onError: (error) => deps.log?.error({ err: error }, 'notifier run failed'),
  });

  const unsubscribe = onChanges(deps.db, () => {
    if (soon || poller.stopped) return;
    soon = setTimeout(() => {
      soon = undefined;
      void poller.run();
    }, options.afterChangeMs ?? NOTIFIER_AFTER_CHANGE_MS);
  });

  return {
    run: poller.run,
    async stop() {
      unsubscribe();
      clearTimeout(soon);
      await poller.stop();
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
    depot: app.profile.depot,
    push: app.push,
    sms: {
      sender: app.sms,
      budgets: app.config.sms.budgets,
      countryCodes: app.config.sms.countryCodes,
      business: app.profile.tradingName,
      payLinkKey: app.payLinkKey,
    },
    businessPhone: app.profile.owners[0]?.phone ?? '',
    staff: {
      owners: app.profile.owners,
      escalateAfterMinutes: app.config.staffAlerts.escalateAfterMinutes,
      businessEmail: app.profile.email,
    },
  };
}
