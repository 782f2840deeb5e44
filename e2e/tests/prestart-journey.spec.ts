/**
 * The pre-start journey, on phone-sized browsers: an admin adds a driver and a truck through the
 * staff API; the driver signs in on a 360 px phone and, offline, completes the truck's pre-start
 * from the driver's screen with one critical failure and a photo; the truck shows Out Of Service
 * at once. Back online the check, the defect and the photo's bytes (sent once) reach the server; a
 * second admin sees the defect with its photo, is warned when assigning a job to the truck, and
 * records the service that resolves it in one step; the truck is Active again on both phones.
 * The pre-start form and the vehicle timeline are shot at 360 px (SAVE_SCREENSHOTS=1 refreshes
 * the committed e2e/screenshots/prestart-*-360.png; otherwise the shots go to the test's output
 * folder).
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { expect, test, WITH_SERVICE_WORKER } from '../fixtures/server';
import { AdminPanel, loginThroughUi } from '../page-models/admin';
import { KARRATHA, openPhone, SMALL_PHONE, waitForOfflineReady } from '../page-models/app-shell';
import { DriverScreen } from '../page-models/driver';
import { FleetScreen } from '../page-models/fleet';
import { createJob, loginAsAdmin, queryRows, uniqueCustomer } from '../page-models/test-data';

// Works with no signal: the app's code comes from the service worker.
test.use(WITH_SERVICE_WORKER);

const SHOTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');

test.use({ actionTimeout: 20_000 });

function shotPath(name: string): string {
  return process.env.SAVE_SCREENSHOTS ? join(SHOTS, name) : test.info().outputPath(name);
}

/** A driver's (or the office's) small phone in Karratha. */
function phone(browser: Browser, baseURL: string | undefined) {
  return openPhone(browser, baseURL, { viewport: SMALL_PHONE, at: KARRATHA });
}

/** A staff call as the signed-in admin of `api`; answers the body. */
async function post<T>(api: APIRequestContext, baseURL: string, path: string, data: unknown) {
  const response = await api.post(path, { data, headers: { Origin: baseURL } });
  expect(response.status(), `${path}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as T;
}

/** Whether an image has loaded real pixels (not a broken or empty image). */
async function loadedWidth(image: Locator): Promise<number> {
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
      timeout: 15_000,
    })
    .toBeGreaterThan(0);
  return image.evaluate((img: HTMLImageElement) => img.naturalWidth);
}

/** A small JPEG drawn in the page: the photo of the failed item. */
async function photoJpeg(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 800;
    canvas.height = 600;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no canvas');
    ctx.fillStyle = '#7a3b1d';
    ctx.fillRect(0, 0, 800, 600);
    ctx.fillStyle = '#fff';
    ctx.font = 'bold 80px sans-serif';
    ctx.fillText('BRAKE LEAK', 60, 320);
    const blob = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, 'image/jpeg', 0.9),
    );
    if (!blob) throw new Error('no JPEG');
    let binary = '';
    for (const byte of new Uint8Array(await blob.arrayBuffer()))
      binary += String.fromCharCode(byte);
    return btoa(binary);
  });
  return Buffer.from(base64, 'base64');
}

test('a driver’s offline pre-start with a critical failure takes the truck off the road until serviced', async ({
  browser,
  baseURL,
  playwright,
  server,
}) => {
  test.setTimeout(300_000);
  const stamp = uniqueCustomer('Prestart');
  const suffix = stamp.phone.slice(-5);
  const driver = {
    username: `kim${suffix}`,
    password: 'kim-driver-pass-1',
    firstName: 'Kim',
    lastName: stamp.lastName.replace(/^./, (c) => c.toUpperCase()),
    role: 'driver',
  };
  const secondAdmin = {
    username: `jo${suffix}`,
    password: 'jo-admin-pass-1',
    firstName: 'Jo',
    lastName: 'Office',
    role: 'admin',
  };
  const registration = `PS${suffix}`;
  const api = await playwright.request.newContext({ baseURL });
  const driverContext = await phone(browser, baseURL);
  const officeContext = await phone(browser, baseURL);
  try {
    // The office adds the driver, a second admin and the truck through the staff API.
    await loginAsAdmin(api);
    await post(api, baseURL!, '/api/staff', driver);
    await post(api, baseURL!, '/api/staff', secondAdmin);
    const { vehicle } = await post<{ vehicle: { id: number } }>(api, baseURL!, '/api/vehicles', {
      name: 'Big Red',
      registration,
      make: 'Isuzu',
      model: 'FVZ 1400',
      year: 2021,
      type: 'Heavy Recovery',
      mileage: 84_000,
      serviceInterval: 10_000,
      fuelType: 'Diesel',
      modifications: [],
      specialFeatures: [],
      status: 'active',
      isActive: true,
    });
    const vehicleId = vehicle.id;

    // The driver signs in on their phone: the truck is on their screen, not checked today.
    const page = await driverContext.newPage();
    await page.addInitScript(() => localStorage.setItem('installCardDismissed', '1'));
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/uploads')
        uploads.push(request.url());
    });
    const screen = new DriverScreen(page);
    await screen.signIn(driver);
    await waitForOfflineReady(page);
    await screen.waitSynced();
    await page.getByRole('button', { name: 'Check a truck' }).click();
    const truck = page.locator(
      `[data-testid="driver-vehicle"][data-registration="${registration}"]`,
    );
    await expect(truck).toHaveCount(1, { timeout: 15_000 });
    await expect(truck.getByTestId('vehicle-status')).toHaveText('Active');
    await expect(truck.getByTestId('prestart-today')).toHaveText('No pre-start today');
    // Read-only: nothing on the driver's screen changes the vehicle or resolves a defect.
    await expect(truck.getByRole('button')).toHaveText(['Start pre-start']);

    // No signal: the pre-start, brakes failed with a note and a photo, the rest all pass.
    await driverContext.setOffline(true);
    const started = Date.now();
    await truck.getByRole('button', { name: /Start pre-start/ }).click();
    const form = page.getByRole('form', { name: 'Pre-start check' });
    await expect(form).toBeVisible();
    const brakes = form.locator('[data-testid="prestart-item"][data-item="brakes"]');
    await brakes.getByText('Fail', { exact: true }).click();
    await brakes.getByLabel('What is wrong').fill('Brake fluid leaking at the rear left wheel');
    await brakes.locator('input[type="file"]').setInputFiles({
      name: 'brakes.jpg',
      mimeType: 'image/jpeg',
      buffer: await photoJpeg(page),
    });
    await expect(brakes.getByTestId('defect-photo')).toHaveCount(1);
    await form.getByRole('button', { name: 'All pass' }).click();
    await expect(form.getByTestId('prestart-progress')).toHaveText('All answered · 1 failed');
    // The shot: the failed item, its note, severity and photo, with no toast over it.
    await new FleetScreen(page).dismissToasts();
    await brakes.evaluate((item) => item.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: shotPath('prestart-form-360.png') });
    await form.getByLabel('Odometer (km)').fill('84120');
    await form.getByRole('button', { name: 'Submit check' }).click();
    await expect(form).toHaveCount(0);
    expect(Date.now() - started, 'the check takes well under a minute').toBeLessThan(60_000);

    // Off the road at once on the phone, the defect and its photo (this phone's copy) shown.
    await expect(truck.getByTestId('vehicle-status')).toHaveText('Out Of Service');
    await expect(truck.getByTestId('prestart-today')).toHaveText('Checked today');
    const ownDefect = truck.getByTestId('vehicle-defects').getByTestId('defect');
    await expect(ownDefect).toHaveAttribute('data-severity', 'critical');
    await expect(ownDefect.getByRole('button')).toHaveCount(0);
    expect(await loadedWidth(ownDefect.getByTestId('defect-photo-thumb'))).toBeGreaterThan(0);
    await new FleetScreen(page).dismissToasts();
    await truck.evaluate((card) => card.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: shotPath('prestart-driver-360.png') });
    expect(
      queryRows(server.dbFile, 'SELECT id FROM prestart_checks WHERE vehicleId = ?', vehicleId),
    ).toEqual([]);
    expect(uploads).toEqual([]);

    // Signal returns: the check, its defect, the truck's status and the photo reach the server.
    await driverContext.setOffline(false);
    await screen.waitSynced();
    const [defect] = queryRows<{ id: number; severity: string; status: string; hash: string }>(
      server.dbFile,
      `SELECT id, severity, status, json_extract(photos, '$[0].contentHash') AS hash
         FROM vehicle_defects WHERE vehicleId = ?`,
      vehicleId,
    );
    expect(defect).toMatchObject({ severity: 'critical', status: 'open' });
    expect(
      queryRows(server.dbFile, 'SELECT status, mileage FROM vehicles WHERE id = ?', vehicleId),
    ).toEqual([{ status: 'out_of_service', mileage: 84120 }]);
    await expect
      .poll(
        () => queryRows(server.dbFile, 'SELECT id FROM stored_files WHERE id = ?', defect?.hash),
        { timeout: 30_000 },
      )
      .toEqual([{ id: defect?.hash }]);
    // Sent once, though the check's item and the defect both name it.
    expect(uploads).toHaveLength(1);

    // A second admin, on their own phone, sees the defect and its photo from the server.
    const officePage = await officeContext.newPage();
    await officePage.addInitScript(() => localStorage.setItem('installCardDismissed', '1'));
    await loginThroughUi(officePage, secondAdmin);
    const office = new FleetScreen(officePage);
    await office.open();
    const listed = officePage
      .getByTestId('open-defects')
      .getByTestId('defect')
      .filter({ hasText: 'Brake fluid leaking' });
    await expect(listed).toContainText('Brakes');
    const thumb = listed.getByTestId('defect-photo-thumb');
    await expect(thumb).toHaveAttribute(
      'src',
      /\/api\/vehicle-defects\/\d+\/photos\/[0-9a-f]{64}\/thumb$/,
    );
    expect(await loadedWidth(thumb)).toBeGreaterThan(0);
    await expect(office.card(registration).getByTestId('vehicle-status')).toHaveText(
      'Out Of Service',
    );
    await office.dismissToasts();
    await listed.evaluate((row) => row.scrollIntoView({ block: 'center' }));
    await officePage.screenshot({ path: shotPath('prestart-office-defect-360.png') });

    // Assigning a job to the out-of-service truck warns first; Cancel keeps the job as it was.
    const customer = uniqueCustomer('Prestart');
    const job = await createJob(officePage.request, {
      customerName: customer.name,
      phone: customer.phone,
      service: 'Emergency Towing',
      location: 'Karratha',
    });
    const admin = new AdminPanel(officePage);
    await admin.open();
    await admin.tab('Job Management');
    const jobCard = admin.jobCard(job.id);
    // Named by the job's number; the card, found by key, holds one vehicle select.
    await jobCard
      .getByRole('textbox', { name: /^Vehicle for / })
      .or(jobCard.getByRole('combobox', { name: /^Vehicle for / }))
      .click();
    await officePage
      .getByRole('option', { name: `Big Red (${registration})`, exact: true })
      .or(officePage.getByRole('option', { name: 'Big Red', exact: true }))
      .last()
      .click();
    const warning = officePage.getByTestId('assignment-warning');
    await expect(warning).toContainText(
      'This vehicle has a critical defect open and is out of service.',
    );
    await officePage.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(warning).toHaveCount(0);
    expect(queryRows(server.dbFile, 'SELECT vehicleId FROM jobs WHERE id = ?', job.id)).toEqual([
      { vehicleId: null },
    ]);

    // The service record that fixes it, from the defect's Resolve: one step does both.
    await office.open();
    await office
      .card(registration)
      .getByTestId('defect')
      .getByRole('button', { name: 'Resolve' })
      .click();
    await officePage
      .getByRole('dialog', { name: /Resolve/ })
      .getByRole('button', { name: 'Record the service that fixed it' })
      .click();
    const serviceForm = officePage.getByRole('form', { name: 'Service record' });
    await expect(
      serviceForm.getByRole('checkbox', { name: /Brakes and park brake/ }),
    ).toBeChecked();
    await office.fillService(serviceForm, {
      type: 'Brake Service',
      description: 'Rear wheel cylinder replaced, brakes bled',
      odometer: 84130,
      cost: '640.00',
      servicedBy: 'Pilbara Diesel',
    });
    await serviceForm
      .getByRole('checkbox', { name: /Brakes and park brake/ })
      .evaluate((box) => box.scrollIntoView({ block: 'center' }));
    await officePage.screenshot({ path: test.info().outputPath('prestart-service-360.png') });
    await serviceForm.getByRole('button', { name: 'Add Service' }).click();
    await expect(serviceForm).toHaveCount(0);
    await expect(office.card(registration).getByTestId('vehicle-status')).toHaveText('Active');
    await office.waitSynced(30_000);
    expect(
      queryRows(
        server.dbFile,
        `SELECT d.status, d.resolution, s.serviceType FROM vehicle_defects d
           JOIN service_records s ON s.id = d.serviceRecordId WHERE d.vehicleId = ?`,
        vehicleId,
      ),
    ).toEqual([{ status: 'resolved', resolution: 'service', serviceType: 'Brake Service' }]);
    expect(
      queryRows(
        server.dbFile,
        'SELECT count(*) AS n FROM service_records WHERE vehicleId = ?',
        vehicleId,
      ),
    ).toEqual([{ n: 1 }]);

    // Back in service on the driver's phone too.
    await expect(truck.getByTestId('vehicle-status')).toHaveText('Active', { timeout: 30_000 });
    await expect(truck.getByTestId('vehicle-defects')).toHaveCount(0);
    // The driver's screen on a desktop browser, for looking at.
    await page.setViewportSize({ width: 1280, height: 800 });
    await truck.evaluate((card) => card.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: test.info().outputPath('prestart-driver-desktop.png') });

    // The vehicle's timeline: the check, the defect, the service and the resolution.
    await office.dismissToasts();
    await office.menu(registration, 'Timeline');
    const timeline = officePage.getByTestId('vehicle-timeline');
    await expect(timeline.getByTestId('timeline-entry')).toHaveCount(4);
    await expect(timeline).toContainText('Pre-start: 1 failed');
    await expect(timeline).toContainText('Resolved: Brakes and park brake');
    await officePage.screenshot({ path: shotPath('prestart-timeline-360.png') });
  } finally {
    await api.dispose();
    await driverContext.close();
    await officeContext.close();
  }
});
