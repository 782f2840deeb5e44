/**
 * The Quotes & Billing tab's invoices, payment dialog, tax invoice preview and reports on a
 * phone (390 px) and a desktop (1280 px): nothing scrolls sideways, the dialogs fit, the charts
 * draw. Invoices are seeded through the staff REST calls. Set SAVE_SCREENSHOTS=1 to refresh
 * e2e/screenshots/billing-*.png for a person to look at; otherwise the shots go to the test's
 * output folder, so a test run leaves the tree unchanged.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN, expect, test } from '../fixtures/server';
import { AdminPanel, loginThroughUi } from '../page-models/admin';
import { BillingPage } from '../page-models/billing';
import {
  completeJob,
  createJob,
  invoiceOfPaidQuote,
  loginAsAdmin,
  serviceLine,
  uniqueCustomer,
} from '../page-models/test-data';

const SCREENSHOTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');

async function shot(page: Page, name: string, fullPage = false): Promise<void> {
  const file = `${name}.png`;
  await page.screenshot({
    path: process.env.SAVE_SCREENSHOTS ? join(SCREENSHOTS, file) : test.info().outputPath(file),
    fullPage,
  });
}

async function noSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow, 'nothing scrolls sideways').toBeLessThanOrEqual(0);
}

/** A sent quote, paid in part (or in full) through the staff record-payment call. */
async function paidQuote(
  request: APIRequestContext,
  name: string,
  amount: number | undefined,
): Promise<string> {
  const customer = uniqueCustomer(name);
  const invoice = await invoiceOfPaidQuote(
    request,
    {
      customer,
      service: 'Heavy Vehicle Recovery',
      fromLocation: 'Karratha',
      toLocation: 'Newman',
      items: [
        serviceLine('Heavy Vehicle Recovery', 35000),
        { description: 'Waiting Time per hour', quantity: 2, unitPrice: 9500, category: 'misc' },
      ],
    },
    { method: 'bank-transfer', reference: 'EFT 88', ...(amount ? { amount } : {}) },
  );
  return invoice.id;
}

for (const viewport of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 900 },
]) {
  test(`invoices, payments and reports fit a ${viewport.name} (${viewport.width} px)`, async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await loginAsAdmin(request);
    const partPaid = await paidQuote(request, 'Partly', 30000);
    await paidQuote(request, 'Settled', undefined);
    const customer = uniqueCustomer('Ready');
    const job = await createJob(request, {
      customerName: customer.name,
      phone: customer.phone,
      service: '4x4 Recovery',
      location: 'Millstream track',
    });
    await completeJob(request, job.id);

    await loginThroughUi(page, ADMIN);
    const admin = new AdminPanel(page);
    await admin.open();
    await admin.tab('Quotes & Billing');
    const billing = new BillingPage(page);
    await billing.view('Invoices');
    await expect(billing.jobToInvoice(job.id)).toBeVisible({ timeout: 15_000 });
    const invoice = billing.invoiceCard(partPaid);
    await expect(invoice).toHaveAttribute('data-state', 'part-paid', { timeout: 15_000 });
    await noSidewaysScroll(page);
    for (const button of await invoice.getByRole('button').all()) {
      const box = await button.boundingBox();
      expect(box?.height ?? 0, 'buttons are big enough to press').toBeGreaterThanOrEqual(34);
      expect((box?.x ?? 0) + (box?.width ?? 0), 'buttons stay on screen').toBeLessThanOrEqual(
        viewport.width,
      );
    }
    await shot(page, `billing-invoices-${viewport.width}`, true);

    // The payment dialog: more than is owed shows the rule's message under the amount.
    await invoice.getByRole('button', { name: 'Record payment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Record payment' });
    await dialog.getByLabel('Amount').fill('9999');
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await expect(dialog.getByText(/The amount is more than the balance due/)).toBeVisible();
    await dialog.getByLabel('Date received').click();
    await expect(
      page.locator('.mantine-DatePickerInput-dropdown, .mantine-Popover-dropdown').first(),
    ).toBeVisible();
    await shot(page, `billing-payment-${viewport.width}`);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    // The tax invoice as the customer reads it.
    await invoice.getByRole('button', { name: 'View' }).click();
    const preview = page.getByTestId('invoice-preview');
    await expect(preview).toContainText('Total price includes GST');
    await expect(preview).toContainText('Bank transfer · EFT 88');
    const box = await preview.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0), 'the preview fits').toBeLessThanOrEqual(
      viewport.width,
    );
    await shot(page, `billing-invoice-preview-${viewport.width}`);
    await page.keyboard.press('Escape');

    // Reports: the three charts draw, and the GST summary of this month is there.
    await billing.view('Reports & books');
    for (const chart of ['monthly-revenue-chart', 'unpaid-age-chart', 'service-revenue-chart'])
      await expect(page.getByTestId(chart).locator('svg.recharts-surface')).toBeVisible();
    await expect(page.getByTestId('gst-g1')).toContainText('$');
    await noSidewaysScroll(page);
    await shot(page, `billing-reports-${viewport.width}`, true);
  });
}
