/**
 * A driver's whole job from their own screen, on a 360 px phone, without
 * signal. The driver signs in, goes offline and runs the job from Assigned to Completed: On my
 * way, Arrived / Start, four pickup photos (the vehicle's corners), the authority to tow and the
 * vehicle release, a note, the vehicle it went out on, and Complete (which asks first and says
 * what the record lacks). The app is closed and opened again still offline (all of it there,
 * only on the phone); signal returns; the office sees every photo, both signatures, the note
 * and the job sheet; the customer's tracking page shows each step at the time the phone recorded
 * it. A signed-in driver opening /admin lands on their own screen, never on /auth.
 */
import fs from 'node:fs';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { formatDateTime } from '@pilbara/shared-schema';
import { expect, test, WITH_SERVICE_WORKER } from '../fixtures/server';
import { openAdminPanel } from '../page-models/admin';
import { KARRATHA, openPhone, SMALL_PHONE, waitForOfflineReady } from '../page-models/app-shell';
import { DriverScreen } from '../page-models/driver';
import { cameraJpeg, drawSignature, expectImagesLoaded } from '../page-models/field-record';
import { pdfText } from '../page-models/pdf-text';
import { createJob, loginAsAdmin, queryRows, uniqueCustomer } from '../page-models/test-data';

// Works with no signal: the app's code comes from the service worker.
test.use(WITH_SERVICE_WORKER);

async function shot(page: Page, name: string, testInfo: TestInfo): Promise<void> {
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file });
  if (process.env.DRIVER_DAY_SHOTS) {
    fs.mkdirSync(process.env.DRIVER_DAY_SHOTS, { recursive: true });
    fs.copyFileSync(file, `${process.env.DRIVER_DAY_SHOTS}/${name}.png`);
  }
}

async function sign(page: Page, record: Locator, title: string, signer: string): Promise<void> {
  await record.getByRole('button', { name: `Sign: ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Printed name of the signer').fill(signer);
  await drawSignature(page);
  await dialog.getByRole('button', { name: 'Save signature' }).click();
  await expect(dialog).toHaveCount(0);
}

test('a driver runs a whole job offline from /driver and the office gets all of it', async ({
  browser,
  baseURL,
  playwright,
  server,
}, testInfo) => {
  test.setTimeout(600_000);
  const stamp = uniqueCustomer('Day');
  const driver = {
    firstName: 'Dana',
    lastName: stamp.lastName.replace(/^./, (c) => c.toUpperCase()),
    username: `dday${stamp.phone.slice(-5)}`,
    password: 'dana-driver-pass-1',
  };
  const driverName = `${driver.firstName} ${driver.lastName}`;
  const customer = uniqueCustomer('Stranded');
  const api = await playwright.request.newContext({ baseURL });
  const phone = await openPhone(browser, baseURL, { viewport: SMALL_PHONE, at: KARRATHA });
  const office = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const visitor = await browser.newContext({ baseURL, viewport: SMALL_PHONE, isMobile: true });
  try {
    // The office has a driver, a truck and a phoned-in job for them.
    await loginAsAdmin(api);
    const added = await api.post('/api/staff', { data: { ...driver, role: 'driver' } });
    expect(added.status(), await added.text()).toBe(201);
    const truck = `Truck ${stamp.lastName}`;
    const vehicle = await api.post('/api/vehicles', {
      data: {
        name: truck,
        make: 'Isuzu',
        model: 'NPR 400',
        year: 2022,
        registration: `1D${stamp.phone.slice(-5)}`,
        type: 'Tow Truck',
        mileage: 120000,
        serviceInterval: 10000,
        fuelType: 'Diesel',
        modifications: [],
        specialFeatures: [],
        status: 'Excellent',
        isActive: true,
      },
    });
    expect(vehicle.status(), await vehicle.text()).toBe(201);
    const job = await createJob(api, {
      customerName: customer.name,
      phone: customer.phone,
      service: 'Towing',
      location: 'GPS -20.77810, 117.14560 (in Roebourne)',
      assignedTo: driverName,
    });

    // The driver signs in on their phone and lands on their own screen with the job.
    const page = await phone.newPage();
    await page.addInitScript(() => localStorage.setItem('installCardDismissed', '1'));
    const screen = new DriverScreen(page);
    await screen.signIn(driver);
    await waitForOfflineReady(page);
    await screen.waitSynced();
    const card = screen.job(job.id);
    await expect(card).toBeVisible({ timeout: 15_000 });
    // A signed-in driver opening the admin panel is sent to their own screen, not to /auth.
    await page.goto('/admin');
    await page.waitForURL((url) => url.pathname === '/driver');
    await expect(card).toBeVisible({ timeout: 15_000 });
    await screen.waitSynced();
    const images = [
      await cameraJpeg(page, '#b45309', 'FRONT LEFT'),
      await cameraJpeg(page, '#1d4ed8', 'FRONT RIGHT'),
      await cameraJpeg(page, '#15803d', 'REAR LEFT'),
      await cameraJpeg(page, '#7c3aed', 'REAR RIGHT'),
    ];

    // No signal from here to the end of the job.
    await phone.setOffline(true);
    await screen.step(job.id, 'On my way').click();
    await expect(card).toHaveAttribute('data-status', 'En Route');
    await screen.step(job.id, 'Arrived / Start').click();
    await expect(card).toHaveAttribute('data-status', 'In Progress');

    // The vehicle it went out on: no pre-start today, so the phone asks first.
    const vehicleSelect = card
      .getByRole('textbox', { name: `Vehicle for ${job.number}` })
      .or(card.getByRole('combobox', { name: `Vehicle for ${job.number}` }));
    await vehicleSelect.click();
    await page.getByRole('option', { name: truck, exact: true }).click();
    const warning = page.getByRole('dialog', { name: `Assign ${truck} to ${job.number}?` });
    await expect(warning.getByTestId('assignment-warning')).toBeVisible();
    await warning.getByRole('button', { name: 'Assign anyway' }).click();
    await expect(vehicleSelect).toHaveValue(truck);

    // Four corners at pickup, from the camera.
    await card.getByRole('button', { name: /^Photos & signatures/ }).click();
    const record = card.getByTestId('field-record');
    await expect(record).toBeVisible();
    await expect(record.getByTestId('corners-taken')).toHaveText('Pickup: 0 of 4 corners');
    await record.getByTestId('photo-gallery-input').setInputFiles(
      images.map((buffer, index) => ({
        name: `corner-${index + 1}.jpg`,
        mimeType: 'image/jpeg',
        buffer,
      })),
    );
    await expect(record.getByTestId('field-photo')).toHaveCount(4, { timeout: 60_000 });
    await expect(record.getByTestId('corners-taken')).toHaveText('Pickup: 4 of 4 corners');
    await expectImagesLoaded(record.getByTestId('field-photo'), 4);
    await shot(page, 'driver-day-photos-360', testInfo);

    // Both signatures: the owner before the tow, the yard on drop-off.
    await sign(page, record, 'Authority to tow', 'Chris Owner');
    await sign(page, record, 'Vehicle release', 'Pat Yard');
    await expect(record.getByTestId('only-on-phone')).toHaveCount(6);

    // A note for the office.
    await card.getByRole('button', { name: 'Add note' }).click();
    const noteDialog = page.getByRole('dialog', { name: `Note on ${job.number}` });
    await noteDialog.getByLabel('Note for the office').fill('Winch cable frayed, replace it');
    await noteDialog.getByRole('button', { name: 'Save note' }).click();
    await expect(noteDialog).toHaveCount(0);
    await expect(card.getByTestId('job-notes')).toContainText(
      `${driverName}: Winch cable frayed, replace it`,
    );

    // Complete asks first, and says what the record lacks.
    await screen.step(job.id, 'Complete').click();
    const confirm = page.getByRole('dialog', { name: `Complete ${job.number}?` });
    await expect(confirm.getByTestId('completion-gaps')).toContainText(
      'Drop-off photos: 0 of 4 corners',
    );
    await expect(confirm.getByTestId('completion-gaps')).not.toContainText('not signed');
    await shot(page, 'driver-day-complete-360', testInfo);
    await confirm.getByRole('button', { name: 'Complete job' }).click();
    await expect(card).toHaveAttribute('data-status', 'Completed');
    await expect(page.getByTestId('sync-uploading')).toHaveText(
      '4 photos and 2 signatures uploading',
    );
    await expect(page.getByTestId('sync-status-label')).toHaveText(/^Offline · \d+ pending$/);
    expect(queryRows(server.dbFile, 'SELECT status FROM jobs WHERE id = ?', job.id)).toEqual([
      { status: 'Assigned' },
    ]);

    // The app is closed and opened again, still without signal: the whole job is there.
    await page.close();
    const again = await phone.newPage();
    await again.goto('/driver');
    const reopened = new DriverScreen(again);
    const reopenedCard = reopened.job(job.id);
    await expect(reopenedCard).toHaveAttribute('data-status', 'Completed', { timeout: 30_000 });
    await reopenedCard.getByRole('button', { name: /^Photos & signatures \(6\)$/ }).click();
    const reopenedRecord = reopenedCard.getByTestId('field-record');
    await expect(reopenedRecord.getByTestId('field-photo')).toHaveCount(4);
    await expectImagesLoaded(reopenedRecord.getByTestId('field-photo'), 4);
    await expect(reopenedRecord.getByTestId('only-on-phone')).toHaveCount(6);
    await expect(reopenedRecord.getByTestId('field-signature')).toHaveCount(2);
    await shot(again, 'driver-day-reopened-offline-360', testInfo);

    // Signal returns: everything reaches the server, the bytes too.
    await phone.setOffline(false);
    await reopened.waitSynced();
    await expect(again.getByTestId('sync-uploading')).toHaveCount(0, { timeout: 180_000 });
    await expect(reopenedRecord.getByTestId('only-on-phone')).toHaveCount(0, { timeout: 30_000 });
    expect(
      queryRows<{ n: number }>(
        server.dbFile,
        `SELECT count(*) AS n FROM job_photos p JOIN stored_files f ON f.id = p.contentHash
          WHERE p.jobId = ? AND p.stage = 'pickup'`,
        job.id,
      ),
    ).toEqual([{ n: 4 }]);

    // The office sees every photo, both signatures, the note, the vehicle and the job sheet.
    const admin = await openAdminPanel(office);
    await admin.tab('Job Management');
    const officeCard = admin.jobCard(job.id);
    await expect(officeCard).toHaveAttribute('data-status', 'Completed', { timeout: 15_000 });
    await expect(officeCard).toContainText('Winch cable frayed, replace it');
    await officeCard.getByRole('button', { name: 'Photos & signatures' }).click();
    const seen = officeCard.getByTestId('field-record');
    await expect(seen.getByTestId('field-photo')).toHaveCount(4);
    await expectImagesLoaded(seen.getByTestId('field-photo'), 4);
    for (const [document, signer] of [
      ['authority_to_tow', 'Chris Owner'],
      ['vehicle_release', 'Pat Yard'],
    ] as const) {
      const signature = seen.locator(
        `[data-testid="field-signature"][data-document="${document}"]`,
      );
      await expect(signature).toContainText(signer);
      await expectImagesLoaded(signature, 1);
    }
    await expect(seen.getByTestId('only-on-phone')).toHaveCount(0);
    expect(
      queryRows<{ vehicleId: number }>(
        server.dbFile,
        'SELECT vehicleId FROM jobs WHERE id = ?',
        job.id,
      ),
    ).toEqual([{ vehicleId: ((await vehicle.json()) as { vehicle: { id: number } }).vehicle.id }]);
    const download = admin.page.waitForEvent('download');
    await seen.getByRole('link', { name: 'Job sheet (PDF)' }).click();
    const sheet = testInfo.outputPath(`job-sheet-${job.id}.pdf`);
    await (await download).saveAs(sheet);
    const text = await pdfText(sheet);
    for (const expected of ['Chris Owner', 'Pat Yard', 'Authority to tow', 'Vehicle release'])
      expect(text, expected).toContain(expected);
    expect(text).toMatch(/Pickup/);
    await shot(admin.page, 'driver-day-office-1280', testInfo);

    // The customer's tracking page: each step at the time the phone recorded it.
    const history = queryRows<{ status: string; createdAt: string }>(
      server.dbFile,
      'SELECT status, createdAt FROM job_updates WHERE jobId = ? ORDER BY createdAt, id',
      job.id,
    );
    const recordedAt = (status: string) =>
      history.find((entry) => entry.status === status)?.createdAt;
    const customerPage = await visitor.newPage();
    await customerPage.addInitScript(() => localStorage.setItem('installCardDismissed', '1'));
    await customerPage.goto(`/customer-portal?token=${encodeURIComponent(job.trackingToken)}`);
    const timeline = customerPage.getByTestId('job-timeline');
    await expect(timeline.locator('[data-key]')).toHaveCount(4, { timeout: 30_000 });
    const shown = await timeline
      .locator('[data-key]')
      .evaluateAll((items) =>
        items.map((item) => [item.getAttribute('data-key'), item.getAttribute('data-at')]),
      );
    expect(shown).toEqual([
      ['created', expect.any(String)],
      ['en-route', recordedAt('En Route')],
      ['arrived', recordedAt('In Progress')],
      ['completed', recordedAt('Completed')],
    ]);
    // And it reads them as the phone recorded them, in Perth time.
    for (const [key, status] of [
      ['en-route', 'En Route'],
      ['arrived', 'In Progress'],
      ['completed', 'Completed'],
    ] as const)
      await expect(timeline.locator(`[data-key="${key}"]`)).toContainText(
        formatDateTime(recordedAt(status) ?? ''),
      );
    await expect(customerPage.getByTestId('arrival-estimate')).toHaveText('Job complete');
    await shot(customerPage, 'driver-day-tracking-360', testInfo);
  } finally {
    await api.dispose();
    await Promise.all([phone.close(), office.close(), visitor.close()]);
  }
});
