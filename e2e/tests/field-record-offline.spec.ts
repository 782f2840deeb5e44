/**
 * The field record offline: on a phone-sized Chromium an admin opens a job, goes offline, takes
 * four photos (files set on the camera and gallery inputs) and a signature, closes the page and
 * opens it again offline (all still there, only on this phone), goes online, and a second admin's
 * browser shows the four photos and the signature in the job card; the customer's tracking page
 * shows the pickup and drop-off photos of their job and no one else's.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Locator, Page, TestInfo } from '@playwright/test';
import { expect, test, WITH_SERVICE_WORKER } from '../fixtures/server';
import { AdminPanel, openAdminPanel } from '../page-models/admin';
import { KARRATHA, openPhone, PHONE, waitForOfflineReady } from '../page-models/app-shell';
import { cameraJpeg, drawSignature, expectImagesLoaded } from '../page-models/field-record';
import { createJob, loginAsAdmin, queryRows, uniqueCustomer } from '../page-models/test-data';

// Works with no signal: the app's code comes from the service worker.
test.use(WITH_SERVICE_WORKER);

function fieldRecordOf(admin: AdminPanel, jobId: string): Locator {
  return admin.jobCard(jobId).getByTestId('field-record');
}

async function openFieldRecord(admin: AdminPanel, jobId: string): Promise<Locator> {
  await admin.jobCard(jobId).getByRole('button', { name: 'Photos & signatures' }).click();
  const panel = fieldRecordOf(admin, jobId);
  await expect(panel).toBeVisible();
  return panel;
}

async function chooseStage(panel: Locator, label: string): Promise<void> {
  await panel.getByText(label, { exact: true }).click();
}

async function screenshot(page: Page, name: string, testInfo: TestInfo) {
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  if (process.env.FIELD_RECORD_SHOTS) {
    fs.mkdirSync(process.env.FIELD_RECORD_SHOTS, { recursive: true });
    fs.copyFileSync(file, path.join(process.env.FIELD_RECORD_SHOTS, `${name}.png`));
  }
}

test('photos and a signature taken offline on a phone survive a reopen and reach staff and the customer', async ({
  browser,
  baseURL,
  server,
  request,
}, testInfo) => {
  // Minutes on a quiet machine and several times that with every core busy: its own limit.
  test.setTimeout(600_000);
  await loginAsAdmin(request);
  const customer = uniqueCustomer('Photos');
  const job = await createJob(request, {
    customerName: customer.name,
    phone: customer.phone,
    service: 'Towing',
    location: 'Dampier Hwy, Karratha',
  });
  const otherJob = await createJob(request, {
    customerName: uniqueCustomer('Other').name,
    phone: '0400 111 222',
    service: 'Towing',
    location: 'Roebourne',
  });

  const contexts: BrowserContext[] = [];
  try {
    const phone = await openPhone(browser, baseURL, { at: KARRATHA });
    contexts.push(phone);
    const admin = await openAdminPanel(phone);
    await waitForOfflineReady(admin.page);
    await admin.tab('Job Management');
    await expect(admin.jobCard(job.id)).toBeVisible({ timeout: 15_000 });
    const images = {
      pickupA: await cameraJpeg(admin.page, '#b45309', 'PICKUP FRONT'),
      pickupB: await cameraJpeg(admin.page, '#1d4ed8', 'PICKUP REAR'),
      dropoff: await cameraJpeg(admin.page, '#15803d', 'DROP-OFF'),
      damage: await cameraJpeg(admin.page, '#b91c1c', 'DENT LEFT DOOR'),
    };
    const jpeg = (name: string, buffer: Buffer) => ({ name, mimeType: 'image/jpeg', buffer });

    // No signal at the mine site.
    await phone.setOffline(true);
    let panel = await openFieldRecord(admin, job.id);
    await chooseStage(panel, 'Pickup');
    await panel
      .getByTestId('photo-gallery-input')
      .setInputFiles([jpeg('front.jpg', images.pickupA), jpeg('rear.jpg', images.pickupB)]);
    await expect(panel.locator('[data-testid="field-photo"][data-stage="pickup"]')).toHaveCount(2, {
      timeout: 30_000,
    });
    await chooseStage(panel, 'Drop-off');
    await panel.getByTestId('photo-camera-input').setInputFiles(jpeg('drop.jpg', images.dropoff));
    await expect(panel.locator('[data-testid="field-photo"][data-stage="dropoff"]')).toHaveCount(
      1,
      {
        timeout: 30_000,
      },
    );
    await chooseStage(panel, 'Damage');
    await panel.getByTestId('photo-camera-input').setInputFiles(jpeg('dent.jpg', images.damage));
    await expect(panel.getByTestId('field-photo')).toHaveCount(4, { timeout: 30_000 });
    // Stamped with the phone's position, shown at once from the device, marked as only here.
    await expect(panel.getByText('-20.73611, 116.84633 (±12 m)').first()).toBeVisible();
    await expectImagesLoaded(panel.getByTestId('field-photo'), 4);
    await expect(panel.getByTestId('only-on-phone')).toHaveCount(4);
    await expect(admin.page.getByTestId('sync-uploading')).toHaveText('4 photos uploading');

    // The owner signs the authority to tow.
    await panel.getByRole('button', { name: 'Sign: Authority to tow' }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'Authority to tow' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Save signature' }).click();
    await expect(dialog.getByText('Enter the signer’s printed name')).toBeVisible();
    await expect(dialog.getByText('Ask the signer to sign in the box')).toBeVisible();
    await screenshot(admin.page, 'field-record-signature-errors-390', testInfo);
    await dialog.getByLabel('Printed name of the signer').fill('Dana Reid');
    await drawSignature(admin.page);
    await screenshot(admin.page, 'field-record-signature-390', testInfo);
    await dialog.getByRole('button', { name: 'Save signature' }).click();
    await expect(dialog).toHaveCount(0);
    const towSignature = panel.locator(
      '[data-testid="field-signature"][data-document="authority_to_tow"]',
    );
    await expect(towSignature).toContainText('Dana Reid');
    await expect(admin.page.getByTestId('sync-uploading')).toHaveText(
      '4 photos and 1 signature uploading',
    );
    await expect(admin.page.getByTestId('sync-status-label')).toHaveText('Offline · 5 pending');
    await expect(admin.jobCard(job.id).getByTestId('job-files-on-phone')).toHaveText(
      '5 files only on this phone',
    );
    await screenshot(admin.page, 'field-record-offline-390', testInfo);
    expect(queryRows(server.dbFile, 'SELECT id FROM job_photos WHERE jobId = ?', job.id)).toEqual(
      [],
    );

    // The app is closed and opened again, still without signal: everything is still there.
    await admin.page.close();
    const reopenedPage = await phone.newPage();
    const reopened = new AdminPanel(reopenedPage);
    await reopenedPage.goto('/admin');
    await expect(reopenedPage.getByRole('heading', { level: 1, name: 'Admin Panel' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(reopenedPage.getByTestId('sync-status-label')).toHaveText('Offline · 5 pending');
    await reopened.tab('Job Management');
    panel = await openFieldRecord(reopened, job.id);
    await expect(panel.getByTestId('field-photo')).toHaveCount(4);
    await expectImagesLoaded(panel.getByTestId('field-photo'), 4);
    await expect(panel.getByTestId('only-on-phone')).toHaveCount(5);
    await expect(
      panel.locator('[data-testid="field-signature"][data-document="authority_to_tow"]'),
    ).toContainText('Dana Reid');

    // Signal returns: records sync, bytes upload and are confirmed (kept a week, then thumbnails
    // only).
    await phone.setOffline(false);
    await reopened.waitOnline();
    await expect(reopenedPage.getByTestId('sync-uploading')).toHaveCount(0, { timeout: 120_000 });
    await expect(panel.getByTestId('only-on-phone')).toHaveCount(0, { timeout: 30_000 });
    const kept = await reopenedPage.evaluate(async () => {
      const open = indexedDB.open('pilbara');
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const rows = await new Promise<
        { full: ArrayBuffer | null; thumb: ArrayBuffer; uploadedAt: string | null }[]
      >((resolve, reject) => {
        const get = db.transaction('fieldFiles').objectStore('fieldFiles').getAll();
        get.onsuccess = () => resolve(get.result);
        get.onerror = () => reject(get.error);
      });
      db.close();
      return rows.map((row) => ({
        full: row.full !== null,
        uploaded: row.uploadedAt !== null,
        thumb: row.thumb.byteLength,
      }));
    });
    expect(kept).toHaveLength(5);
    // Confirmed by the server, and the bytes kept a week more for a restored server.
    expect(kept.every((row) => row.uploaded && row.full && row.thumb > 0)).toBe(true);
    expect(
      queryRows<{ n: number }>(
        server.dbFile,
        `SELECT count(*) AS n FROM job_photos p JOIN stored_files f ON f.id = p.contentHash
          WHERE p.jobId = ?`,
        job.id,
      ),
    ).toEqual([{ n: 4 }]);
    await screenshot(reopenedPage, 'field-record-uploaded-390', testInfo);

    // A second admin, at a desk, sees the four photos and the signature in the job card.
    const desk = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
    contexts.push(desk);
    const second = await openAdminPanel(desk);
    await second.tab('Job Management');
    const seen = await openFieldRecord(second, job.id);
    await expect(seen.getByTestId('field-photo')).toHaveCount(4);
    await expect(seen.locator('[data-testid="photo-group"][data-stage="pickup"]')).toContainText(
      'Pickup (2)',
    );
    await expectImagesLoaded(seen.getByTestId('field-photo'), 4);
    const signed = seen.locator(
      '[data-testid="field-signature"][data-document="authority_to_tow"]',
    );
    await expect(signed).toContainText('Dana Reid');
    await expectImagesLoaded(signed, 1);
    await expect(seen.getByTestId('only-on-phone')).toHaveCount(0);
    await screenshot(second.page, 'field-record-desk-1280', testInfo);
    // The job sheet downloads from the card.
    const download = second.page.waitForEvent('download');
    await seen.getByRole('link', { name: 'Job sheet (PDF)' }).click();
    expect((await download).suggestedFilename()).toBe(`Job-sheet-${job.number}.pdf`);
    // Full size on tap.
    await seen.getByRole('button', { name: 'Damage 1 of 1' }).click();
    const viewer = second.page.getByRole('dialog');
    await expectImagesLoaded(viewer, 1);
    const fullWidth = await viewer
      .locator('img')
      .evaluate((img) => (img as HTMLImageElement).naturalWidth);
    expect(fullWidth).toBe(1600);
    await screenshot(second.page, 'field-record-viewer-1280', testInfo);
    await second.page.keyboard.press('Escape');

    // The second admin photographs another job's vehicle: that is not this customer's to see.
    await second.jobCard(otherJob.id).scrollIntoViewIfNeeded();
    const otherPanel = await openFieldRecord(second, otherJob.id);
    await otherPanel
      .getByTestId('photo-camera-input')
      .setInputFiles(jpeg('other.jpg', images.pickupA));
    await expect(otherPanel.getByTestId('field-photo')).toHaveCount(1, { timeout: 30_000 });
    await expect(otherPanel.getByTestId('only-on-phone')).toHaveCount(0, { timeout: 120_000 });

    // The customer's tracking link shows their pickup and drop-off photos only.
    const customerContext = await browser.newContext({ baseURL, viewport: PHONE, isMobile: true });
    contexts.push(customerContext);
    const customerPage = await customerContext.newPage();
    await customerPage.goto(`/customer-portal?token=${encodeURIComponent(job.trackingToken)}`);
    const photos = customerPage.getByTestId('vehicle-photo');
    await expect(photos).toHaveCount(3, { timeout: 30_000 });
    await expectImagesLoaded(customerPage.getByTestId('vehicle-photos'), 3);
    const shown = await photos.evaluateAll((list) =>
      list.map((a) => `${a.getAttribute('data-stage')}:${a.getAttribute('data-photo-id')}`),
    );
    const expected = queryRows<{ id: string; stage: string }>(
      server.dbFile,
      "SELECT id, stage FROM job_photos WHERE jobId = ? AND stage IN ('pickup', 'dropoff')",
      job.id,
    ).map((row) => `${row.stage}:${row.id}`);
    expect(shown.sort()).toEqual(expected.sort());
    const othersPhotos = queryRows<{ id: string }>(
      server.dbFile,
      'SELECT id FROM job_photos WHERE jobId <> ?',
      job.id,
    ).map((row) => row.id);
    expect(othersPhotos.length).toBeGreaterThan(0);
    for (const id of othersPhotos) expect(shown.join(' ')).not.toContain(id);
    await customerPage.getByTestId('vehicle-photos').scrollIntoViewIfNeeded();
    await screenshot(customerPage, 'field-record-customer-390', testInfo);
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
  }
});
