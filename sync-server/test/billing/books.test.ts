/**
 * The books of a month. A month with a paid invoice, an unpaid one and a credit note
 * is exported as CSV, parsed back, and its amounts and GST add up to the GST summary for the BAS.
 * Documents by their numbers, the refund the credit note left owed as money out with
 * each payment's account, and the same sales in MYOB AccountRight's layout.
 */
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import {
  MYOB_SALES_COLUMNS,
  PAYMENTS_CSV_COLUMNS,
  SALES_CSV_COLUMNS,
  type Invoice,
} from '@pilbara/shared-schema';
import { login, registerCustomer } from '../helper';
import {
  THOUSAND_HUNDRED_QUOTE,
  VALID_ABN,
  acceptedInvoice,
  buildBillingApp,
  staffMutation,
} from './billing-helper';

let clock = new Date('2026-11-05T02:00:00.000Z');
const MONTH = 'from=2026-11-01&to=2026-11-30';

async function monthOfBooks() {
  clock = new Date('2026-11-05T02:00:00.000Z');
  const app = await buildBillingApp({ now: () => clock, env: { BUSINESS_ABN: VALID_ABN } });
  // Paid: the $1,100.00 job, paid in cash two days later.
  const paid = acceptedInvoice(app, THOUSAND_HUNDRED_QUOTE);
  clock = new Date('2026-11-07T02:00:00.000Z');
  staffMutation(app, 'invoice.recordPayment', {
    invoiceId: paid.id,
    paymentId: 1,
    method: 'cash',
    amount: 110000,
  });
  // Unpaid: Karratha → Tom Price, $270 × 1.4 − 10 % = $340.20.
  clock = new Date('2026-11-12T02:00:00.000Z');
  const unpaid = acceptedInvoice(app);
  // A credit note on the paid invoice: the winch was not needed.
  clock = new Date('2026-11-20T02:00:00.000Z');
  staffMutation(app, 'creditNote.issue', {
    id: 'CN-2026-1',
    invoiceId: paid.id,
    amount: 16500,
    reason: 'Winch recovery not needed',
  });
  // The credit left the customer $165 in credit: paid back by transfer the next day.
  clock = new Date('2026-11-21T02:00:00.000Z');
  staffMutation(app, 'invoice.recordRefund', {
    invoiceId: paid.id,
    refundId: 2,
    method: 'bank-transfer',
    amount: 16500,
    reference: 'EFT 8812',
  });
  // Next month, in Perth (1 Dec 00:30 is 30 Nov 16:30 UTC): not in November's books.
  clock = new Date('2026-11-30T16:30:00.000Z');
  const december = acceptedInvoice(app, { customerName: 'December Customer' });
  return { app, cookie: await login(app), paid, unpaid, december };
}

const cents = (value: string) => Math.round(Number(value) * 100);

describe('GET /api/books/sales.csv and /api/books/gst-summary', () => {
  it('exports a month as CSV that parses back and adds up to the GST summary', async () => {
    const { app, cookie, paid, unpaid } = await monthOfBooks();
    const csv = await app.inject({
      method: 'GET',
      url: `/api/books/sales.csv?${MONTH}`,
      headers: { cookie },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(
      'attachment; filename="sales-2026-11-01-to-2026-11-30.csv"',
    );
    const rows = parse(csv.body, { columns: true, bom: true }) as Record<string, string>[];
    expect(Object.keys(rows[0] ?? {})).toEqual([...SALES_CSV_COLUMNS]);
    expect(
      rows.map((row) => [row.InvoiceNumber, row.Description, row.LineAmount, row.TaxAmount]),
    ).toEqual([
      ['INV-2026-1', 'Heavy Vehicle Recovery', '950.00', '86.36'],
      ['INV-2026-1', 'Winch Recovery', '150.00', '13.64'],
      ['INV-2026-2', 'Emergency Towing', '180.00', '16.37'],
      ['INV-2026-2', 'Tow Strap Heavy Duty', '90.00', '8.18'],
      ['INV-2026-2', 'Location multiplier (Tom Price ×1.4)', '108.00', '9.82'],
      ['INV-2026-2', 'Discount (10%)', '-37.80', '-3.44'],
      [
        'CN-2026-1',
        'Credit for tax invoice INV-2026-1: Winch recovery not needed',
        '-165.00',
        '-15.00',
      ],
    ]);
    expect(rows[0]).toMatchObject({
      ContactName: 'Pilbara Iron Services',
      InvoiceDate: '05/11/2026',
      DueDate: '05/11/2026',
      Quantity: '1',
      UnitAmount: '950.00',
      AccountCode: '200',
      TaxType: 'GST on Income',
      Currency: 'AUD',
    });

    const summary = await app.inject({
      method: 'GET',
      url: `/api/books/gst-summary?${MONTH}`,
      headers: { cookie },
    });
    expect(summary.statusCode).toBe(200);
    const gst = summary.json().summary;
    expect(gst).toMatchObject({
      invoiceCount: 2,
      invoicedCents: 110000 + 34020,
      creditNoteCount: 1,
      creditedCents: 16500,
      totalSalesCents: 127520,
      gstOnSalesCents: 10000 + 3093 - 1500,
      paymentCount: 1,
      receivedCents: 110000,
      refundCount: 1,
      refundedCents: 16500,
    });
    // The export adds up to the summary, cent for cent.
    expect(rows.reduce((sum, row) => sum + cents(row.LineAmount ?? ''), 0)).toBe(
      gst.totalSalesCents,
    );
    expect(rows.reduce((sum, row) => sum + cents(row.TaxAmount ?? ''), 0)).toBe(
      gst.gstOnSalesCents,
    );
    // Per document too: each invoice's lines add up to its total and its GST.
    for (const invoice of [paid, unpaid] as Invoice[]) {
      const lines = rows.filter((row) => row.InvoiceNumber === invoice.number);
      expect(
        lines.reduce(
          (sum, row) => sum + (cents(row.Quantity ?? '0') * cents(row.UnitAmount ?? '')) / 100,
          0,
        ),
      ).toBe(invoice.amount);
      expect(lines.reduce((sum, row) => sum + cents(row.TaxAmount ?? ''), 0)).toBe(invoice.gst);
    }
  });

  it('exports the money in and out of the range, each line with its account', async () => {
    const { app, cookie } = await monthOfBooks();
    const csv = await app.inject({
      method: 'GET',
      url: `/api/books/payments.csv?${MONTH}`,
      headers: { cookie },
    });
    expect(csv.statusCode).toBe(200);
    const rows = parse(csv.body, { columns: true, bom: true }) as Record<string, string>[];
    expect(Object.keys(rows[0] ?? {})).toEqual([...PAYMENTS_CSV_COLUMNS]);
    expect(rows).toEqual([
      {
        Date: '07/11/2026',
        Amount: '1100.00',
        Payee: 'Pilbara Iron Services',
        Description: 'Payment for tax invoice INV-2026-1',
        Reference: 'INV-2026-1',
        PaymentMethod: 'Cash',
        Account: 'Cash on hand',
      },
      {
        Date: '21/11/2026',
        Amount: '-165.00',
        Payee: 'Pilbara Iron Services',
        Description: 'Refund for tax invoice INV-2026-1 (EFT 8812)',
        Reference: 'INV-2026-1',
        PaymentMethod: 'Bank transfer',
        Account: 'Business bank account',
      },
    ]);
  });

  it('exports the sales in MYOB AccountRight layout, a blank row between sales', async () => {
    const { app, cookie } = await monthOfBooks();
    const csv = await app.inject({
      method: 'GET',
      url: `/api/books/myob-sales.csv?${MONTH}`,
      headers: { cookie },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe(
      'attachment; filename="myob-sales-2026-11-01-to-2026-11-30.csv"',
    );
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(MYOB_SALES_COLUMNS.join(','));
    // Three sales (two invoices, one credit note), each followed by a blank row.
    expect(lines.filter((line) => line === '')).toHaveLength(3);
    const rows = parse(csv.body, {
      columns: true,
      bom: true,
      skip_empty_lines: true,
    }) as Record<string, string>[];
    expect(rows.map((row) => [row['Invoice #'], row.Amount, row['Inc-Tax Amount']])).toEqual([
      ['INV-2026-1', '863.64', '950.00'],
      ['INV-2026-1', '136.36', '150.00'],
      ['INV-2026-2', '163.63', '180.00'],
      ['INV-2026-2', '81.82', '90.00'],
      ['INV-2026-2', '98.18', '108.00'],
      ['INV-2026-2', '-34.36', '-37.80'],
      ['CN-2026-1', '-150.00', '-165.00'],
    ]);
    expect(rows[0]).toMatchObject({
      'Co./Last Name': 'Pilbara Iron Services',
      Date: '05/11/2026',
      'Account #': '4-1000',
      'Tax Code': 'GST',
      'GST Amount': '86.36',
      'Sale Status': 'I',
    });
    // The GST column adds up to the BAS figure, as the Xero layout does.
    expect(rows.reduce((sum, row) => sum + cents(row['GST Amount'] ?? ''), 0)).toBe(
      10000 + 3093 - 1500,
    );
  });

  it('answers 400 naming the field for a bad range, and 401/403 to guests and customers', async () => {
    const { app, cookie } = await monthOfBooks();
    const backwards = await app.inject({
      method: 'GET',
      url: '/api/books/sales.csv?from=2026-12-01&to=2026-11-01',
      headers: { cookie },
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toEqual({
      error: 'The start date must not be after the end date',
      fields: { from: 'The start date must not be after the end date' },
    });
    const missing = await app.inject({
      method: 'GET',
      url: '/api/books/gst-summary',
      headers: { cookie },
    });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().fields)).toEqual(['from', 'to']);

    const customer = await registerCustomer(app);
    for (const url of [
      '/api/books/sales.csv',
      '/api/books/myob-sales.csv',
      '/api/books/payments.csv',
      '/api/books/gst-summary',
    ]) {
      expect((await app.inject({ method: 'GET', url: `${url}?${MONTH}` })).statusCode).toBe(401);
      expect(
        (await app.inject({ method: 'GET', url: `${url}?${MONTH}`, headers: { cookie: customer } }))
          .statusCode,
      ).toBe(403);
    }
  });
});
