/**
 * An invoice paid in full, then a credit note — the customer is owed a
 * refund, shown on the invoice card and in the Refunds owed list; the adjustment-note email says
 * the refund is on its way (its PDF is rendered with pdftoppm for a person to look at); the
 * refund is recorded with no signal; signal returns: the balance is zero, and payments.csv lists
 * the refund as money out. Screenshots at 390 and 1280 px of the refund owed and the refund
 * dialog: SAVE_SCREENSHOTS=1 writes them to e2e/screenshots/refund-*.png (otherwise the test's
 * output folder, so a run leaves the tree unchanged).
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { DOCUMENT_SEND_TIMEOUT, expect, test, WITH_SERVICE_WORKER } from '../fixtures/server';
import { openAdminPanelByApi } from '../page-models/admin';
import { openDevices, waitForOfflineReady } from '../page-models/app-shell';
import { BillingPage } from '../page-models/billing';
import { pdfText } from '../page-models/pdf-text';
import { shotAt, shotFile } from '../page-models/screens';
import {
  invoiceOfPaidQuote,
  loginAsAdmin,
  queryRows,
  serviceLine,
  uniqueCustomer,
} from '../page-models/test-data';

// Works with no signal: the app's code comes from the service worker.
test.use(WITH_SERVICE_WORKER);

const SYNC_TIMEOUT = 20_000;

/** A sent quote paid in full through the staff call; returns the invoice's key and customer. */
async function paidInvoice(request: APIRequestContext) {
  const customer = uniqueCustomer('Refund');
  const invoice = await invoiceOfPaidQuote(
    request,
    {
      customer,
      service: 'Heavy Vehicle Recovery',
      items: [serviceLine('Heavy Vehicle Recovery', 95000), serviceLine('Winch Recovery', 15000)],
    },
    { method: 'bank-transfer', reference: 'EFT 4410' },
  );
  return { customer, invoice };
}

test('a refund owed after a credit note is recorded offline and the books show it going out', async ({
  browser,
  baseURL,
  request,
  mailbox,
  server,
}) => {
  // Two syncs, a PDF render and screenshots at two widths on a busy 2-core machine.
  test.setTimeout(300_000);
  await loginAsAdmin(request);
  const { customer, invoice } = await paidInvoice(request);
  expect(invoice.number).toMatch(/^INV-\d{4}-\d+$/);

  const devices = await openDevices(browser, baseURL, ['office']);
  try {
    const admin = await openAdminPanelByApi(devices.contexts.office);
    const page = admin.page;
    await waitForOfflineReady(page);
    await admin.waitOnline();
    await admin.tab('Quotes & Billing');
    const billing = new BillingPage(page);
    await billing.view('Invoices');
    const card = billing.invoiceCard(invoice.id);
    await expect(card).toHaveAttribute('data-state', 'paid', { timeout: SYNC_TIMEOUT });
    await expect(card.getByTestId('document-ref').first()).toHaveText(invoice.number);

    // The winch was not needed: $110.00 credited on an invoice already paid in full.
    await card.getByRole('button', { name: 'Credit note' }).click();
    const creditDialog = page.getByRole('dialog', { name: 'Issue a credit note' });
    await expect(creditDialog).toContainText('owed back to the customer as a refund');
    await creditDialog.getByLabel(/Credit amount/).fill('110');
    await creditDialog.getByLabel(/Reason/).fill('Winch recovery not needed');
    await creditDialog.getByRole('button', { name: 'Issue credit note' }).click();
    await expect(creditDialog).toHaveCount(0);
    await expect(card).toHaveAttribute('data-state', 'refund-owed');
    await expect(card.getByTestId('invoice-state')).toHaveText('Refund owed');
    await expect(card.getByTestId('invoice-balance')).toHaveText('Refund owed $110.00');
    const owed = page.getByTestId('refunds-owed');
    await expect(owed.locator(`[data-invoice-id="${invoice.id}"]`)).toContainText('$110.00');

    // The credit note syncs and gets its number; its email says the refund is on its way.
    const note = card.getByTestId('invoice-credit-note');
    await expect(note.getByTestId('document-ref')).toHaveText(/^CN-\d{4}-\d+$/, {
      timeout: SYNC_TIMEOUT,
    });
    const noteNumber = (await note.getByTestId('document-ref').textContent()) ?? '';
    await note.getByRole('button', { name: 'Email credit note' }).click();
    await expect(billing.toast('Credit note emailed')).toBeVisible({
      timeout: DOCUMENT_SEND_TIMEOUT,
    });
    await expect
      .poll(() => mailbox.messages.filter((mail) => mail.to.includes(customer.email)).length, {
        timeout: SYNC_TIMEOUT,
      })
      .toBe(1);
    const mail = mailbox.messages.find((m) => m.to.includes(customer.email))?.raw ?? '';
    const unfolded = mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(unfolded).toContain(`Subject: Credit note ${noteNumber} from`);
    expect(unfolded).toContain('A refund of $110.00 is on its way to you.');
    expect(unfolded).toContain(`Credit-note-${noteNumber}.pdf`);

    // The adjustment note as the customer gets it, rendered for a person to look at.
    const pdf = await page.request.get(`/api/credit-notes/${noteNumber}/pdf`);
    expect(pdf.status()).toBe(200);
    const pdfFile = test.info().outputPath('refund-credit-note.pdf');
    writeFileSync(pdfFile, await pdf.body());
    const text = await pdfText(pdfFile);
    expect(text).toContain(`CREDIT NOTE ${noteNumber} Adjustment note`);
    expect(text).toContain(`Tax invoice ${invoice.number}`);
    expect(text).toContain('A refund of $110.00 is on its way to you.');
    const rendered = spawnSync('pdftoppm', [
      '-png',
      '-r',
      '80',
      '-singlefile',
      pdfFile,
      shotFile('refund-credit-note'),
    ]);
    expect(rendered.status, String(rendered.stderr)).toBe(0);

    // The refund owed, on a phone and a desktop.
    for (const width of [390, 1280]) await shotAt(page, 'refund-owed', width, owed);

    // No signal: the money goes back by transfer and is recorded on the phone.
    await devices.contexts.office.setOffline(true);
    await owed
      .locator(`[data-invoice-id="${invoice.id}"]`)
      .getByRole('button', { name: 'Record refund' })
      .click();
    const refundDialog = page.getByRole('dialog', { name: 'Record refund' });
    await expect(refundDialog).toContainText('$110.00 owed back to the customer');
    await expect(refundDialog.getByLabel('Amount')).toHaveValue('110.00');
    await refundDialog.getByText('Bank transfer', { exact: true }).click();
    await refundDialog.getByLabel('Reference (optional)').fill('EFT R-2231');
    for (const width of [1280, 390]) await shotAt(page, 'refund-dialog', width);
    await refundDialog.getByRole('button', { name: 'Record refund' }).click();
    await expect(refundDialog).toHaveCount(0);
    await expect(billing.toast('Refund recorded')).toBeVisible({ timeout: 30_000 });
    await expect(card).toHaveAttribute('data-state', 'paid');
    await expect(card.getByTestId('invoice-settlement')).toContainText('refunded $110.00');
    await expect(card.getByTestId('invoice-balance')).toHaveText('nothing due');
    await expect(card.getByTestId('invoice-unsynced')).toBeVisible();
    await expect(page.getByTestId('refunds-owed')).toHaveCount(0);
    expect(
      queryRows(
        server.dbFile,
        "SELECT id FROM payments WHERE invoiceId = ? AND kind = 'refund'",
        invoice.id,
      ),
    ).toEqual([]);

    // Signal returns: the refund reaches the server once, and the balance is zero there too.
    await devices.contexts.office.setOffline(false);
    await admin.waitOnline();
    await expect(card.getByTestId('invoice-unsynced')).toHaveCount(0, { timeout: SYNC_TIMEOUT });
    expect(
      queryRows(
        server.dbFile,
        'SELECT amount, method, reference, kind FROM payments WHERE invoiceId = ? ORDER BY id',
        invoice.id,
      ),
    ).toEqual([
      { amount: 110000, method: 'bank-transfer', reference: 'EFT 4410', kind: 'payment' },
      { amount: 11000, method: 'bank-transfer', reference: 'EFT R-2231', kind: 'refund' },
    ]);
    const [stored] = queryRows<{
      amount: number;
      amountPaid: number;
      amountCredited: number;
      amountRefunded: number;
    }>(
      server.dbFile,
      'SELECT amount, amountPaid, amountCredited, amountRefunded FROM invoices WHERE id = ?',
      invoice.id,
    );
    expect(stored).toEqual({
      amount: 110000,
      amountPaid: 110000,
      amountCredited: 11000,
      amountRefunded: 11000,
    });
    expect(
      stored!.amount - stored!.amountCredited - stored!.amountPaid + stored!.amountRefunded,
    ).toBe(0);

    // The books: the refund is money out of the bank account.
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Australia/Perth' });
    const csv = await page.request.get(`/api/books/payments.csv?from=${today}&to=${today}`);
    expect(csv.status()).toBe(200);
    const lines = (await csv.text()).split('\r\n');
    expect(lines[0]).toContain('Account');
    expect(lines.find((line) => line.includes(`Refund for tax invoice ${invoice.number}`))).toMatch(
      /,-110\.00,.*Bank transfer,Business bank account$/,
    );
  } finally {
    await devices.closeAll();
  }
});
