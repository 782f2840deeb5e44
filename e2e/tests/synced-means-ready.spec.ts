/**
 * "Synced" is the driver's leave to drive out of signal. On a first sign-in the phone is given
 * its blocks of ids after the catch-up, one round trip later; a step taken offline before they
 * came had no id for its job update and was lost, with the chip already saying "Synced" (a CI
 * run caught it: the job stayed Assigned). Here the server's grants are held back: the chip says
 * "Syncing" until they arrive, and once it says "Synced" a step taken with no signal is kept.
 */
import { expect, test } from '../fixtures/server';
import { openPhone, waitForOfflineReady } from '../page-models/app-shell';
import { DriverScreen } from '../page-models/driver';
import { createJob, loginAsAdmin, uniqueCustomer } from '../page-models/test-data';

test('the phone says Synced only once it can keep a step taken with no signal', async ({
  browser,
  baseURL,
  playwright,
}) => {
  test.setTimeout(180_000);
  const stamp = uniqueCustomer('Ready');
  const driver = {
    firstName: 'Lee',
    lastName: stamp.lastName.replace(/^./, (c) => c.toUpperCase()),
    username: `ready${stamp.phone.slice(-5)}`,
    password: 'lee-driver-pass-1',
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
      service: 'Towing',
      location: 'Karratha',
      assignedTo: `${driver.firstName} ${driver.lastName}`,
    });

    const page = await phone.newPage();
    await page.addInitScript(() => localStorage.setItem('installCardDismissed', '1'));
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
    const history = (await (
      await api.get(`/api/jobs/${encodeURIComponent(job.id)}/updates`)
    ).json()) as { updates: { status: string }[] };
    expect(history.updates.filter((update) => update.status === 'En Route')).toHaveLength(1);
  } finally {
    await phone.close();
    await api.dispose();
  }
});
