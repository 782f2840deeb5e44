/**
 * "Notify me about this job" on the tracking page, and the service worker's push handler, in the
 * real Chromium.
 *
 * What headless Chromium here can and cannot do, found by trying:
 * - Playwright's browser contexts are off the record, where Chromium refuses every push
 *   subscription ("Registration failed - permission denied", crbug.com/41124656) even with the
 *   notifications permission granted; in a persistent profile `pushManager.subscribe` never
 *   answers, as this machine has no route to Chromium's push service. So no test here can get a
 *   real subscription to the server; the server half (subscription posted by tracking token,
 *   push encrypted, received and decrypted) is sync-server/test/notifications/web-push.test.ts.
 * - What is tested here: the control appears on the tracking link's job; a browser that cannot
 *   subscribe shows the failure text and nothing reaches the server; a browser that blocks
 *   notifications shows the blocked text, also after a reload; and the push the server composed
 *   for En Route (read from its push_sends table, as it would travel encrypted) is delivered to
 *   the app's own service worker through DevTools, which shows it as the notification, linking
 *   to the tracking page on this site, and Completed replaces it under the same tag.
 *
 * SAVE_SCREENSHOTS=1 refreshes e2e/screenshots/tracking-notify-*.png (otherwise the shots go to
 * the test's output folder).
 */
import { createECDH, randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import type { BrowserContext, Page } from '@playwright/test';
import { NOTIFY_ME_LABEL, NOTIFY_ME_TEXT, pushMessageFor } from '@pilbara/shared-schema';
import { expectNoSeriousA11yViolations } from '../fixtures/axe';
import { expect, test, WITH_SERVICE_WORKER } from '../fixtures/server';
import { waitForOfflineReady } from '../page-models/app-shell';
import { PortalPage } from '../page-models/tracking';
import {
  createJob,
  loginAsAdmin,
  queryRows,
  uniqueCustomer,
  updateJob,
} from '../page-models/test-data';

// Works with no signal: the app's code comes from the service worker.
test.use(WITH_SERVICE_WORKER);

const SHOTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');

function shotPath(name: string): string {
  return process.env.SAVE_SCREENSHOTS ? join(SHOTS, name) : test.info().outputPath(name);
}

/** The job-details card at phone and desktop widths. */
async function shoot(page: Page, name: string, widths: number[]): Promise<void> {
  const portal = new PortalPage(page);
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await page.mouse.move(0, 0);
    await portal.details.screenshot({
      path: shotPath(`${name}-${width}.png`),
      animations: 'disabled',
    });
  }
}

async function openTracking(context: BrowserContext, token: string): Promise<Page> {
  const page = await context.newPage();
  await page.addInitScript(() => localStorage.setItem('installCardDismissed', '1'));
  await new PortalPage(page).openLink(`/customer-portal?token=${token}`);
  await expect(new PortalPage(page).details).toBeVisible();
  return page;
}

/** Subscriptions the server holds for a tracking token. */
function subscriptions(dbFile: string, token: string): unknown[] {
  return queryRows(dbFile, 'SELECT id FROM push_subscriptions WHERE trackingToken = ?', token);
}

test('the tracking page offers notifications and says when the browser cannot or will not', async ({
  browser,
  baseURL,
  request,
  server,
}) => {
  // Three screen widths of three states, each with the worker's install: well past the
  // default limit on a busy machine.
  test.setTimeout(180_000);
  await loginAsAdmin(request);
  const who = uniqueCustomer('Notify');
  const job = await createJob(request, {
    customerName: who.name,
    phone: who.phone,
    service: 'Emergency Towing',
    location: 'Dampier Road, near the salt ponds',
  });

  // Notifications allowed, but this browser gets no push subscription (off the record).
  const allowing = await browser.newContext({ baseURL, viewport: { width: 390, height: 900 } });
  await allowing.grantPermissions(['notifications'], { origin: baseURL });
  const page = await openTracking(allowing, job.trackingToken);
  await waitForOfflineReady(page);
  const notify = page.getByRole('button', { name: NOTIFY_ME_LABEL });
  await expect(notify).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'tracking-notify-offer', [360, 390, 1280]);
  await page.setViewportSize({ width: 390, height: 900 });
  await notify.click();
  await expect(page.getByRole('alert').filter({ hasText: NOTIFY_ME_TEXT.failed })).toBeVisible();
  // The button stays, to try again.
  await expect(notify).toBeEnabled();
  await expectNoSeriousA11yViolations(page);
  expect(subscriptions(server.dbFile, job.trackingToken)).toEqual([]);
  await shoot(page, 'tracking-notify-failed', [360, 390, 1280]);
  await allowing.close();

  // The customer blocks notifications when the browser asks (headless Chromium answers the
  // prompt with "block" by itself); the page says so, and again after a reload.
  const blocking = await browser.newContext({ baseURL, viewport: { width: 390, height: 900 } });
  const blocked = await openTracking(blocking, job.trackingToken);
  await blocked.getByRole('button', { name: NOTIFY_ME_LABEL }).click();
  const blockedText = blocked.getByRole('status').filter({ hasText: NOTIFY_ME_TEXT.blocked });
  await expect(blockedText).toBeVisible();
  await blocked.reload();
  await expect(new PortalPage(blocked).details).toBeVisible();
  await expect(blockedText).toBeVisible();
  await expect(blocked.getByRole('button', { name: NOTIFY_ME_LABEL })).toHaveCount(0);
  await expectNoSeriousA11yViolations(blocked);
  expect(subscriptions(server.dbFile, job.trackingToken)).toEqual([]);
  await shoot(blocked, 'tracking-notify-blocked', [360, 390, 1280]);
  await blocking.close();
});

/** A browser's subscription keys, as `PushSubscription.toJSON()` gives them. */
function browserKeys(): { p256dh: string; auth: string } {
  const ecdh = createECDH('prime256v1');
  return {
    p256dh: ecdh.generateKeys().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  };
}

test("the server's En Route push is shown by the app's service worker and links to the job", async ({
  browser,
  baseURL,
  request,
  server,
}) => {
  // The app's worker installs (its whole precache) before a push can reach it, then each push
  // may have to start the worker again: tens of seconds on a machine with every core busy.
  test.slow();
  await loginAsAdmin(request);
  const who = uniqueCustomer('Pushed');
  const job = await createJob(request, {
    customerName: who.name,
    phone: who.phone,
    service: 'Winch Recovery',
    // A place the arrival rule cannot locate, so the push says "To be confirmed": this test is
    // about the push reaching the phone, not the estimate (rules/arrival.ts has its own tests).
    location: 'Millstream Road, 20 km south',
  });
  // A subscription the server accepts by the tracking token: a browser push service's address
  // (the only kind it takes). No push service is reachable here, so the send fails and the
  // payload the server composed is read from its table.
  const subscribed = await request.post(`/api/track/${job.trackingToken}/push`, {
    data: {
      endpoint: 'https://fcm.googleapis.com/fcm/send/e2e-notify-me',
      expirationTime: null,
      keys: browserKeys(),
    },
  });
  expect(subscribed.status()).toBe(201);
  await updateJob(request, job.id, { status: 'En Route', progress: 25 });
  const payloadOf = async (event: string): Promise<string> => {
    let payload = '';
    await expect
      .poll(
        () => {
          const rows = queryRows<{ payload: string }>(
            server.dbFile,
            'SELECT payload FROM push_sends WHERE jobId = ? AND event = ?',
            job.id,
            event,
          );
          payload = rows[0]?.payload ?? '';
          return payload;
        },
        { timeout: 20_000 },
      )
      .not.toBe('');
    return payload;
  };
  const enRoute = await payloadOf('job_en_route');

  const context = await browser.newContext({ baseURL });
  await context.grantPermissions(['notifications'], { origin: baseURL });
  const page = await openTracking(context, job.trackingToken);
  await waitForOfflineReady(page);
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${baseURL}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const deliver = async (data: string) =>
    cdp.send('ServiceWorker.deliverPushMessage', {
      origin: baseURL ?? '',
      registrationId: await registrationId,
      data,
    });
  const shown = () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return (await registration.getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        tag: n.tag,
        url: (n.data as { url?: string } | null)?.url,
      }));
    });

  // The push service's stand-in here is DevTools' delivery, which answers before the worker has
  // the message and reports nothing back; with every core busy, one delivery in a few never
  // reached the worker (no notification at all, under the load runner). What
  // this test is about is what the server composed and what the worker shows, so it delivers
  // again while the phone does not show the message; the tag keeps it to one notification, and
  // exactly one, with its text and link, is what is asserted.
  const deliverUntilShown = async (data: string, want: unknown, message: string) => {
    let sentAt = 0;
    await expect
      .poll(
        async () => {
          const seen = await shown();
          // A push may have to start the worker first; on a busy machine that alone takes seconds.
          if (!isDeepStrictEqual(seen, [want]) && Date.now() - sentAt > 15_000) {
            sentAt = Date.now();
            await deliver(data);
          }
          return seen;
        },
        { timeout: 60_000, message },
      )
      .toEqual([want]);
  };

  const link = `${baseURL}/customer-portal?token=${job.trackingToken}`;
  await deliverUntilShown(
    enRoute,
    pushMessageFor('job_en_route', job.number, link),
    'the phone shows the En Route notification',
  );

  // Completed comes under the same tag: the phone shows one notification for the job.
  await updateJob(request, job.id, { status: 'In Progress', progress: 50 });
  await updateJob(request, job.id, { status: 'Completed', progress: 100 });
  await deliverUntilShown(
    await payloadOf('job_completed'),
    pushMessageFor('job_completed', job.number, link),
    'Job complete replaces En Route on the phone',
  );
  await context.close();
});
