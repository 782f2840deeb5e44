/**
 * The owners' daily fleet summary email: from 05:00 Perth time, once per Perth day,
 * every active admin with an email address (else the business's own address) gets what is due
 * across the fleet (rules/prestart.ts) and the open defects, and of the accounts: site
 * inductions expiring within 30 days, jobs waiting for their PO, blanket POs near their end.
 *
 * Once means once: the day's row in `fleet_summaries` is claimed in a transaction before anything
 * is sent, so a second tick, a restart or a second server finds it taken. A failed send is kept
 * as failed with its error and tried again on the next tick of the same day.
 */
import type { FastifyInstance } from 'fastify';
import { fleetSummaryDue, fleetSummaryEmail, perthDate } from '@pilbara/shared-schema';
import type { Db } from '../db/connection';
import { dueItems, openDefectsWithVehicle } from '../db/repositories/prestart';
import { accountDigest } from '../db/repositories/accounts';
import {
  activeAdminEmails,
  claimSummaryDay,
  recordSummary,
} from '../db/repositories/fleet-summaries';
import { startPoller } from './poller';
import { escapeHtml } from './html';
import type { Mailer } from './mailer';

/** How often the server looks whether the day's summary is due. */
const FLEET_SUMMARY_POLL_MS = 5 * 60 * 1000;

export interface FleetSummaryDeps {
  db: Db;
  mailer: Mailer;
  now: () => Date;
  /** Where the summary goes when no active admin has an email: the business's own address. */
  fallbackTo?: string;
  log?: { error(details: object, message: string): void };
}

/** Sends today's summary if it is due and not sent yet; answers whether it sent one. */
async function sendFleetSummary(deps: FleetSummaryDeps): Promise<boolean> {
  const now = deps.now().toISOString();
  if (!fleetSummaryDue(now)) return false;
  const day = perthDate(now);
  if (!claimSummaryDay(deps.db, day, now)) return false;
  const items = dueItems(deps.db, now);
  const mail = fleetSummaryEmail(
    items,
    day,
    openDefectsWithVehicle(deps.db),
    accountDigest(deps.db, day),
  );
  const admins = activeAdminEmails(deps.db);
  const recipients = admins.length > 0 ? admins : deps.fallbackTo ? [deps.fallbackTo] : [];
  const itemCount = items.length;
  if (recipients.length === 0) {
    const error = 'No active admin has an email address';
    recordSummary(deps.db, day, { status: 'failed', recipients, itemCount, error, sentAt: null });
    return false;
  }
  const html = `<pre style="font-family:inherit;white-space:pre-wrap">${escapeHtml(mail.text)}</pre>`;
  const result = await deps.mailer.send({
    to: recipients.join(', '),
    subject: mail.subject,
    text: mail.text,
    html,
  });
  if (result.ok) {
    recordSummary(deps.db, day, {
      status: 'sent',
      recipients,
      itemCount,
      error: null,
      sentAt: now,
    });
    return true;
  }
  const error = result.error ?? 'failed';
  recordSummary(deps.db, day, { status: 'failed', recipients, itemCount, error, sentAt: null });
  deps.log?.error({ day, error: result.error }, 'fleet summary email failed');
  return false;
}

/** Runs the summary on a timer (and once now) until stopped; runs never overlap. */
export function createFleetSummary(
  deps: FleetSummaryDeps,
  options: { pollMs?: number } = {},
): { run(): Promise<boolean>; stop(): Promise<void> } {
  return startPoller({
    work: () => sendFleetSummary(deps),
    queueWhileRunning: false,
    idle: false,
    pollMs: options.pollMs ?? FLEET_SUMMARY_POLL_MS,
    onError: (error) => deps.log?.error({ err: error }, 'fleet summary run failed'),
  });
}

/** Starts the daily summary for a built app and stops it when the app closes. */
export function startFleetSummary(app: FastifyInstance): void {
  const summary = createFleetSummary({
    db: app.db,
    mailer: app.mailer,
    now: app.now,
    fallbackTo: app.profile.email,
    log: app.log,
  });
  app.addHook('preClose', () => summary.stop());
}
