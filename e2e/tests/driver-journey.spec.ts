/**
 * The driver journey: an admin adds a driver and assigns a job; the driver signs in on a
 * phone-sized browser, goes offline, taps On my way (the position comes from the browser's
 * geolocation override) and comes back online; the customer's tracking link shows the truck on
 * the map with "last seen"; after 15 minutes of silence it says the truck is out of coverage;
 * after Complete the position is gone. Deactivating the driver then signs their open browser out
 * within seconds.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test, WITH_SERVICE_WORKER } from '../fixtures/server';
import { openAdminPanel } from '../page-models/admin';
import { waitForOfflineReady } from '../page-models/app-shell';
import { DriverScreen, StaffTab } from '../page-models/driver';
import { expectLooksAsBefore } from '../page-models/screens';
import { PortalPage } from '../page-models/tracking';
import { createJob, loginAsAdmin, queryRows, uniqueCustomer } from '../page-models/test-data';

// Works with no signal: the app's code comes from the service worker.
test.use(WITH_SERVICE_WORKER);

/**
 * The driver's screen at 360 px against its committed baseline (e2e/visual), with what differs
 * per run masked (job id, customer, phone, the count of pending changes) and no toast over it.
 */
async function shot(page: Page, name: string, mask: Locator[]): Promise<void> {
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });
  await expectLooksAsBefore(page, name, mask);
}

/**
 * The next-step button covers none of the card's links (Call, Map): their boxes on the screen do
 * not overlap, so each can be tapped where it is drawn.
 */
async function expectStepClearOfLinks(card: Locator, step: Locator): Promise<void> {
  const button = await step.boundingBox();
  expect(button).not.toBeNull();
  for (const link of await card.getByRole('link').all()) {
    const box = await link.boundingBox();
    expect(box).not.toBeNull();
    if (!button || !box) return;
    const apart =
      box.y >= button.y + button.height ||
      button.y >= box.y + box.height ||
      box.x >= button.x + button.width ||
      button.x >= box.x + box.width;
    expect(apart, `${await link.getAttribute('aria-label')} is clear of the next step`).toBe(true);
  }
}

/** Karratha, where the truck sets out; the customer waits at Roebourne (about 31 km east). */
const KARRATHA = { latitude: -20.7364, longitude: 116.8463 };

test('a new driver takes a job offline and the customer watches the truck honestly', async ({
  browser,
  baseURL,
  playwright,
  server,
}) => {
  test.setTimeout(300_000);
  const stamp = uniqueCustomer('Driver');
  const driver = {
    firstName: 'Dana',
    lastName: stamp.lastName.replace(/^./, (c) => c.toUpperCase()),
    username: `dana${stamp.phone.slice(-5)}`,
    password: 'dana-driver-pass-1',
  };
  const driverName = `${driver.firstName} ${driver.lastName}`;
  const customer = uniqueCustomer('Waiting');

  const office = await browser.newContext({ baseURL });
  const phone = await browser.newContext({
    baseURL,
    viewport: { width: 360, height: 740 },
    hasTouch: true,
    geolocation: { ...KARRATHA, accuracy: 20 },
    permissions: ['geolocation'],
  });
  const visitor = await browser.newContext({ baseURL });
  const api = await playwright.request.newContext({ baseURL });
  try {
    // The office adds the driver and gives them a phoned-in job.
    const admin = await openAdminPanel(office);
    const staff = new StaffTab(admin.page);
    await staff.open();
    await staff.addDriver(driver);
    await loginAsAdmin(api);
    const job = await createJob(api, {
      customerName: customer.name,
      phone: customer.phone,
      service: 'Emergency Towing',
      location: 'GPS -20.77810, 117.14560 (in Roebourne)',
    });
    await admin.tab('Job Management');
    await expect(admin.jobCard(job.id)).toBeVisible({ timeout: 10_000 });
    await admin.controls(job.id).driver.click();
    // The picker offers the active drivers by name, the new one included.
    await admin.page.getByRole('option', { name: driverName, exact: true }).click();
    await expect(admin.controls(job.id).driver).toHaveValue(driverName);
    // The create-job form (behind New Job, so the jobs come first) offers the same full names
    // the jobs carry, not first names.
    await admin.page.getByRole('button', { name: 'New Job', exact: true }).click();
    const assignTo = admin.page.getByRole('combobox', { name: 'Assign To' });
    await assignTo.click();
    await expect(admin.page.getByRole('option', { name: driverName, exact: true })).toBeVisible();
    await admin.page.keyboard.press('Escape');
    await admin.waitOnline();

    // The driver signs in on their phone and lands on their own screen with the job.
    const driverPage = await phone.newPage();
    await driverPage.addInitScript(() => localStorage.setItem('installCardDismissed', '1'));
    const screen = new DriverScreen(driverPage);
    await screen.signIn(driver);
    await waitForOfflineReady(screen.page);
    await screen.waitSynced();
    await expect(screen.job(job.id)).toBeVisible({ timeout: 10_000 });
    await expect(screen.job(job.id).getByRole('link', { name: /Call / })).toHaveAttribute(
      'href',
      `tel:${customer.phone}`,
    );
    const onMyWay = screen.step(job.id, 'On my way');
    // Reachable with a thumb: full width of the card and at least 48 px tall.
    const box = await onMyWay.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(48);
    expect(box?.width ?? 0).toBeGreaterThan(300);
    await expectStepClearOfLinks(screen.job(job.id), onMyWay);
    const varying = [
      screen.job(job.id).getByText(job.id),
      screen.job(job.id).getByText(customer.name),
      screen.job(job.id).getByRole('link', { name: /Call / }),
      screen.page.getByTestId('sync-status-label'),
    ];
    await shot(screen.page, 'driver-jobs-360', varying);

    // No signal: On my way is taken on the phone, with its position queued.
    await phone.setOffline(true);
    await onMyWay.click();
    await expect(screen.job(job.id)).toHaveAttribute('data-status', 'En Route');
    await expect(screen.page.getByTestId('position-sharing')).toBeVisible();
    await expect(screen.step(job.id, 'Arrived / Start')).toBeVisible();
    // With the offline banner taking the top of the screen, the next step stays in thumb reach.
    const next = await screen.step(job.id, 'Arrived / Start').boundingBox();
    expect((next?.y ?? 1e6) + (next?.height ?? 0)).toBeLessThanOrEqual(740);
    await expectStepClearOfLinks(screen.job(job.id), screen.step(job.id, 'Arrived / Start'));
    await expect
      .poll(() => screen.page.evaluate(async () => (await indexedDB.databases()).length))
      .toBeGreaterThan(0);
    await expect(screen.page.getByTestId('sync-status-label')).toHaveText(
      /Offline · [2-9] pending/,
    );
    await shot(screen.page, 'driver-en-route-offline-360', varying);
    expect(queryRows(server.dbFile, 'SELECT id FROM job_positions WHERE id = ?', job.id)).toEqual(
      [],
    );

    // Signal returns: the step and the truck's position reach the server.
    await phone.setOffline(false);
    await screen.waitSynced();
    await expect
      .poll(() =>
        queryRows<{ latitude: number }>(
          server.dbFile,
          'SELECT latitude FROM job_positions WHERE id = ?',
          job.id,
        ),
      )
      .toEqual([{ latitude: KARRATHA.latitude }]);

    // The customer's tracking link shows the truck on the map, last seen just now near Karratha.
    const customerPage = await visitor.newPage();
    await customerPage.clock.install();
    const portal = new PortalPage(customerPage);
    await portal.openLink(`/customer-portal?token=${job.trackingToken}`);
    const truck = customerPage.getByTestId('truck-position');
    await expect(truck).toBeVisible({ timeout: 15_000 });
    await expect(truck.getByTestId('map-truck')).toBeVisible();
    await expect(truck.getByTestId('truck-last-seen')).toHaveText(
      /^Last seen (just now|1 min ago) near Karratha$/,
    );
    await expect(truck.getByTestId('truck-distance')).toHaveText(
      /^About 3\d\.\d km away in a straight line$/,
    );
    // One arrival estimate, from the truck's position, under Estimated Arrival.
    await expect(customerPage.getByTestId('arrival-estimate')).toHaveText(
      /^About 2\d min \(3\d\.\d km in a straight line at 70 km\/h average\)$/,
    );
    await truck.screenshot({ path: test.info().outputPath('tracking-truck.png') });

    // The driver drives into a dead zone; 16 minutes pass with no fix.
    await phone.setOffline(true);
    await customerPage.clock.fastForward('16:00');
    await expect(truck).toHaveAttribute('data-state', 'out-of-coverage', { timeout: 15_000 });
    await expect(truck.getByTestId('truck-out-of-coverage')).toContainText(
      'The truck is out of coverage',
    );
    await expect(truck.getByTestId('truck-last-seen')).toHaveText(/^Last seen 1[6-8] min ago/);
    await expect(truck.getByTestId('truck-distance')).toHaveCount(0);
    await expect(customerPage.getByTestId('arrival-estimate')).toHaveText(
      'No estimate while the truck is out of coverage',
    );
    await truck.screenshot({ path: test.info().outputPath('tracking-out-of-coverage.png') });

    // Back in range: Arrived / Start, then Complete. Nothing of the truck's position is kept.
    await phone.setOffline(false);
    await screen.waitSynced();
    await screen.step(job.id, 'Arrived / Start').click();
    await expect(screen.job(job.id)).toHaveAttribute('data-status', 'In Progress');
    await screen.step(job.id, 'Complete').click();
    // Complete asks first.
    await screen.page
      .getByRole('dialog', { name: `Complete ${job.number}?` })
      .getByRole('button', { name: 'Complete job' })
      .click();
    await expect(screen.job(job.id)).toHaveAttribute('data-status', 'Completed');
    await screen.waitSynced();
    await expect
      .poll(() => queryRows(server.dbFile, 'SELECT id FROM job_positions WHERE id = ?', job.id))
      .toEqual([]);
    await expect(
      customerPage.getByTestId('job-details').locator('[data-status="Completed"]'),
    ).toBeVisible({ timeout: 15_000 });
    await expect(truck).toHaveCount(0);
    const answer = await api.get(`/api/track/${job.trackingToken}`);
    expect(((await answer.json()) as { position: unknown }).position).toBeNull();

    // The office deactivates the driver: their open phone is signed out within seconds.
    await staff.open();
    await staff.deactivate(driver.username, driverName);
    await expect(screen.page).toHaveURL(/\/auth$/, { timeout: 5_000 });
    await expect(
      screen.page.locator('.mantine-Notification-root').filter({ hasText: 'Signed out' }),
    ).toContainText('deactivated');
    const again = await api.post('/api/auth/login', {
      data: { username: driver.username, password: driver.password },
    });
    expect(again.status()).toBe(401);
  } finally {
    await api.dispose();
    await Promise.all([office.close(), phone.close(), visitor.close()]);
  }
});
