/**
 * WA's towing law, end to end. A driver at a crash scene, offline on a 360 px phone, marks the
 * job a crash tow and records the Authority to Tow signed by the vehicle's driver (and by
 * themselves), the guided photos, the dashcam reference and the property list, then loads the
 * vehicle. Back in signal, an owner books it into the yard, records the payment (the release
 * deadline shows), records the collector's identity and signature and releases it; the day's
 * records export lists every step, and the Authority to Tow PDF is rendered to a PNG to look at.
 *
 * A second journey: a complaint through the public page, acknowledged, investigated and
 * resolved by an owner, appears in the register's export.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect, test, WITH_SERVICE_WORKER } from '../fixtures/server';
import { openAdminPanelByApi, selectTab } from '../page-models/admin';
import {
  DEVICE_WRITE_TIMEOUT,
  KARRATHA,
  SMALL_PHONE,
  openPhone,
  waitForOfflineReady,
} from '../page-models/app-shell';
import { DriverScreen } from '../page-models/driver';
import { auditLayout } from '../page-models/layout-audit';
import { cameraJpeg, drawSignature } from '../page-models/field-record';
import { pdfText } from '../page-models/pdf-text';
import { shotAt, shotFile } from '../page-models/screens';
import {
  addDriverWithJob,
  driverAccount,
  queryRows,
  uniqueCustomer,
} from '../page-models/test-data';
import { takeWaitingBookings } from '../page-models/staff-alerts';

/** Today's date in Perth, as the records export is asked for it. */
function perthToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Perth' }).format(new Date());
}

/** Signs the pad of the open signature dialog with `name` and saves it. */
async function sign(page: Page, name: string): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Printed name of the signer').fill(name);
  await drawSignature(page);
  await dialog.getByRole('button', { name: 'Save signature' }).click();
  await expect(dialog).toBeHidden({ timeout: DEVICE_WRITE_TIMEOUT });
}

/** The crash tow checklist on the driver's card. */
function checklist(card: Locator): Locator {
  return card.getByTestId('crash-tow');
}

// The driver works the scene with no signal: the phone's app, its lazily loaded checklist
// among it, comes from the service worker. The complaint journey below needs no worker.
test.describe('at a crash scene with no signal', () => {
  test.use(WITH_SERVICE_WORKER);

  test('a crash tow from the scene to the yard and out, with its records', async ({
    browser,
    baseURL,
    request,
    server,
  }, testInfo) => {
    test.setTimeout(300_000);
    const driver = driverAccount('Robin');
    const customer = uniqueCustomer('Crash');
    const job = await addDriverWithJob(request, driver, {
      customerName: customer.name,
      phone: customer.phone,
      email: `${customer.lastName}@example.com`,
      service: 'Accident Towing',
      location: 'NW Coastal Hwy at Nickol, Karratha',
    });
    // Bookings earlier journeys left waiting ring the owners' alarm, whose banner would take the
    // yard screen's place at 390 px: the owners have taken them first.
    await takeWaitingBookings(request);

    const phone = await openPhone(browser, baseURL, { viewport: SMALL_PHONE, at: KARRATHA });
    const office = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
    try {
      // The driver signs in on the phone while there is signal, then drives out of it.
      const page = await phone.newPage();
      await page.addInitScript(() => localStorage.setItem('installCardDismissed', '1'));
      const screen = new DriverScreen(page);
      await screen.signIn(driver);
      await waitForOfflineReady(page);
      await screen.waitSynced();
      const card = screen.job(job.id);
      await expect(card).toBeVisible({ timeout: 15_000 });
      const photos = {
        front: await cameraJpeg(page, '#b45309', 'FRONT'),
        rear: await cameraJpeg(page, '#1d4ed8', 'REAR'),
        left: await cameraJpeg(page, '#15803d', 'LEFT SIDE'),
        right: await cameraJpeg(page, '#7c3aed', 'RIGHT SIDE'),
        damage: await cameraJpeg(page, '#b91c1c', 'CRUSHED BONNET'),
        property: await cameraJpeg(page, '#334155', 'LAPTOP BAG'),
      };

      await phone.setOffline(true);
      await screen.step(job.id, 'On my way').click();
      await screen.step(job.id, 'Arrived / Start').click();
      await expect(card).toHaveAttribute('data-status', 'In Progress');

      // At the scene: the job is a crash tow, and nothing can be loaded before the checklist.
      await card.getByRole('button', { name: /^Photos & signatures/ }).click();
      await card.getByRole('button', { name: 'This is a crash tow' }).click();
      const list = checklist(card);
      await expect(list).toBeVisible({ timeout: DEVICE_WRITE_TIMEOUT });
      await expect(list.getByRole('button', { name: 'Vehicle loaded' })).toBeDisabled();

      // The Authority to Tow, with the approved form's fields.
      await list.getByRole('button', { name: 'Fill in the Authority to Tow' }).click();
      const form = page.getByTestId('att-form');
      await form.getByLabel('Owner or driver of the vehicle').check();
      await form.getByLabel('Name of the person who authorised it').fill(customer.name);
      await form.getByLabel('Their phone').fill(customer.phone);
      await form.getByLabel('Their email').fill(`${customer.lastName}@example.com`);
      await form.getByLabel('Registration').fill('1CRA123');
      await form.getByLabel('Make').fill('Toyota');
      await form.getByLabel('Model').fill('Hilux');
      await form.getByLabel('Towed to').fill('Pilbara Towing yard, Coolawanyah Rd, Karratha');
      await form.getByLabel('Charges or their basis').fill('Tow $450 incl. GST; storage $25 a day');
      await shotAt(page, 'att-form', 360);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(form).toBeHidden({ timeout: DEVICE_WRITE_TIMEOUT });
      await expect(list.getByTestId('att-summary')).toContainText(customer.name);

      // The vehicle's driver signs, then the towing worker.
      await list.getByRole('button', { name: 'Authoriser signs' }).click();
      await sign(page, customer.name);
      await list.getByRole('button', { name: 'Towing worker signs' }).click();
      await sign(page, `${driver.firstName} ${driver.lastName}`);

      // The guided photos, each stamped with time and position.
      for (const [key, bytes] of Object.entries(photos)) {
        await list
          .getByTestId(`crash-photo-input-${key}`)
          .setInputFiles({ name: `${key}.jpg`, mimeType: 'image/jpeg', buffer: bytes });
        await expect(
          list.locator(`[data-testid="crash-photo"][data-subject="${key}"]`),
        ).toContainText('1', { timeout: DEVICE_WRITE_TIMEOUT });
      }

      // The dashcam reference and the property list.
      await list.getByLabel('Camera', { exact: true }).fill('Truck 3 front dashcam');
      await list.getByLabel('File name').fill('REC_0931.MP4');
      await list.getByRole('button', { name: 'Save dashcam' }).click();
      await list.getByLabel('Item', { exact: true }).fill('Laptop bag');
      await list.getByLabel('Where in the vehicle').fill('Back seat');
      await list.getByRole('button', { name: 'Add item' }).click();
      await expect(list.getByTestId('property-list')).toContainText('Laptop bag', {
        timeout: DEVICE_WRITE_TIMEOUT,
      });

      const loaded = list.getByRole('button', { name: 'Vehicle loaded' });
      await expect(loaded).toBeEnabled({ timeout: DEVICE_WRITE_TIMEOUT });
      await shotAt(page, 'crash-tow-ready', 360, list);
      // On a 360 px phone nothing of the checklist is covered, clipped or too small to tap.
      expect(await auditLayout(page)).toEqual([]);
      await loaded.click();
      await expect(list.getByTestId('crash-tow-loaded')).toBeVisible({
        timeout: DEVICE_WRITE_TIMEOUT,
      });
      await expect(page.getByTestId('sync-status-label')).toHaveText(/Offline · \d+ pending/);
      // Nothing reached the server yet: the record is only on the phone.
      expect(queryRows(server.dbFile, 'SELECT id FROM crash_tows WHERE id = ?', job.id)).toEqual(
        [],
      );

      // Back in signal: the record and its files reach the server.
      await phone.setOffline(false);
      await screen.waitSynced();
      await expect
        .poll(
          () =>
            queryRows<{ n: number }>(
              server.dbFile,
              `SELECT count(*) AS n FROM stored_files WHERE id IN
               (SELECT contentHash FROM job_photos WHERE jobId = ?
                UNION SELECT contentHash FROM job_signatures WHERE jobId = ?)`,
              job.id,
              job.id,
            )[0]?.n,
          { timeout: 120_000, message: 'the photos and signatures are uploaded' },
        )
        .toBe(8);
      expect(
        queryRows<{ loadedAt: string | null }>(
          server.dbFile,
          'SELECT loadedAt FROM crash_tows WHERE id = ?',
          job.id,
        )[0]?.loadedAt,
      ).not.toBeNull();
      await screen.step(job.id, 'Complete').click();
      await page.getByRole('dialog').getByRole('button', { name: 'Complete job' }).click();
      await expect(card).toHaveAttribute('data-status', 'Completed', {
        timeout: DEVICE_WRITE_TIMEOUT,
      });

      // At the yard an owner books it into storage.
      const admin = await openAdminPanelByApi(office);
      const owner = admin.page;
      await owner.getByRole('link', { name: 'Yard & records' }).click();
      await expect(
        owner.getByRole('heading', { level: 1, name: 'Yard, records & complaints' }),
      ).toBeVisible();
      await owner.getByRole('button', { name: 'Book in' }).click();
      const bookIn = owner.getByRole('dialog');
      await bookIn.getByTestId('book-in-job').selectOption(job.id);
      await expect(bookIn.getByLabel('Registration')).toHaveValue('1CRA123');
      await bookIn.getByRole('textbox', { name: /^Bay/ }).fill('A1');
      await bookIn.getByRole('button', { name: 'Book in' }).click();
      await expect(bookIn).toBeHidden({ timeout: DEVICE_WRITE_TIMEOUT });
      const stored = owner.getByTestId('yard-vehicle').filter({ hasText: '1CRA123' });
      await expect(stored).toBeVisible();
      await expect(stored.getByTestId('yard-accrued')).toContainText('1 day');
      // The owners run the yard from a phone too.
      await shotAt(owner, 'yard', 390, stored);
      expect(await auditLayout(owner)).toEqual([]);
      await owner.setViewportSize({ width: 1280, height: 900 });

      // The owner records the payment: the release deadline shows and counts down.
      await stored.getByRole('button', { name: 'Record payment' }).click();
      const pay = owner.getByRole('dialog');
      await pay.getByLabel('Towing charges paid with it').fill('450');
      await pay.getByRole('button', { name: 'Record payment' }).click();
      await expect(pay).toBeHidden({ timeout: DEVICE_WRITE_TIMEOUT });
      await expect(stored.getByTestId('release-countdown')).toContainText('Release by');
      await expect(stored.getByTestId('release-countdown')).toContainText(
        /of business time left|Release deadline passed/,
      );
      const due = queryRows<{ releaseDueAt: string | null }>(
        server.dbFile,
        'SELECT releaseDueAt FROM yard_vehicles WHERE jobId = ?',
        job.id,
      );
      await expect
        .poll(
          () =>
            queryRows<{ releaseDueAt: string | null }>(
              server.dbFile,
              'SELECT releaseDueAt FROM yard_vehicles WHERE jobId = ?',
              job.id,
            )[0]?.releaseDueAt ?? null,
          { timeout: 30_000 },
        )
        .not.toBeNull();
      expect(due.length).toBeLessThanOrEqual(1);
      await shotAt(owner, 'yard-paid', 1280, stored);

      // The collector shows their licence and signs; the vehicle is released.
      await stored.getByRole('button', { name: 'Release', exact: true }).click();
      const release = owner.getByRole('dialog');
      await release.getByLabel('Document number').fill('WA7654321');
      await release.getByRole('button', { name: 'Collector signs' }).click();
      const pad = owner.getByRole('dialog').filter({ has: owner.getByTestId('signature-pad') });
      await pad.getByLabel('Printed name of the signer').fill(customer.name);
      await drawSignature(owner);
      await pad.getByRole('button', { name: 'Save signature' }).click();
      await expect(owner.getByRole('dialog')).toHaveCount(0, { timeout: DEVICE_WRITE_TIMEOUT });
      await expect(owner.getByTestId('yard-vehicle').filter({ hasText: '1CRA123' })).toHaveCount(0);
      await expect
        .poll(
          () =>
            queryRows<{ status: string }>(
              server.dbFile,
              'SELECT status FROM yard_vehicles WHERE jobId = ?',
              job.id,
            )[0]?.status,
          { timeout: 30_000 },
        )
        .toBe('released');

      // The collector's signature reaches the server like every other file.
      await expect
        .poll(
          () =>
            queryRows<{ n: number }>(
              server.dbFile,
              `SELECT count(*) AS n FROM stored_files
              WHERE id = (SELECT json_extract(release, '$.contentHash') FROM yard_vehicles WHERE jobId = ?)`,
              job.id,
            )[0]?.n,
          { timeout: 120_000, message: 'the collector’s signature is uploaded' },
        )
        .toBe(1);

      // The day's records list every step.
      await selectTab(owner, 'Records');
      await expect(owner.getByTestId('records-csv')).toBeVisible();
      await shotAt(owner, 'records', 1280);
      const today = perthToday();
      const csv = await owner.request.get(`/api/compliance/records.csv?from=${today}&to=${today}`);
      expect(csv.status()).toBe(200);
      const rows = (await csv.text())
        .split('\r\n')
        .filter((row) => row.includes(job.number) || row.includes('1CRA123'));
      const steps = rows.map((row) => row.split(',')[2]);
      for (const step of [
        'Marked a crash tow',
        'Authority to Tow signed',
        'Authority to Tow signed by towing worker',
        'Vehicle loaded',
        'Into storage',
        'Charges paid',
        'Released from storage',
      ]) {
        expect(steps, step).toContain(step);
      }
      expect(rows.join('\n')).toContain('Collected by');

      // The Authority to Tow PDF, rendered to look at.
      const att = await owner.request.get(`/api/jobs/${job.id}/authority-to-tow.pdf`);
      expect(att.status()).toBe(200);
      const pdfFile = shotFile('authority-to-tow.pdf');
      fs.writeFileSync(pdfFile, await att.body());
      const text = await pdfText(pdfFile);
      for (const expected of [
        'AUTHORITY TO TOW',
        `Name: ${customer.name}`,
        'Towed to: Pilbara Towing yard, Coolawanyah Rd, Karratha',
        `Signed by: ${customer.name}`,
        `Signed by: ${driver.firstName} ${driver.lastName}`,
        'Left side 1 of 1',
        'Personal property 1 of 1',
        '1 x Laptop bag (Back seat)',
        '-20.73611, 116.84633',
      ]) {
        expect(text).toContain(expected);
      }
      execFileSync('pdftoppm', [
        '-png',
        '-r',
        '70',
        '-f',
        '1',
        '-l',
        '2',
        pdfFile,
        shotFile('authority-to-tow'),
      ]);
      expect(fs.existsSync(`${shotFile('authority-to-tow')}-1.png`)).toBe(true);
      testInfo.annotations.push({ type: 'pdf', description: pdfFile });
    } finally {
      await phone.close();
      await office.close();
    }
  });
});

test('a complaint through the public page is acknowledged, resolved and in the register', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const customer = uniqueCustomer('Complainant');
  const visitor = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const office = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  try {
    const page = await visitor.newPage();
    await page.goto('/complaints');
    await expect(page.getByRole('heading', { level: 1, name: 'Make a complaint' })).toBeVisible();
    await shotAt(page, 'complaints-page', 390);
    await shotAt(page, 'complaints-page', 360);
    expect(await auditLayout(page)).toEqual([]);
    await shotAt(page, 'complaints-page', 1280);
    const form = page.getByRole('form', { name: 'Complaint form' });
    await form.getByLabel('Your name').fill(customer.name);
    await form.getByLabel('Email').fill(`${customer.lastName}@example.com`);
    await form.getByLabel('Job number or vehicle').fill('Blue Hilux 1ABC234');
    await form
      .getByLabel('What happened')
      .fill('The yard gate was locked at 2 pm on Tuesday when I came to collect my car.');
    await form.getByRole('button', { name: 'Send complaint' }).click();
    await expect(page.getByText('Complaint recorded')).toBeVisible({ timeout: 30_000 });

    const admin = await openAdminPanelByApi(office);
    const owner = admin.page;
    await owner.goto('/admin/compliance');
    // The bookings-waiting alert can land above the page and push the tabs down under the click.
    await selectTab(owner, 'Complaints');
    // The open tab is in the address, so the page drawn again still shows the register.
    await expect(owner).toHaveURL(/\/admin\/compliance\?tab=complaints$/);
    const complaint = owner.getByTestId('complaint').filter({ hasText: customer.name });
    await expect(complaint).toBeVisible({ timeout: 30_000 });
    await expect(complaint.getByTestId('complaint-next')).toContainText('Acknowledged by');
    await shotAt(owner, 'complaint-register', 1280, complaint);

    await complaint.getByRole('button', { name: 'Acknowledge' }).click();
    await owner.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await expect(complaint.getByTestId('complaint-next')).toContainText('Investigated by', {
      timeout: DEVICE_WRITE_TIMEOUT,
    });
    await complaint.getByRole('button', { name: 'Record findings' }).click();
    await owner.getByRole('dialog').getByLabel('Findings').fill('The gate sign showed old hours.');
    await owner.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await expect(complaint.getByTestId('complaint-next')).toContainText('Resolved by', {
      timeout: DEVICE_WRITE_TIMEOUT,
    });
    await complaint.getByRole('button', { name: 'Record outcome' }).click();
    await owner
      .getByRole('dialog')
      .getByLabel('Outcome told to the complainant')
      .fill('Apologised; the storage for that day refunded.');
    await owner.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await expect(complaint.getByTestId('complaint-next')).toHaveText('Resolved', {
      timeout: DEVICE_WRITE_TIMEOUT,
    });

    await admin.waitOnline();
    await expect
      .poll(
        async () => {
          const answer = await owner.request.get('/api/compliance/complaints.csv');
          const row = (await answer.text())
            .split('\r\n')
            .find((line) => line.includes(customer.name));
          return row ?? '';
        },
        { timeout: 30_000 },
      )
      .toContain('Apologised; the storage for that day refunded.');
    const row = (await (await owner.request.get('/api/compliance/complaints.csv')).text())
      .split('\r\n')
      .find((line) => line.includes(customer.name));
    expect(row).toContain('Website form');
    expect(row).toContain('The gate sign showed old hours.');

    // A reload opens the register again, not the yard.
    await owner.reload();
    await expect(owner.getByRole('tab', { name: 'Complaints' })).toHaveAttribute(
      'aria-selected',
      'true',
      { timeout: 30_000 },
    );
    await expect(complaint.getByTestId('complaint-next')).toHaveText('Resolved', {
      timeout: 30_000,
    });
  } finally {
    await visitor.close();
    await office.close();
  }
});
