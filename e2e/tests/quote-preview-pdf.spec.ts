/**
 * The quote preview and the quote PDF print the same terms, headings and
 * totals, for a 30-day automatic quote (a completed job's) and for a 14-day quote. Both come from
 * the one shared quote document; this reads the preview in the browser and the PDF the Download
 * PDF button saves, and compares them.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures/server';
import { pdfText } from '../page-models/pdf-text';
import { QuotesManagerPage } from '../page-models/quotes';
import { completeJob, createJob, loginAsAdmin, uniqueCustomer } from '../page-models/test-data';

interface Printed {
  terms: string[];
  headings: string[];
  /** 'label value' of every amount line (subtotal, multiplier, discount, final price, GST). */
  totals: string[];
  gstNote: string;
}

async function readPreview(page: Page, card: Locator): Promise<Printed> {
  await card.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByTestId('quote-preview');
  await expect(preview).toBeVisible();
  const totalsBox = preview.getByTestId('quote-totals');
  const line = async (row: Locator) => (await row.locator('p').allTextContents()).join(' ');
  // In print order: subtotal, multiplier and discount, the final price, then the GST line.
  const rows = await totalsBox.getByTestId('amount-row').all();
  const totals: string[] = [];
  for (const row of rows) totals.push(await line(row));
  totals.splice(3, 0, await line(totalsBox.getByTestId('quote-final')));
  const printed = {
    terms: await preview.getByTestId('quote-terms').locator('li').allTextContents(),
    headings: await preview.getByTestId('document-section-heading').allTextContents(),
    totals,
    gstNote: (await totalsBox.getByTestId('quote-gst-note').textContent()) ?? '',
  };
  await page.keyboard.press('Escape');
  await expect(preview).toHaveCount(0);
  return printed;
}

async function readPdf(page: Page, card: Locator): Promise<string> {
  const downloading = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Download PDF' }).click();
  const download = await downloading;
  return pdfText(await download.path());
}

/** Every piece appears in the PDF, in the same order. */
function expectSameOrder(pdf: string, pieces: string[], what: string): void {
  let at = -1;
  for (const piece of pieces) {
    const found = pdf.indexOf(piece, at + 1);
    expect(found, `${what}: "${piece}" in the PDF after position ${at}`).toBeGreaterThan(at);
    at = found;
  }
}

test('the quote preview and the quote PDF print the same terms, headings and totals', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await loginAsAdmin(request);
  // A 30-day automatic quote: the draft a completed job leaves.
  const auto = uniqueCustomer('Auto');
  const job = await createJob(request, {
    customerName: auto.name,
    phone: auto.phone,
    service: 'Roadside Assistance',
    location: 'Dampier',
  });
  await completeJob(request, job.id);
  // A 14-day quote with every category, a location multiplier and a discount.
  const fourteen = uniqueCustomer('Fourteen');
  const created = await request.post('/api/quotes', {
    data: {
      customerName: fourteen.name,
      customerPhone: fourteen.phone,
      service: '4x4 Recovery',
      fromLocation: 'Karratha',
      toLocation: 'Tom Price',
      distance: 310,
      discountPercent: 10,
      validDays: 14,
      items: [
        { description: 'Emergency Towing', quantity: 1, unitPrice: 18000, category: 'service' },
        { description: 'Tow Strap Heavy Duty', quantity: 2, unitPrice: 4500, category: 'parts' },
        { description: 'Call-out Fee', quantity: 1, unitPrice: 7500, category: 'misc' },
      ],
    },
  });
  expect(created.status()).toBe(201);

  const quotes = new QuotesManagerPage(page);
  await quotes.login();
  await quotes.open();

  const cases = [
    { name: auto.name, validity: 'This quote is valid for 30 days.', headings: ['Services'] },
    {
      name: fourteen.name,
      validity: 'This quote is valid for 14 days.',
      headings: ['Services', 'Parts', 'Other charges'],
    },
  ];
  for (const expected of cases) {
    const card = quotes.cardFor(expected.name);
    await expect(card).toBeVisible({ timeout: 30_000 });
    const preview = await readPreview(page, card);
    const pdf = await readPdf(page, card);

    expect(preview.terms[0]).toBe(expected.validity);
    expect(preview.terms).toHaveLength(5);
    expect(preview.headings).toEqual(expected.headings);
    expect(preview.totals.map((line) => line.split(' ')[0])).toEqual([
      'Subtotal',
      'Location',
      'Discount',
      'Final',
      'GST',
    ]);
    expectSameOrder(
      pdf,
      preview.terms.map((term) => `• ${term}`),
      'terms',
    );
    expectSameOrder(pdf, preview.headings, 'headings');
    expectSameOrder(pdf, [...preview.totals, preview.gstNote], 'totals');
    // The other quote's validity never leaks into this one.
    const other = cases.find((candidate) => candidate !== expected)?.validity ?? '';
    expect(pdf).not.toContain(other);
  }
});
