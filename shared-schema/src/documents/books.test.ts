import { describe, expect, it } from 'vitest';
import {
  MYOB_SALES_COLUMNS,
  SALES_CSV_COLUMNS,
  booksDate,
  csvAmount,
  myobSalesRecords,
  paymentsCsvRows,
  salesCsvRows,
} from './books';
import { gstSummary } from './gst-summary';
import { applyPayment, issueCreditNote, raiseInvoice } from './invoice';
import { ISSUED, aPayment, pricedQuote, thousandHundredQuote } from './test-fixtures';

const RANGE = { from: '2026-11-01', to: '2026-11-30' };

function month() {
  const paidInvoice = raiseInvoice(thousandHundredQuote(), { id: 'INV-2026-1', now: ISSUED });
  const payment = aPayment({ id: 1, invoiceId: 'INV-2026-1', amount: 110000 });
  const paid = applyPayment(paidInvoice, [], payment, ISSUED);
  if (!paid.ok) throw new Error(paid.message);
  const unpaid = raiseInvoice(
    pricedQuote(
      [
        { description: 'Emergency Towing', quantity: 1, unitPrice: 18000, category: 'service' },
        { description: 'Tow Strap Heavy Duty', quantity: 2, unitPrice: 4500, category: 'parts' },
      ],
      { from: 'Karratha', to: 'Tom Price', discount: 10, id: 'Q-2026-8' },
    ),
    { id: 'INV-2026-2', now: '2026-11-25T03:00:00.000Z' },
  );
  const credit = issueCreditNote(
    paid.invoice,
    { id: 'CN-2026-1', amount: 11000, reason: 'Winch not used' },
    '2026-11-28T03:00:00.000Z',
  );
  if (!credit.ok) throw new Error(credit.message);
  // Outside the month: issued 1 Dec in Perth (30 Nov 16:30 UTC).
  const december = raiseInvoice(thousandHundredQuote(), {
    id: 'INV-2026-3',
    now: '2026-11-30T16:30:00.000Z',
  });
  return {
    invoices: [credit.invoice, unpaid, december],
    creditNotes: [credit.creditNote],
    payments: [paid.payment],
  };
}

const sum = (values: string[]) =>
  values.reduce((total, value) => total + Math.round(Number(value) * 100), 0);

describe('the books of a month', () => {
  it('lists every printed line of the invoices and the credit note, adding up to the GST summary', () => {
    const { invoices, creditNotes, payments } = month();
    const rows = salesCsvRows(invoices, creditNotes, RANGE);
    const summary = gstSummary(invoices, creditNotes, payments, RANGE);
    expect(summary).toMatchObject({
      invoiceCount: 2,
      invoicedCents: 110000 + 34020,
      invoicedGstCents: 10000 + 3093,
      creditNoteCount: 1,
      creditedCents: 11000,
      creditedGstCents: 1000,
      totalSalesCents: 133020,
      gstOnSalesCents: 12093,
      paymentCount: 1,
      receivedCents: 110000,
    });
    expect(sum(rows.map((row) => row.LineAmount))).toBe(summary.totalSalesCents);
    expect(sum(rows.map((row) => row.TaxAmount))).toBe(summary.gstOnSalesCents);
    expect(rows.map((row) => row.InvoiceNumber)).toEqual([
      'INV-2026-1',
      'INV-2026-1',
      'INV-2026-2',
      'INV-2026-2',
      'INV-2026-2',
      'INV-2026-2',
      'CN-2026-1',
    ]);
    expect(rows[5]).toMatchObject({ Description: 'Discount (10%)', UnitAmount: '-37.80' });
    expect(rows[4]).toMatchObject({
      Description: 'Location multiplier (Tom Price ×1.4)',
      UnitAmount: '108.00',
    });
    expect(rows[6]).toMatchObject({
      InvoiceDate: '28/11/2026',
      UnitAmount: '-110.00',
      TaxAmount: '-10.00',
      Reference: 'Credit for INV-2026-1',
    });
    expect(Object.keys(rows[0]!)).toEqual([...SALES_CSV_COLUMNS]);
    expect(rows[0]).toMatchObject({
      TaxType: 'GST on Income',
      Currency: 'AUD',
      AccountCode: '200',
    });
  });

  it('lists the payments received in the range', () => {
    const { invoices, payments } = month();
    expect(paymentsCsvRows(payments, invoices, RANGE)).toEqual([
      {
        Date: '20/11/2026',
        Amount: '1100.00',
        Payee: 'Pilbara Iron Services',
        Description: 'Payment for tax invoice INV-2026-1',
        Reference: 'INV-2026-1',
        PaymentMethod: 'Cash',
        Account: 'Cash on hand',
      },
    ]);
    expect(paymentsCsvRows(payments, invoices, { from: '2026-12-01', to: '2026-12-31' })).toEqual(
      [],
    );
  });

  it('formats dates and amounts the way the accounting packages read them', () => {
    expect(booksDate('2026-11-30T16:30:00.000Z')).toBe('01/12/2026');
    expect(csvAmount(5)).toBe('0.05');
    expect(csvAmount(-123456)).toBe('-1234.56');
  });
});

describe('the MYOB AccountRight layout and document numbers', () => {
  it('lays each sale out in MYOB columns, amounts without and with GST, adding up to the BAS', () => {
    const { invoices, creditNotes } = month();
    const sales = myobSalesRecords(invoices, creditNotes, RANGE);
    expect(sales.map((sale) => sale.map((row) => row['Invoice #']))).toEqual([
      ['INV-2026-1', 'INV-2026-1'],
      ['INV-2026-2', 'INV-2026-2', 'INV-2026-2', 'INV-2026-2'],
      ['CN-2026-1'],
    ]);
    for (const row of sales.flat()) expect(Object.keys(row)).toEqual([...MYOB_SALES_COLUMNS]);
    const cents = (text: string) => Math.round(Number(text) * 100);
    const gst = sales.flat().reduce((sum, row) => sum + cents(row['GST Amount']), 0);
    expect(gst).toBe(gstSummary(invoices, creditNotes, [], RANGE).gstOnSalesCents);
    for (const row of sales.flat())
      expect(cents(row.Amount) + cents(row['GST Amount'])).toBe(cents(row['Inc-Tax Amount']));
    expect(sales[2]?.[0]).toMatchObject({ 'Inc-Tax Amount': '-110.00', 'Sale Status': 'I' });
  });

  it("leaves MYOB's Customer PO empty: our own quote number is not the customer's order", () => {
    const { invoices, creditNotes } = month();
    const rows = myobSalesRecords(invoices, creditNotes, RANGE).flat();
    expect(invoices.some((invoice) => invoice.quoteId)).toBe(true);
    for (const row of rows) expect(row['Customer PO']).toBe('');
  });

  it('names documents by their numbers, and the quote and job by theirs', () => {
    const { invoices, creditNotes } = month();
    const keyed = invoices.map((invoice, index) => ({
      ...invoice,
      id: `INV-2026-P${index + 50}`,
      number: `INV-2026-${index + 1}`,
      jobId: 'JOB-2026-P7',
    }));
    const notes = creditNotes.map((note) => ({
      ...note,
      id: 'CN-2026-P3',
      number: 'CN-2026-1',
      invoiceId: 'INV-2026-P50',
    }));
    const refs: Record<string, string> = { 'Q-2026-7': 'Q-2026-2', 'JOB-2026-P7': 'JOB-2026-5' };
    const rows = salesCsvRows(keyed, notes, RANGE, (id) => refs[id] ?? id);
    expect([...new Set(rows.map((row) => row.InvoiceNumber))]).toEqual([
      'INV-2026-1',
      'INV-2026-2',
      'CN-2026-1',
    ]);
    expect(rows[0]?.Reference).toBe('Q-2026-2 JOB-2026-5');
    expect(rows.at(-1)?.Description).toBe('Credit for tax invoice INV-2026-1: Winch not used');
  });
});
