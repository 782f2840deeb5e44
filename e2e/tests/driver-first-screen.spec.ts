/**
 * Issue 30: a driver's job cards come with their sign-in's answer, before the device's first
 * sync. Here that sync is held back (the socket answers nothing, the HTTP fallback is refused):
 * the card is on screen all the same, its actions off until the synced row is on the phone.
 * Once the sync goes through, the synced row takes over and the step is taken and sent once.
 */
import { expect, test } from '../fixtures/server';
import { openPhone } from '../page-models/app-shell';
import { DriverScreen } from '../page-models/driver';
import { createJob, loginAsAdmin, uniqueCustomer } from '../page-models/test-data';

test('the driver sees their job before the first sync and acts once it is in', async ({
  browser,
  baseURL,
  playwright,
}) => {
  test.setTimeout(240_000);
  const stamp = uniqueCustomer('Early');
  const driver = {
    firstName: 'Robin',
    lastName: stamp.lastName.replace(/^./, (c) => c.toUpperCase()),
    username: `early${stamp.phone.slice(-5)}`,
    password: 'robin-driver-pass-1',
  };
  const api = await playwright.request.newContext({ baseURL });
  const phone = await openPhone(browser, baseURL, { deviceScaleFactor: 1 });
  try {
    await loginAsAdmin(api);
    const added = await api.post('/api/staff', { data: { ...driver, role: 'driver' } });
    expect(added.status(), await added.text()).toBe(201);
    const job = await createJob(api, {
      customerName: stamp.name,
      phone: stamp.phone,
      service: 'Emergency Towing',
      location: 'Dampier Highway, Karratha',
      assignedTo: `${driver.firstName} ${driver.lastName}`,
    });

    const page = await phone.newPage();
    await page.addInitScript(() => localStorage.setItem('installCardDismissed', '1'));
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
    await expect(card).toContainText(stamp.name);
    await expect(card.getByRole('link', { name: /Call / })).toHaveAttribute(
      'href',
      `tel:${stamp.phone}`,
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
    const history = (await (
      await api.get(`/api/jobs/${encodeURIComponent(job.id)}/updates`)
    ).json()) as { updates: { status: string }[] };
    expect(history.updates.filter((update) => update.status === 'En Route')).toHaveLength(1);
  } finally {
    await phone.close();
    await api.dispose();
  }
});
