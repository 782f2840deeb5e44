/**
 * A way to pay without card payments: a deployment with no card keys but the business's bank
 * account. The customer opens the pay link from the quote's email on a 390 px phone and reads
 * what is owed, against which number, and the bank details with that number as the reference.
 * Once part is paid and the invoice raised, the link names the invoice and what is still owed,
 * and the invoice PDF prints the same details with its number (rendered to PNG to look at).
 */
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, startServer, test } from '../fixtures/server';
import { mailText } from '../page-models/device-keys';
import { pdfText } from '../page-models/pdf-text';
import {
  createQuote,
  loginAsAdmin,
  queryRows,
  serviceLine,
  uniqueCustomer,
} from '../page-models/test-data';
import { PAGE_LOAD_TIMEOUT } from '../page-models/public-forms';

const BANK = {
  BANK_ACCOUNT_NAME: 'Pilbara Towing Pty Ltd',
  BANK_BSB: '066 123',
  BANK_ACCOUNT_NUMBER: '1234 5678',
  BANK_PAYID: 'pay@pilbaratowing.example',
};

test('the pay link without card payments shows the amount and the bank details; so does the invoice', async ({
  browser,
  playwright,
  mailbox,
}, testInfo) => {
  test.setTimeout(180_000);
  const own = await startServer({ SMTP_URL: mailbox.url, ...BANK });
  const office = await playwright.request.newContext({ baseURL: own.server.baseURL });
  const phone = await browser.newContext({
    baseURL: own.server.baseURL,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  try {
    await loginAsAdmin(office);
    const customer = uniqueCustomer('Transfer');
    const quote = await createQuote(office, {
      customer: { name: customer.name, phone: customer.phone, email: customer.email },
      items: [serviceLine('Heavy Vehicle Recovery', 35000), serviceLine('Call-out Fee', 7500)],
    });
    const sent = await office.post(`/api/quotes/${quote.id}/send-email`, { data: {} });
    expect(sent.status(), await sent.text()).toBe(200);
    await expect
      .poll(() => mailbox.messages.filter((mail) => mail.to.includes(customer.email)).length)
      .toBe(1);
    const mail = mailText(mailbox.messages.find((m) => m.to.includes(customer.email))!.raw);
    const link = /https?:\/\/[^\s"<>]+\/checkout\?quote=[^\s"<>]+/.exec(mail)?.[0];
    expect(link, 'the quote email carries its pay link').toBeTruthy();
    const number = queryRows<{ number: string }>(
      own.server.dbFile,
      'SELECT number FROM quotes WHERE id = ?',
      quote.id,
    )[0]!.number;

    // The pay link: the quote's number, the amount, no card form, the bank details.
    const page = await phone.newPage();
    await page.goto(link!.replace(/&amp;/g, '&'));
    await expect(page.getByTestId('pay-reference')).toHaveText(number, {
      timeout: PAGE_LOAD_TIMEOUT,
    });
    await expect(page.getByTestId('pay-amount')).toHaveText('$425.00');
    await expect(page.getByTestId('card-not-set-up')).toBeVisible();
    await expect(page.getByTestId('payment-element')).toHaveCount(0);
    const details = page.getByTestId('payment-details');
    for (const shown of [
      'Pilbara Towing Pty Ltd',
      '066-123',
      '12345678',
      'pay@pilbaratowing.example',
      number,
    ])
      await expect(details).toContainText(shown);
    await page.screenshot({ path: testInfo.outputPath('pay-link-quote-390.png'), fullPage: true });

    // Part paid by transfer: the invoice is raised and the link now names it and what is left.
    const paid = await office.post(`/api/quotes/${quote.id}/record-payment`, {
      data: { method: 'bank-transfer', amount: 10000, reference: 'EFT 1' },
    });
    expect(paid.status(), await paid.text()).toBe(201);
    const invoiceId = ((await paid.json()) as { invoice: { id: string } }).invoice.id;
    const invoiceNumber = queryRows<{ number: string }>(
      own.server.dbFile,
      'SELECT number FROM invoices WHERE id = ?',
      invoiceId,
    )[0]!.number;
    expect(invoiceNumber).toMatch(/^INV-\d{4}-\d+$/);
    await page.reload();
    await expect(page.getByTestId('pay-reference')).toHaveText(invoiceNumber, {
      timeout: PAGE_LOAD_TIMEOUT,
    });
    await expect(page.getByTestId('pay-amount')).toHaveText('$325.00');
    await expect(details).toContainText(invoiceNumber);
    await page.screenshot({
      path: testInfo.outputPath('pay-link-invoice-390.png'),
      fullPage: true,
    });

    // The invoice PDF prints how to pay, with the invoice's number as the reference.
    const pdf = await office.get(`/api/invoices/${invoiceNumber}/pdf`);
    expect(pdf.status()).toBe(200);
    const file = testInfo.outputPath('invoice.pdf');
    writeFileSync(file, await pdf.body());
    const text = await pdfText(file);
    for (const printed of [
      'How to pay',
      'Account name Pilbara Towing Pty Ltd',
      'BSB 066-123',
      'Account number 12345678',
      'PayID pay@pilbaratowing.example',
      `Reference ${invoiceNumber}`,
      '$325.00',
    ])
      expect(text).toContain(printed);
    execFileSync('pdftoppm', ['-png', '-r', '70', file, join(testInfo.outputDir, 'invoice')]);
  } finally {
    await phone.close();
    await office.dispose();
    await own.stop();
    rmSync(own.server.dataDir, { recursive: true, force: true });
  }
});
