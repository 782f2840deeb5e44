/**
 * The app shell starts staff sync once for a signed-in admin. Moving between the admin
 * panel, its Quotes & Billing tab and the fleet screen keeps the one sync socket open: no new
 * socket, no HTTP hello, the status stays Synced throughout.
 */
import type { WebSocket } from '@playwright/test';
import { ADMIN, expect, test } from '../fixtures/server';
import { AdminPanel, loginThroughUi } from '../page-models/admin';
import { FleetScreen } from '../page-models/fleet';

test('admin, quotes and fleet share one sync connection that never reconnects', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const sockets: WebSocket[] = [];
  page.on('websocket', (socket) => {
    if (new URL(socket.url()).pathname === '/api/sync/ws') sockets.push(socket);
  });
  let hellos = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/sync/hello') hellos += 1;
  });

  await loginThroughUi(page, ADMIN);
  const admin = new AdminPanel(page);
  await admin.open();
  // One page load from here on: everything below is navigation inside the app. (The home page
  // the login landed on may have opened a socket of its own before /admin replaced it.)
  const opened = sockets.length;
  const socket = sockets.at(-1);
  if (!socket) throw new Error('The admin panel opened no sync socket');
  expect(socket.isClosed()).toBe(false);
  const hellosBefore = hellos;

  await admin.tab('Quotes & Billing');
  await expect(page.getByTestId('quotes-manager')).toBeVisible({ timeout: 30_000 });
  await admin.waitOnline();

  await page.getByRole('link', { name: 'Fleet' }).click();
  const fleet = new FleetScreen(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Fleet Management' })).toBeVisible({
    timeout: 30_000,
  });
  await fleet.waitSynced();

  await page.getByRole('link', { name: '← Admin Panel' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Panel' })).toBeVisible();
  await admin.tab('Job Management');
  await admin.waitOnline();

  expect(sockets, 'no second sync socket was opened').toHaveLength(opened);
  expect(socket.isClosed(), 'the first socket is still open').toBe(false);
  expect(hellos - hellosBefore, 'no HTTP fallback session was opened').toBe(0);
});
