/**
 * An owner's first sign-in on a new phone.
 *
 * The panel's first screen (the day's figures, the fleet's due list, the active jobs, the
 * bookings waiting) comes with the sign-in's answer, before the device's first sync. Here that
 * sync is held back (the socket answers nothing, the HTTP fallback is refused): the first screen
 * is on the phone all the same, with a job created a moment before, and none of the panel's
 * actions. Once the sync goes through and the device holds its own first screen, the full panel
 * takes over with the same figures.
 */
import { adminDashboardStats, type AdminFirstScreen } from '@pilbara/shared-schema';
import { ADMIN, expect, test } from '../fixtures/server';
import { selectTab } from '../page-models/admin';
import { openPhone } from '../page-models/app-shell';
import { AuthPage } from '../page-models/public-forms';
import { createJob, loginAsAdmin, uniqueCustomer } from '../page-models/test-data';

test('the owner reads the day before the first sync, then the panel takes over', async ({
  browser,
  baseURL,
  playwright,
}) => {
  test.setTimeout(180_000);
  const api = await playwright.request.newContext({ baseURL });
  const phone = await openPhone(browser, baseURL, { deviceScaleFactor: 1 });
  try {
    await loginAsAdmin(api);
    const customer = uniqueCustomer('First screen');
    const job = await createJob(api, {
      customerName: customer.name,
      phone: customer.phone,
      service: '4x4 Recovery',
      location: 'Millstream Road, 40 km south of the coast road',
    });

    const page = await phone.newPage();
    await page.addInitScript(() => localStorage.setItem('installCardDismissed', '1'));
    let held = true;
    await page.routeWebSocket('**/api/sync/ws', (socket) => {
      // Held: the page's socket opens onto nothing that answers. Released: the real server.
      if (!held) socket.connectToServer();
    });
    await page.route('**/api/sync/**', (route) => (held ? route.abort() : route.continue()));

    const auth = new AuthPage(page);
    await auth.open('/auth');
    const answered = page.waitForResponse('**/api/auth/login');
    await auth.login(ADMIN.username, ADMIN.password);
    const answer = (await (await answered).json()) as { adminFirstScreen: AdminFirstScreen };
    const stats = adminDashboardStats(
      answer.adminFirstScreen.jobs,
      answer.adminFirstScreen.bookings,
      0,
    );

    const first = page.getByTestId('admin-first-screen');
    await expect(first).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveURL(/\/admin$/);
    await expect(first.getByTestId('tile-active-jobs-value')).toHaveText(String(stats.activeJobs));
    await expect(first.getByTestId('tile-pending-bookings-value')).toHaveText(
      String(stats.pendingBookings),
    );
    await expect(first.getByTestId('fleet-due')).toBeVisible();
    const card = first.locator(`[data-testid="first-screen-job"][data-job-id="${job.id}"]`);
    await expect(card).toContainText(customer.name);
    await expect(card).toContainText(job.number);
    // Read-only: none of the panel's tabs or actions until the device holds the rows.
    await expect(page.getByRole('tab')).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('admin-first-screen-390.png') });

    held = false;
    await expect(first).toHaveCount(0, { timeout: 90_000 });
    // The panel acts on the synced rows: the job is in its list, from the device's database.
    await selectTab(page, /Job Management/);
    await expect(page.getByText(customer.name).first()).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('admin-panel-after-390.png') });
  } finally {
    await phone.close();
    await api.dispose();
  }
});
