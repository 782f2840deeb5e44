/**
 * Text messages in a real journey: a customer books in the browser, the office
 * approves it, marks it En Route and completes it in the admin panel, and a local stand-in of
 * Twilio's Messaging API (the sync server's test stand-in, strict about authentication and the
 * request's shape) receives four texts, in order, each with the tracking link, each once. The
 * customer stops texts from the tracking page (asked once) and starts them again there, then by
 * replying START; the office sees every message in the job's history.
 *
 * SAVE_SCREENSHOTS=1 writes the screens to e2e/screenshots/ (otherwise the test's output folder).
 */
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { JOB_MESSAGES_TEXT, SMS_OPT_OUT_TEXT } from '@pilbara/shared-schema';
import {
  TWILIO_FROM,
  TWILIO_SID,
  TWILIO_TOKEN,
  startFakeTwilio,
  twilioSignature,
} from '../../sync-server/test/notifications/fake-twilio';
import { expect, startServer, test } from '../fixtures/server';
import { openAdminPanel } from '../page-models/admin';
import { openDevices } from '../page-models/app-shell';
import { deviceKeysIn } from '../page-models/device-keys';
import { bookRecovery } from '../page-models/public-forms';
import { queryRows } from '../page-models/test-data';

const SHOTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');
const TEXT_TIMEOUT = 30_000;

function shotPath(name: string): string {
  return process.env.SAVE_SCREENSHOTS ? join(SHOTS, name) : test.info().outputPath(name);
}

/** E.164 of the test customer's 04… number. */
function e164(phone: string): string {
  return `+61${phone.replace(/\D/g, '').slice(1)}`;
}

async function shoot(page: Page, target: () => ReturnType<Page['locator']>, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.mouse.move(0, 0);
    await target().screenshot({ path: shotPath(`${name}-${width}.png`), animations: 'disabled' });
  }
}

test('booked, approved, en route, completed: four texts in order, each with the link, once', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const twilio = await startFakeTwilio();
  const own = await startServer({
    SMS_PROVIDER: 'twilio',
    TWILIO_ACCOUNT_SID: TWILIO_SID,
    TWILIO_AUTH_TOKEN: TWILIO_TOKEN,
    SMS_FROM: TWILIO_FROM,
    TWILIO_API_BASE: twilio.url,
  });
  const devices = await openDevices(browser, own.server.baseURL, ['office', 'customer']);
  for (const context of Object.values(devices.contexts))
    await context.addInitScript(() => localStorage.setItem('installCardDismissed', '1'));
  try {
    // The customer books from the roadside; the booking text carries their tracking link.
    const customerPage = await devices.contexts.customer.newPage();
    const who = await bookRecovery(customerPage, 'Texted');
    const trackingHref = await customerPage.getByTestId('tracking-link').getAttribute('href');
    expect(trackingHref).toMatch(/^\/customer-portal\?token=[\w-]{22,}$/);
    const link = `${own.server.baseURL}${trackingHref}`;
    // After hours the person on call is texted about the booking too; only the customer's texts
    // are counted here (the staff alert has its own journey).
    const customerTexts = () => twilio.received.filter((text) => text.to === e164(who.phone));
    const customerGets = (count: number) =>
      expect.poll(() => customerTexts().length, { timeout: TEXT_TIMEOUT }).toBe(count);
    await customerGets(1);

    // The office approves it, sends the driver and completes the job.
    const admin = await openAdminPanel(devices.contexts.office);
    const bookingCard = admin.bookingCard(who.name);
    await expect(bookingCard).toBeVisible({ timeout: TEXT_TIMEOUT });
    await bookingCard.getByRole('button', { name: 'Approve' }).click();
    await expect(bookingCard).toHaveCount(0, { timeout: TEXT_TIMEOUT });
    await customerGets(2);
    await admin.tab('Job Management');
    const jobCard = admin.page.getByTestId('job-card').filter({ hasText: who.name });
    await expect(jobCard).toHaveCount(1, { timeout: TEXT_TIMEOUT });
    const jobId = (await jobCard.getAttribute('data-job-id'))!;
    const controls = admin.controls(jobId);
    await controls.markEnRoute.click();
    await expect(admin.jobCard(jobId)).toHaveAttribute('data-status', 'En Route');
    await customerGets(3);
    await admin.completeJob(jobId);
    await expect(admin.jobCard(jobId)).toHaveAttribute('data-status', 'Completed');
    await customerGets(4);

    // Nothing more can come: the notifier has read the whole log and no text waits.
    await expect
      .poll(
        () => {
          const [cursor] = queryRows<{ behind: number; waiting: number }>(
            own.server.dbFile,
            `SELECT (SELECT max(seq) FROM changes) - (SELECT cursor FROM log_cursors WHERE name = 'notifier') AS behind,
                    (SELECT count(*) FROM notifications WHERE type = 'sms' AND status IN ('pending', 'sending')) AS waiting`,
          );
          return cursor;
        },
        { timeout: TEXT_TIMEOUT },
      )
      .toEqual({ behind: 0, waiting: 0 });
    const texts = customerTexts();
    expect(texts).toHaveLength(4);
    // Any other text went to staff and never carries the customer's link.
    for (const other of twilio.received.filter((text) => text.to !== e164(who.phone)))
      expect(other.body).not.toContain(trackingHref);
    const [received, approved, enRoute, completed] = texts.map((text) => text.body);
    // The customer is told the job's number; its key (the card's id) stays with staff.
    const number = queryRows<{ number: string }>(
      own.server.dbFile,
      'SELECT number FROM jobs WHERE id = ?',
      jobId,
    )[0]?.number;
    expect(number).toMatch(/^JOB-\d{4}-\d+$/);
    expect(received).toMatch(/we have your booking BKG-\d{4}-\d+ and will confirm it shortly/);
    expect(approved).toContain(`your booking is confirmed as job ${number}`);
    expect(enRoute).toContain(`on the way for job ${number}`);
    expect(completed).toContain(`job ${number} is complete`);
    for (const body of [received, approved, enRoute, completed]) {
      expect(body).toContain(link);
      expect(deviceKeysIn(body ?? '')).toEqual([]);
    }

    // The office sees each text in the job's history, with its time and status.
    await controls.history.click();
    const panel = admin.jobCard(jobId).getByTestId('job-messages');
    const sentTexts = panel.locator('[data-testid="job-message"][data-channel="sms"]');
    await expect(sentTexts).toHaveCount(4);
    await expect(sentTexts.and(panel.locator('[data-status="sent"]'))).toHaveCount(4);
    await expect(sentTexts.first()).toContainText('Booking received');
    await expect(sentTexts.first()).toContainText(JOB_MESSAGES_TEXT.channel.sms);
    await expect(sentTexts.first()).toContainText(JOB_MESSAGES_TEXT.status.sent);
    await shoot(admin.page, () => admin.jobCard(jobId), 'sms-job-history');

    // The customer stops the texts from their tracking page.
    await customerPage.goto(trackingHref!);
    const control = customerPage.getByTestId('text-messages');
    const masked = `•••${who.phone.slice(-3)}`;
    await expect(control).toContainText(SMS_OPT_OUT_TEXT.on(masked), { timeout: TEXT_TIMEOUT });
    await shoot(customerPage, () => customerPage.getByTestId('job-details'), 'sms-tracking-on');
    const optedOut = () =>
      queryRows(
        own.server.dbFile,
        'SELECT source FROM sms_opt_outs WHERE phone = ?',
        e164(who.phone),
      );
    // Stopping is asked once: texts stop for every job, not just this one.
    const stopTexts = async () => {
      await control.getByRole('button', { name: SMS_OPT_OUT_TEXT.stop }).click();
      await expect(control).toContainText(SMS_OPT_OUT_TEXT.confirm(masked));
      await control.getByRole('button', { name: SMS_OPT_OUT_TEXT.confirmStop }).click();
      await expect(control).toContainText(SMS_OPT_OUT_TEXT.offHere(masked));
    };
    await stopTexts();
    await shoot(customerPage, () => control, 'sms-tracking-off');
    expect(optedOut()).toEqual([{ source: 'tracking-page' }]);

    // They change their mind on the same page.
    await control.getByRole('button', { name: SMS_OPT_OUT_TEXT.start }).click();
    await expect(control).toContainText(SMS_OPT_OUT_TEXT.on(masked));
    expect(optedOut()).toEqual([]);

    // Or, stopped again, by replying START to one of the texts; the tracking page says so.
    await stopTexts();
    const inboundUrl = `${own.server.baseURL}/api/sms/inbound`;
    // Twilio dates its record of a text in whole seconds: the reply is a second after the stop.
    const start = twilio.receive(e164(who.phone), 'START', new Date(Date.now() + 1_000));
    const answer = await customerPage.request.post(inboundUrl, {
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilioSignature(TWILIO_TOKEN, inboundUrl, start),
      },
      data: new URLSearchParams(start).toString(),
    });
    expect(answer.status(), await answer.text()).toBe(200);
    expect(optedOut()).toEqual([]);
    await customerPage.reload();
    await expect(control).toContainText(SMS_OPT_OUT_TEXT.on(masked), { timeout: TEXT_TIMEOUT });
    await expect(control.getByRole('button', { name: SMS_OPT_OUT_TEXT.stop })).toBeVisible();
    expect(customerTexts()).toHaveLength(4);
  } finally {
    await devices.closeAll();
    await own.stop();
    await twilio.close();
    rmSync(own.server.dataDir, { recursive: true, force: true });
  }
});
