import { describe, expect, it } from 'vitest';
import { applyPayment, issueCreditNote, raiseInvoice } from './invoice';
import { agedReceivables, monthlyRevenue, revenueByService, unpaidByAge } from './reports';
import { aPayment, pricedQuote, thousandHundredQuote } from './test-fixtures';

const NOW = '2026-11-25T03:00:00.000Z';

function invoiceAt(id: string, at: string, service: string | null, unitPrice = 11000) {
  const quote = {
    ...pricedQuote([{ description: 'Job', quantity: 1, unitPrice, category: 'service' }]),
    service,
  };
  return raiseInvoice(quote, { id, now: at });
}

describe('monthlyRevenue', () => {
  it('gives each of the last months what was invoiced (less credits) and what was received', () => {
    const october = invoiceAt('INV-2026-1', '2026-10-10T03:00:00.000Z', 'Emergency Towing');
    const paid = applyPayment(
      october,
      [],
      aPayment({ invoiceId: october.id, amount: 11000, paidAt: '2026-11-02T03:00:00.000Z' }),
      NOW,
    );
    if (!paid.ok) throw new Error(paid.message);
    const november = invoiceAt('INV-2026-2', '2026-11-03T03:00:00.000Z', '4x4 Recovery', 22000);
    const credit = issueCreditNote(november, { id: 'CN-2026-1', amount: 2000, reason: 'x' }, NOW);
    if (!credit.ok) throw new Error(credit.message);
    const rows = monthlyRevenue(
      [paid.invoice, credit.invoice],
      [credit.creditNote],
      [paid.payment],
      NOW,
      3,
    );
    expect(rows).toEqual([
      { month: '2026-09', label: 'Sep 2026', invoicedCents: 0, receivedCents: 0 },
      { month: '2026-10', label: 'Oct 2026', invoicedCents: 11000, receivedCents: 0 },
      { month: '2026-11', label: 'Nov 2026', invoicedCents: 20000, receivedCents: 11000 },
    ]);
  });
});

describe('unpaidByAge', () => {
  it('groups what is still owed by days since issue', () => {
    const fresh = invoiceAt('INV-2026-1', '2026-11-20T03:00:00.000Z', null);
    const old = invoiceAt('INV-2026-2', '2026-09-20T03:00:00.000Z', null, 50000);
    const ancient = invoiceAt('INV-2026-3', '2026-06-01T03:00:00.000Z', null);
    const partly = {
      ...invoiceAt('INV-2026-4', '2026-10-20T03:00:00.000Z', null),
      amountPaid: 1000,
    };
    const settled = {
      ...invoiceAt('INV-2026-5', '2026-06-01T03:00:00.000Z', null),
      amountPaid: 11000,
    };
    expect(unpaidByAge([fresh, old, ancient, partly, settled], NOW)).toEqual([
      { label: '0–30 days', count: 1, owedCents: 11000 },
      { label: '31–60 days', count: 1, owedCents: 10000 },
      { label: '61–90 days', count: 1, owedCents: 50000 },
      { label: 'Over 90 days', count: 1, owedCents: 11000 },
    ]);
  });
});

describe('revenueByService', () => {
  it('adds up revenue less credits per service, largest first', () => {
    const towing = invoiceAt('INV-2026-1', NOW, 'Emergency Towing');
    const recovery = raiseInvoice(thousandHundredQuote(), { id: 'INV-2026-2', now: NOW });
    const other = invoiceAt('INV-2026-3', NOW, null);
    const credited = { ...invoiceAt('INV-2026-4', NOW, 'Emergency Towing'), amountCredited: 11000 };
    expect(revenueByService([towing, recovery, other, credited])).toEqual([
      { service: 'Heavy Vehicle Recovery', revenueCents: 110000, invoiceCount: 1 },
      { service: 'Emergency Towing', revenueCents: 11000, invoiceCount: 1 },
      { service: 'Other', revenueCents: 11000, invoiceCount: 1 },
    ]);
  });
});

describe('agedReceivables', () => {
  it('groups what each customer owes by age, with the totals, largest first', () => {
    const now = '2026-12-31T03:00:00.000Z';
    const at = (days: number) => new Date(Date.parse(now) - days * 86_400_000).toISOString();
    const owing = (id: string, days: number, name: string, phone: string, price = 11000) => ({
      ...invoiceAt(id, at(days), 'Towing', price),
      customerName: name,
      customerPhone: phone,
    });
    const paidUp = applyPayment(
      owing('INV-2026-9', 5, 'Paid Up', '0400 000 009'),
      [],
      aPayment({ invoiceId: 'INV-2026-9', amount: 11000 }),
      now,
    );
    if (!paidUp.ok) throw new Error(paidUp.message);
    const report = agedReceivables(
      [
        owing('INV-2026-1', 10, 'Rio Haulage', '0412 345 678'),
        // The same customer by phone, written another way, 95 days ago.
        owing('INV-2026-2', 95, 'Rio Haulage Pty Ltd', '+61 412 345 678', 22000),
        owing('INV-2026-3', 45, 'Kim Lee', '0499 888 777'),
        owing('INV-2026-4', 65, 'Kim Lee', '0499 888 777'),
        paidUp.invoice,
      ],
      now,
    );
    expect(report.customers).toEqual([
      {
        customer: 'Rio Haulage',
        phone: '0412 345 678',
        email: 'accounts@pilbara-iron.example',
        invoices: ['INV-2026-2', 'INV-2026-1'],
        current: 11000,
        days30: 0,
        days60: 0,
        days90: 22000,
        totalCents: 33000,
      },
      expect.objectContaining({
        customer: 'Kim Lee',
        invoices: ['INV-2026-4', 'INV-2026-3'],
        days30: 11000,
        days60: 11000,
        totalCents: 22000,
      }),
    ]);
    expect(report.totals).toEqual({
      current: 11000,
      days30: 11000,
      days60: 11000,
      days90: 22000,
      totalCents: 55000,
    });
  });
});
