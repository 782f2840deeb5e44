/**
 * Dispatch on a real map. The sync server's map source is a stand-in vector tile server on
 * 127.0.0.1 (fixtures/tile-server.ts). An owner opens the dispatch board, loses signal, picks a
 * winch job and is warned about a truck without a winch and a driver near a fatigue limit, and
 * sends them anyway; the step lands when signal returns. The driver's phone then shares its
 * position, which moves the truck on the board's map and on the customer's tracking link.
 * Then the map offline: drawn from cached tiles after a first visit, and the drawing instead
 * when the tile server is down.
 */
import { rmSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { startServer, WITH_SERVICE_WORKER } from '../fixtures/server';
import { startTileServer, type TileServer } from '../fixtures/tile-server';
import { signInByApi } from '../page-models/admin';
import { KARRATHA, openPhone, waitForOfflineReady } from '../page-models/app-shell';
import { shotFile } from '../page-models/screens';
import {
  createJob,
  driverAccount,
  loginAsAdmin,
  queryRows,
  uniqueCustomer,
} from '../page-models/test-data';

const ROEBOURNE_JOB = 'GPS -20.77810, 117.14560 (in Roebourne)';
/** Between Karratha and Roebourne, on the highway. */
const ON_THE_WAY = { latitude: -20.75, longitude: 117.0, accuracy: 10 };
const lngLat = (at: { latitude: number; longitude: number }) =>
  `${at.longitude.toFixed(5)},${at.latitude.toFixed(5)}`;

let tiles: TileServer;
let baseURL: string;
let dbFile: string;
let stopServer: () => Promise<void>;
let dataDir: string;

test.describe.configure({ mode: 'serial' });
// The owner dispatches with no signal, and the map draws offline from the worker's cache.
test.use(WITH_SERVICE_WORKER);

test.beforeAll(async () => {
  test.setTimeout(240_000);
  tiles = await startTileServer();
  const started = await startServer({ MAP_STYLE_URL: tiles.styleUrl });
  baseURL = started.server.baseURL;
  dbFile = started.server.dbFile;
  dataDir = started.server.dataDir;
  stopServer = () => started.stop();
});

test.afterAll(async () => {
  await stopServer?.();
  await tiles?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function addVehicle(
  api: APIRequestContext,
  fields: Record<string, unknown>,
): Promise<number> {
  const answer = await api.post('/api/vehicles', {
    data: { make: 'Isuzu', model: 'NPR', year: 2022, ...fields },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as { vehicle: { id: number } }).vehicle.id;
}

/** Opens the board on `page` and waits for it to be synced. */
async function openBoard(page: Page): Promise<void> {
  await page.goto('/admin/dispatch');
  await expect(page.getByRole('heading', { level: 1, name: 'Dispatch' })).toBeVisible({
    timeout: 30_000,
  });
}

async function waitSynced(page: Page): Promise<void> {
  await expect(page.getByTestId('sync-status-label')).toHaveText('Synced', { timeout: 20_000 });
}

test('an owner dispatches offline with warnings; the truck moves on both maps', async ({
  browser,
  playwright,
}) => {
  test.setTimeout(300_000);
  const api = await playwright.request.newContext({ baseURL });
  await loginAsAdmin(api);
  const driver = driverAccount('Dana');
  const driverName = `${driver.firstName} ${driver.lastName}`;
  const added = await api.post('/api/staff', { data: { ...driver, role: 'driver' } });
  expect(added.status(), await added.text()).toBe(201);
  const driverId = ((await added.json()) as { user: { id: number } }).user.id;
  const tilt = await addVehicle(api, {
    name: 'Tilt Tray 1',
    registration: `1TT${Date.now() % 1000}`,
    type: 'Flatbed',
    modifications: ['Synthetic Winch Rope'],
  });
  const heavy = await addVehicle(api, {
    name: 'Heavy 2',
    registration: `2HV${Date.now() % 1000}`,
    type: 'Heavy Recovery',
    modifications: ['Hydraulic Winch'],
  });
  const customer = uniqueCustomer('Bogged');
  const job = await createJob(api, {
    customerName: customer.name,
    phone: customer.phone,
    service: 'Winch Recovery',
    location: ROEBOURNE_JOB,
  });

  // Dana's phone recorded a shift start 16 h 15 min ago: 45 min to the 17 h limit.
  const driverApi = await playwright.request.newContext({ baseURL });
  expect((await driverApi.post('/api/auth/login', { data: driver })).status()).toBe(200);
  const pushed = await driverApi.post('/api/sync/push', {
    data: {
      clientId: `dana-phone-${Date.now()}`,
      mutations: [
        {
          seq: 1,
          mutationId: `dana-shift-${Date.now()}`,
          name: 'shift.record',
          args: { id: 900_001, kind: 'shift_start', userName: driverName },
          createdAt: new Date(Date.now() - (16 * 60 + 15) * 60_000).toISOString(),
        },
      ],
    },
  });
  expect(pushed.status(), await pushed.text()).toBe(200);

  const office = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const phone = await openPhone(browser, baseURL, { at: KARRATHA });
  const visitor = await openPhone(browser, baseURL);
  try {
    await signInByApi(office);
    const board = await office.newPage();
    await board.addInitScript(() => localStorage.setItem('installCardDismissed', '1'));
    await openBoard(board);
    await waitForOfflineReady(board);
    await waitSynced(board);
    const map = board.getByTestId('live-map');
    await expect(map).toHaveAttribute('data-state', 'map', { timeout: 60_000 });
    expect(tiles.tilesServed()).toBeGreaterThan(0);
    await expect(board.getByTestId(`waiting-${job.id}`)).toContainText('a winch');
    await expect(board.getByTestId(`driver-${driverId}`)).toContainText('Near a fatigue limit');
    await board.screenshot({ path: shotFile('dispatch-board-1280.png') });

    // No signal. The owner picks the job: the tilt tray lacks a winch, Dana is near a limit.
    await office.setOffline(true);
    await board.getByTestId(`assign-${job.id}`).click();
    const panel = board.getByTestId('assign-panel');
    await expect(panel.getByTestId(`truck-candidate-${heavy}`)).toContainText(
      /km from the depot, about \d+ min \(estimate: straight line at 70 km\/h\)/,
    );
    await panel.getByTestId(`truck-candidate-${tilt}`).click();
    await panel.getByTestId(`driver-candidate-${driverId}`).click();
    const warnings = panel.getByTestId('assign-warnings');
    await expect(warnings).toContainText('Tilt Tray 1 lacks a winch, which this job needs');
    await expect(warnings).toContainText(`${driverName} would pass a fatigue limit on this job`);
    await expect(warnings).toContainText('No more than 17 h between rests of 7 h');
    await board.screenshot({ path: shotFile('dispatch-assign-1280.png') });
    await board.setViewportSize({ width: 390, height: 844 });
    await expect(warnings).toBeVisible();
    await board.screenshot({ path: shotFile('dispatch-assign-390.png') });
    await board.setViewportSize({ width: 1280, height: 900 });
    // The heavy truck has a winch; the fatigue warning stays, and the owner sends Dana anyway.
    await panel.getByTestId(`truck-candidate-${heavy}`).click();
    await expect(warnings).not.toContainText('lacks');
    await panel.getByTestId('dispatch-send').click();
    await expect(panel).toBeHidden({ timeout: 30_000 });
    await expect(board.getByTestId(`waiting-${job.id}`)).toHaveCount(0);
    await expect(board.getByTestId('sync-status-label')).toHaveText(/Offline · \d+ pending/);

    // Signal returns: the job on the server has the driver and the truck.
    await office.setOffline(false);
    await waitSynced(board);
    await expect
      .poll(() =>
        queryRows<{ assignedTo: string; vehicleId: number }>(
          dbFile,
          'SELECT assignedTo, vehicleId FROM jobs WHERE id = ?',
          job.id,
        ),
      )
      .toEqual([{ assignedTo: driverName, vehicleId: heavy }]);

    // Dana's phone: warned before the limit, then On my way shares the truck's position.
    await signInByApi(phone, driver);
    const driverPage = await phone.newPage();
    await driverPage.addInitScript(() => localStorage.setItem('installCardDismissed', '1'));
    await driverPage.goto('/driver');
    await expect(driverPage.getByTestId('shift-panel')).toHaveAttribute('data-state', 'working', {
      timeout: 30_000,
    });
    await expect(driverPage.getByTestId('shift-fatigue-warning')).toContainText(
      'Near a fatigue limit',
    );
    const card = driverPage.locator(`[data-testid="driver-job"][data-job-id="${job.id}"]`);
    await card.getByRole('button', { name: 'On my way', exact: true }).click();
    await expect(card).toHaveAttribute('data-status', 'En Route');
    await expect
      .poll(
        () =>
          queryRows<{ latitude: number }>(
            dbFile,
            'SELECT latitude FROM vehicle_positions WHERE id = ?',
            heavy,
          ),
        { timeout: 30_000 },
      )
      .toEqual([{ latitude: KARRATHA.latitude }]);

    // The truck on the board's map, where the phone is.
    const truckMarker = board.getByTestId(`map-marker-truck-${heavy}`);
    await expect(truckMarker).toHaveAttribute('data-lnglat', lngLat(KARRATHA), { timeout: 30_000 });
    await expect(board.getByTestId(`truck-${heavy}`)).toContainText('near Karratha');

    // The customer's tracking link: the same real map, the truck where the phone is.
    const tracking = await visitor.newPage();
    await tracking.goto(`/customer-portal?token=${job.trackingToken}`);
    const truckPosition = tracking.getByTestId('truck-position');
    await expect(truckPosition).toBeVisible({ timeout: 30_000 });
    await expect(truckPosition.getByTestId('live-map')).toHaveAttribute('data-state', 'map', {
      timeout: 60_000,
    });
    const customerTruck = tracking.getByTestId('map-marker-truck');
    await expect(customerTruck).toHaveAttribute('data-lnglat', lngLat(KARRATHA));

    // The truck drives on: both maps follow the phone.
    await phone.setGeolocation(ON_THE_WAY);
    await expect(truckMarker).toHaveAttribute('data-lnglat', lngLat(ON_THE_WAY), {
      timeout: 60_000,
    });
    await expect(customerTruck).toHaveAttribute('data-lnglat', lngLat(ON_THE_WAY), {
      timeout: 60_000,
    });
    await truckPosition.scrollIntoViewIfNeeded();
    await tracking.screenshot({ path: shotFile('dispatch-tracking-390.png') });
    await board.setViewportSize({ width: 390, height: 844 });
    await board.screenshot({ path: shotFile('dispatch-board-390.png') });
    await board.getByTestId(`timesheet-${driverId}`).click();
    await expect(board.getByTestId('timesheet')).toBeVisible();
    await board.screenshot({ path: shotFile('dispatch-timesheet-390.png') });
  } finally {
    await Promise.all([office.close(), phone.close(), visitor.close()]);
    await api.dispose();
    await driverApi.dispose();
  }
});

test('the map draws offline from cached tiles, and falls back to the drawing without tiles', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const office = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  try {
    await signInByApi(office);
    const page = await office.newPage();
    await openBoard(page);
    await waitForOfflineReady(page);
    // A visit under the service worker: the map's code and tiles pass through it.
    await page.reload();
    await expect(page.getByTestId('live-map')).toHaveAttribute('data-state', 'map', {
      timeout: 60_000,
    });
    const servedOnline = tiles.tilesServed();

    await office.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Dispatch' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByTestId('live-map')).toHaveAttribute('data-state', 'map', {
      timeout: 60_000,
    });
    expect(tiles.tilesServed()).toBe(servedOnline);
  } finally {
    await office.close();
  }

  // The tile server is down and this device has nothing cached: the drawing, saying so.
  await tiles.stop();
  const fresh = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  try {
    await signInByApi(fresh);
    const page = await fresh.newPage();
    await openBoard(page);
    await expect(page.getByTestId('live-map')).toHaveAttribute('data-state', 'drawing', {
      timeout: 60_000,
    });
    await expect(page.getByTestId('live-map-fallback')).toBeVisible();
    await expect(page.getByTestId('live-map').locator('svg[role="img"]')).toBeVisible();
  } finally {
    await fresh.close();
  }
});
