/**
 * No valid ABN, no tax invoice. A server started with no BUSINESS_ABN, and
 * one started with the placeholder `00 000 000 000`, each warn at start, show the owners a banner
 * in the admin panel, and send documents that say "Invoice" with no tax-invoice claim and no ABN;
 * the suite's own server has a valid ABN: no banner, and its PDF says "Tax invoice" with the
 * ABN. Screenshots of the banner at 390 and 1280 px (SAVE_SCREENSHOTS=1: e2e/screenshots/).
 */
import { rmSync, writeFileSync } from 'node:fs';
import { request as apiRequest, type APIRequestContext, type Browser } from '@playwright/test';
import { expect, startServer, test } from '../fixtures/server';
import { openAdminPanelByApi, type AdminPanel } from '../page-models/admin';
import { pdfText } from '../page-models/pdf-text';
import { shotAt } from '../page-models/screens';
import {
  invoiceOfPaidQuote,
  loginAsAdmin,
  serviceLine,
  uniqueCustomer,
} from '../page-models/test-data';

const VALID_ABN = '51 824 753 556';

/** A quote sent and paid in full through the staff calls; returns the PDF text of its invoice. */
async function invoicePdf(request: APIRequestContext, file: string): Promise<string> {
  const customer = uniqueCustomer('Abn');
  const invoice = await invoiceOfPaidQuote(
    request,
    {
      customer: { name: customer.name, phone: customer.phone },
      items: [serviceLine('4x4 Recovery', 22000)],
    },
    { method: 'cash' },
  );
  const pdf = await request.get(`/api/invoices/${invoice.number}/pdf`);
  expect(pdf.status()).toBe(200);
  writeFileSync(file, await pdf.body());
  return `${pdf.headers()['content-disposition']} ${await pdfText(file)}`;
}

/** The admin panel of the server at `baseURL`, signed in through the UI. */
async function adminPanelOn(browser: Browser, baseURL: string): Promise<AdminPanel> {
  return openAdminPanelByApi(await browser.newContext({ baseURL }));
}

for (const [label, abn] of [
  ['no BUSINESS_ABN', ''],
  ['the placeholder 00 000 000 000', '00 000 000 000'],
] as const) {
  test(`with ${label}: a warning at start, a banner for the owners, plain invoices`, async ({
    browser,
    mailbox,
  }) => {
    // Its own server: tsx compiles it and hashes the admin password on a busy machine.
    test.setTimeout(300_000);
    const { server, stop } = await startServer({ BUSINESS_ABN: abn, SMTP_URL: mailbox.url });
    const request = await apiRequest.newContext({ baseURL: server.baseURL });
    try {
      // Unset, the server carries the placeholder: both say the ABN is not set.
      expect(server.output()).toMatch(/Warning: BUSINESS_ABN is not set/);
      await loginAsAdmin(request);
      const text = await invoicePdf(request, test.info().outputPath('plain-invoice.pdf'));
      expect(text).toMatch(/filename="Invoice-INV-\d{4}-\d+\.pdf"/);
      expect(text).toMatch(/INVOICE INV-\d{4}-\d+/);
      expect(text).not.toContain('TAX INVOICE');
      expect(text).not.toContain('Tax invoice');
      expect(text).not.toMatch(/ABN \d/);
      expect(text).toContain('This is not a tax invoice');

      const admin = await adminPanelOn(browser, server.baseURL);
      const banner = admin.page.getByTestId('abn-banner');
      await expect(banner).toBeVisible();
      await expect(banner).toContainText('No valid ABN: invoices are not tax invoices');
      await expect(banner).toContainText('Set BUSINESS_ABN');
      if (abn !== '')
        for (const width of [390, 1280]) await shotAt(admin.page, 'abn-banner', width, banner);
      await admin.page.context().close();
    } finally {
      await request.dispose();
      await stop();
      rmSync(server.dataDir, { recursive: true, force: true });
    }
  });
}

test('with a valid ABN: no warning, no banner, and the PDF is a tax invoice with the ABN', async ({
  browser,
  baseURL,
  request,
  server,
}) => {
  test.setTimeout(180_000);
  expect(server.output()).not.toContain('BUSINESS_ABN');
  await loginAsAdmin(request);
  const text = await invoicePdf(request, test.info().outputPath('tax-invoice.pdf'));
  expect(text).toMatch(/filename="Tax-invoice-INV-\d{4}-\d+\.pdf"/);
  expect(text).toMatch(/TAX INVOICE INV-\d{4}-\d+/);
  expect(text).toContain(`ABN ${VALID_ABN}`);
  const admin = await adminPanelOn(browser, baseURL!);
  await expect(admin.page.getByTestId('abn-banner')).toHaveCount(0);
  await admin.page.context().close();
});
