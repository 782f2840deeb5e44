/**
 * A driver's first sign-in on a phone.
 *
 * Their job cards come with the sign-in's answer, before the device's first sync. Here that sync
 * is held back (the socket answers nothing, the HTTP fallback is refused): the card is on screen
 * all the same, its actions off until the synced row is on the phone. Once the sync goes through,
 * the synced row takes over and the step is taken and sent once.
 *
 * "Synced" is the driver's leave to drive out of signal. The phone is given its blocks of ids
 * after the catch-up, one round trip later; a step taken offline before they came had no id for
 * its job update and was lost, with the chip already saying "Synced" (a CI run caught it: the
 * job stayed Assigned). With the server's grants held back the chip says "Syncing" until they
 * arrive, and once it says "Synced" a step taken with no signal is kept.
 */
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { expect, test, WITH_SERVICE_WORKER } from '../fixtures/server';
import { openPhone, waitForOfflineReady } from '../page-models/app-shell';
import { DriverScreen } from '../page-models/driver';
import {
  addDriverWithJob,
  driverAccount,
  uniqueCustomer,
  type CreatedJob,
  type DriverAccount,
} from '../page-models/test-data';

// Works with no signal: the app's code comes from the service worker.
test.use(WITH_SERVICE_WORKER);

/**
 * A new driver with a job assigned to them and a phone with a page open (the install card put
 * away); `use` drives it, and the phone and the admin's API context are closed after.
 */
async function withDriverPhone(
  setup: { browser: Browser; baseURL: string | undefined; api: APIRequestContext },
  names: { firstName: string; handle: string; customer: string },
  use: (it: {
    driver: DriverAccount;
    customer: ReturnType<typeof uniqueCustomer>;
    job: CreatedJob;
    phone: BrowserContext;
    page: Page;
  }) => Promise<void>,
): Promise<void> {
  const { browser, baseURL, api } = setup;
  const driver = driverAccount(names.firstName, names.handle);
  const customer = uniqueCustomer(names.customer);
  const phone = await openPhone(browser, baseURL, { deviceScaleFactor: 1 });
  try {
    const job = await addDriverWithJob(api, driver, {
      customerName: customer.name,
      phone: customer.phone,
      service: 'Emergency Towing',
      location: 'Dampier Highway, Karratha',
    });
    const page = await phone.newPage();
    await page.addInitScript(() => localStorage.setItem('installCardDismissed', '1'));
    await use({ driver, customer, job, phone, page });
  } finally {
    await phone.close();
    await api.dispose();
  }
}

/** How many times the job's history says it went En Route (the step reached the server once). */
async function enRouteSteps(api: APIRequestContext, jobId: string): Promise<number> {
  const history = (await (
    await api.get(`/api/jobs/${encodeURIComponent(jobId)}/updates`)
  ).json()) as { updates: { status: string }[] };
  return history.updates.filter((update) => update.status === 'En Route').length;
}

test('the driver sees their job before the first sync and acts once it is in', async ({
  browser,
  baseURL,
  playwright,
}) => {
  test.setTimeout(240_000);
  const api = await playwright.request.newContext({ baseURL });
  const names = { firstName: 'Robin', handle: 'early', customer: 'Early' };
  await withDriverPhone(
    { browser, baseURL, api },
    names,
    async ({ driver, customer, job, page }) => {
      let held = true;
      await page.routeWebSocket('**/api/sync/ws', (socket) => {
        // Held: the page's socket opens onto nothing that answers. Released: the real server.
        if (!held) socket.connectToServer();
      });
      await page.route('**/api/sync/**', (route) => (held ? route.abort() : route.continue()));

      const screen = new DriverScreen(page);
      await screen.signIn(driver);
      const card = screen.job(job.id);
      await expect(card).toBeVisible({ timeout: 15_000 });
      await expect(card).toHaveAttribute('data-waiting', 'true');
      await expect(card).toContainText(customer.name);
      await expect(card.getByRole('link', { name: /Call / })).toHaveAttribute(
        'href',
        `tel:${customer.phone}`,
      );
      await expect(card).toContainText('Getting this job onto your phone…');
      await expect(screen.step(job.id, 'On my way')).toBeDisabled();
      await page.screenshot({ path: test.info().outputPath('driver-waiting-390.png') });

      // The sync goes through (the engine reconnects after its silent socket): the synced row acts.
      held = false;
      await expect(card).not.toHaveAttribute('data-waiting', 'true', { timeout: 60_000 });
      await expect(card.getByText('Getting this job onto your phone…')).toHaveCount(0);
      await screen.step(job.id, 'On my way').click();
      await expect(card).toHaveAttribute('data-status', 'En Route');
      await screen.waitSynced();
      await page.screenshot({ path: test.info().outputPath('driver-synced-390.png') });
      const jobs = (await (await api.get('/api/jobs')).json()) as {
        jobs: { id: string; status: string }[];
      };
      expect(jobs.jobs.find((row) => row.id === job.id)?.status).toBe('En Route');
      expect(await enRouteSteps(api, job.id)).toBe(1);
    },
  );
});

test('the phone says Synced only once it can keep a step taken with no signal', async ({
  browser,
  baseURL,
  playwright,
}) => {
  test.setTimeout(180_000);
  const api = await playwright.request.newContext({ baseURL });
  const names = { firstName: 'Lee', handle: 'ready', customer: 'Ready' };
  await withDriverPhone({ browser, baseURL, api }, names, async ({ driver, job, phone, page }) => {
    // The server's id grants wait here until the test lets them through.
    const heldGrants: (() => void)[] = [];
    let holding = true;
    await page.routeWebSocket('**/api/sync/ws', (socket) => {
      const server = socket.connectToServer();
      server.onMessage((message) => {
        const deliver = () => socket.send(message);
        if (holding && String(message).includes('"lease-grant"')) heldGrants.push(deliver);
        else deliver();
      });
    });

    const screen = new DriverScreen(page);
    await screen.signIn(driver);
    await waitForOfflineReady(page);
    const card = screen.job(job.id);
    await expect(card).toBeVisible({ timeout: 15_000 });
    await expect(card).not.toHaveAttribute('data-waiting', 'true', { timeout: 15_000 });
    // Caught up, the job on the phone, the ids asked for and not come: not ready to go offline.
    await expect.poll(() => heldGrants.length, { timeout: 15_000 }).toBeGreaterThan(0);
    await expect(page.getByTestId('sync-status-label')).toHaveText('Syncing');

    holding = false;
    for (const deliver of heldGrants.splice(0)) deliver();
    await screen.waitSynced();
    await phone.setOffline(true);
    await screen.step(job.id, 'On my way').click();
    await expect(card).toHaveAttribute('data-status', 'En Route');
    await expect(page.getByTestId('sync-status-label')).toHaveText('Offline · 1 pending');

    await phone.setOffline(false);
    await screen.waitSynced();
    expect(await enRouteSteps(api, job.id)).toBe(1);
  });
});
