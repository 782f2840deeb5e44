/**
 * The owners' daily fleet summary email (issue 21): from 05:00 Perth time, once per Perth day,
 * every active admin with an email address (else the business's own address) gets what is due
 * across the fleet (rules/prestart.ts) and the open defects.
 *
 * Once means once: the day's row in `fleet_summaries` is claimed in a transaction before anything
 * is sent, so a second tick, a restart or a second server finds it taken. A failed send is kept
 * as failed with its error and tried again on the next tick of the same day.
 */
import type { FastifyInstance } from 'fastify';
import { fleetSummaryDue, fleetSummaryEmail, perthDate } from '@pilbara/shared-schema';
import type { Db } from '../db/connection';
import { dueItems, openDefectsWithVehicle } from '../db/repositories/prestart';
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

/** The emails of the active admins: the owners. */
function ownerEmails(db: Db): string[] {
  return (
    db
      .prepare(
        "SELECT email FROM users WHERE role = 'admin' AND isActive = 1 AND email IS NOT NULL AND email <> '' ORDER BY id",
      )
      .all() as { email: string }[]
  ).map((row) => row.email);
}

/**
 * Claims today's summary when it is due and not yet sent (or failed earlier today): true when
 * this caller should send it.
 */
function claimToday(db: Db, now: string): boolean {
  if (!fleetSummaryDue(now)) return false;
  const day = perthDate(now);
  return db
    .transaction(() => {
      const row = db.prepare('SELECT status FROM fleet_summaries WHERE perthDay = ?').get(day) as
        { status: string } | undefined;
      if (row && row.status !== 'failed') return false;
      if (row) {
        db.prepare("UPDATE fleet_summaries SET status = 'pending' WHERE perthDay = ?").run(day);
      } else {
        db.prepare(
          "INSERT INTO fleet_summaries (perthDay, status, createdAt) VALUES (?, 'pending', ?)",
        ).run(day, now);
      }
      return true;
    })
    .immediate();
}

/** Sends today's summary if it is due and not sent yet; answers whether it sent one. */
async function sendFleetSummary(deps: FleetSummaryDeps): Promise<boolean> {
  const now = deps.now().toISOString();
  if (!claimToday(deps.db, now)) return false;
  const day = perthDate(now);
  const items = dueItems(deps.db, now);
  const mail = fleetSummaryEmail(items, day, openDefectsWithVehicle(deps.db));
  const admins = ownerEmails(deps.db);
  const recipients = admins.length > 0 ? admins : deps.fallbackTo ? [deps.fallbackTo] : [];
  const record = deps.db.prepare(
    'UPDATE fleet_summaries SET status = ?, recipients = ?, itemCount = ?, error = ?, sentAt = ? WHERE perthDay = ?',
  );
  if (recipients.length === 0) {
    record.run('failed', '[]', items.length, 'No active admin has an email address', null, day);
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
    record.run('sent', JSON.stringify(recipients), items.length, null, now, day);
    return true;
  }
  record.run(
    'failed',
    JSON.stringify(recipients),
    items.length,
    result.error ?? 'failed',
    null,
    day,
  );
  deps.log?.error({ day, error: result.error }, 'fleet summary email failed');
  return false;
}

/** Runs the summary on a timer (and once now) until stopped; runs never overlap. */
export function createFleetSummary(
  deps: FleetSummaryDeps,
  options: { pollMs?: number } = {},
): { run(): Promise<boolean>; stop(): Promise<void> } {
  let current: Promise<boolean> | null = null;
  let stopped = false;
  const run = (): Promise<boolean> => {
    if (stopped) return Promise.resolve(false);
    current ??= sendFleetSummary(deps)
      .catch((error: unknown) => {
        if (!stopped) deps.log?.error({ err: error }, 'fleet summary run failed');
        return false;
      })
      .finally(() => {
        current = null;
      });
    return current;
  };
  const timer = setInterval(() => void run(), options.pollMs ?? FLEET_SUMMARY_POLL_MS);
  timer.unref();
  void run();
  return {
    run,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await current;
    },
  };
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
