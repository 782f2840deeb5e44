/**
 * A phone with no room left refuses a photo with a clear message instead of failing
 * silently, and records nothing. The browser's storage estimate is made to say 1 MB is free.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '../fixtures/server';
import { openPhone } from '../page-models/app-shell';
import { openAdminPanel } from '../page-models/admin';
import { createJob, loginAsAdmin, uniqueCustomer } from '../page-models/test-data';

test('a photo the phone has no room for is refused with the space left, and nothing is kept', async ({
  browser,
  baseURL,
  request,
}, testInfo) => {
  test.setTimeout(300_000);
  await loginAsAdmin(request);
  const customer = uniqueCustomer('Space');
  const job = await createJob(request, {
    customerName: customer.name,
    phone: customer.phone,
    service: 'Towing',
    location: 'Karratha',
  });
  const phone = await openPhone(browser, baseURL, { deviceScaleFactor: 1 });
  try {
    await phone.addInitScript(() => {
      const used = 200 * 1024 * 1024;
      Object.defineProperty(navigator.storage, 'estimate', {
        value: async () => ({ usage: used, quota: used + 1024 * 1024 }),
      });
    });
    const admin = await openAdminPanel(phone);
    await admin.tab('Job Management');
    const card = admin.jobCard(job.id);
    await card.getByRole('button', { name: 'Photos & signatures' }).click();
    const panel = card.getByTestId('field-record');
    await expect(panel.getByTestId('device-space')).toHaveText(
      'This device holds 200.0 MB of offline data; 1.0 MB free',
    );
    const jpeg = await admin.page.evaluate(async () => {
      const canvas = new OffscreenCanvas(1200, 900);
      const ctx = canvas.getContext('2d');
      if (!ctx) throw new Error('no canvas');
      ctx.fillStyle = '#b45309';
      ctx.fillRect(0, 0, 1200, 900);
      const bytes = new Uint8Array(
        await (await canvas.convertToBlob({ type: 'image/jpeg' })).arrayBuffer(),
      );
      return Array.from(bytes);
    });
    await panel.getByTestId('photo-camera-input').setInputFiles({
      name: 'photo.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from(jpeg),
    });
    await expect(admin.toast('Error')).toContainText(
      'Not enough space on this device to keep this photo (1.0 MB free).',
    );
    await expect(panel.getByTestId('field-photo')).toHaveCount(0);
    await expect(panel.getByText('No photos yet')).toBeVisible();
    await expect(admin.page.getByTestId('sync-status-label')).toHaveText('Synced');
    const shot = testInfo.outputPath('field-record-no-space-390.png');
    await admin.page.screenshot({ path: shot });
    if (process.env.FIELD_RECORD_SHOTS) {
      fs.mkdirSync(process.env.FIELD_RECORD_SHOTS, { recursive: true });
      fs.copyFileSync(
        shot,
        path.join(process.env.FIELD_RECORD_SHOTS, 'field-record-no-space-390.png'),
      );
    }
  } finally {
    await phone.close();
  }
});
