import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MESSAGES, booksCsvFilename, todayInPerth } from '@pilbara/shared-schema';
import { aPayment, anInvoice } from '@pilbara/shared-schema/testing';
import { renderScreen } from '../../app/test-providers';
import { fakeApi, json, setOnline } from '../../lib/testing/fake-api';
import { db, resetDevice } from '../../sync/testing/device';
import { BillingReports } from './billing-reports';
import { QUOTES_TEXT } from './quotes-text';

const NOW = new Date().toISOString();
const TODAY = todayInPerth();
const MONTH = {
  from: `${TODAY.slice(0, 7)}-01`,
  to: (() => {
    const [year, month] = TODAY.split('-').map(Number) as [number, number];
    return `${TODAY.slice(0, 7)}-${String(new Date(Date.UTC(year, month, 0)).getUTCDate()).padStart(2, '0')}`;
  })(),
};

function renderReports() {
  return renderScreen(<BillingReports />, { route: '/admin' });
}

function summaryRow(label: RegExp): string {
  const summary = screen.getByTestId('gst-summary');
  const row = within(summary)
    .getAllByRole('row')
    .find((element) => label.test(element.textContent ?? ''));
  if (!row) throw new Error(`no row ${String(label)}`);
  return within(row).getAllByRole('cell')[1]?.textContent ?? '';
}

beforeEach(async () => {
  await resetDevice();
  setOnline(true);
});

afterEach(() => {
  vi.restoreAllMocks();
  setOnline(true);
});

describe('the reports and books', () => {
  it('says nothing is owed and shows empty charts before the first invoice', async () => {
    fakeApi();
    renderReports();
    const aged = await screen.findByTestId('aged-receivables');
    expect(within(aged).getByTestId('receivables-total').textContent).toBe('$0.00 owed');
    expect(within(aged).getByText('Nothing is owed.')).toBeTruthy();
    expect(screen.getAllByText(QUOTES_TEXT.NO_INVOICES).length).toBe(3);
    expect(summaryRow(/^Tax invoices issued \(0\)/)).toBe('$0.00');
    expect(screen.getByTestId('gst-g1').textContent).toBe('$0.00');
  });

  it('lists who owes what with their invoice numbers', async () => {
    fakeApi();
    await db.invoices.bulkPut([
      anInvoice({ createdAt: NOW, updatedAt: NOW }),
      anInvoice({
        id: 'INV-2026-2',
        number: 'INV-2026-2',
        customerName: 'Kim Lee',
        customerPhone: '0498765432',
        amount: 55000,
        itemsSubtotal: 55000,
        gst: 5000,
        amountPaid: 5000,
        createdAt: NOW,
        updatedAt: NOW,
      }),
    ]);
    renderReports();
    const aged = await screen.findByTestId('aged-receivables');
    await waitFor(() =>
      expect(within(aged).getByTestId('receivables-total').textContent).toBe('$600.00 owed'),
    );
    const customers = within(aged).getByTestId('receivables-customers');
    const rows = within(customers).getAllByRole('row');
    const kim = rows.find((row) => within(row).queryByText('Kim Lee'))!;
    expect(kim.textContent).toContain('INV-2026-2');
    expect(kim.textContent).toContain('$500.00');
    const dana = rows.find((row) => within(row).queryByText('Dana Reid'))!;
    expect(dana.textContent).toContain('INV-2026-1');
    expect(dana.textContent).toContain('$100.00');
  });

  it('works out the GST summary of this month from the invoices and payments on the device', async () => {
    fakeApi();
    await db.invoices.put(
      anInvoice({ createdAt: NOW, updatedAt: NOW, amountPaid: 10000, status: 'paid', paidAt: NOW }),
    );
    await db.payments.put(aPayment({ paidAt: NOW, createdAt: NOW }));
    renderReports();
    await waitFor(() => expect(summaryRow(/^Tax invoices issued \(1\)/)).toBe('$100.00'));
    expect(screen.getByTestId('gst-g1').textContent).toBe('$100.00');
    expect(screen.getByTestId('gst-1a').textContent).toBe('$9.09');
    expect(summaryRow(/^Payments received \(1\)/)).toBe('$100.00');
    expect(screen.queryByTestId('gst-refunds')).toBeNull();
  });

  it('counts refunds paid out apart from payments received', async () => {
    fakeApi();
    await db.invoices.put(
      anInvoice({
        createdAt: NOW,
        updatedAt: NOW,
        amountPaid: 10000,
        amountCredited: 2000,
        amountRefunded: 2000,
        status: 'paid',
        paidAt: NOW,
      }),
    );
    await db.payments.bulkPut([
      aPayment({ paidAt: NOW, createdAt: NOW }),
      aPayment({
        id: 102,
        kind: 'refund',
        amount: 2000,
        method: 'bank-transfer',
        paidAt: NOW,
        createdAt: NOW,
      }),
    ]);
    renderReports();
    await waitFor(() => expect(screen.getByTestId('gst-refunds').textContent).toBe('-$20.00'));
    expect(summaryRow(/^Refunds paid out \(1\)/)).toBe('-$20.00');
  });

  it('says the CSV export needs a connection, without asking the server, when offline', async () => {
    const api = fakeApi();
    setOnline(false);
    const { user } = renderReports();
    await user.click(await screen.findByRole('button', { name: 'Sales CSV (Xero)' }));
    expect(await screen.findByText(QUOTES_TEXT.booksNeedConnection)).toBeTruthy();
    expect(api.calls.filter((call) => call.path.startsWith('/api/books'))).toHaveLength(0);
  });

  it('names the server’s reason when an export fails', async () => {
    fakeApi({ 'GET /api/books/payments.csv': json({ error: 'The range is too long' }, 400) });
    const { user } = renderReports();
    await user.click(await screen.findByRole('button', { name: 'Payments CSV' }));
    expect(await screen.findByText(MESSAGES.BOOKS_EXPORT_FAILED)).toBeTruthy();
    expect(screen.getByText(/The range is too long/)).toBeTruthy();
  });

  it('saves the month’s sales for MYOB under the export’s own file name', async () => {
    const api = fakeApi({
      'GET /api/books/myob-sales.csv': { status: 200, body: 'Co./Last Name' },
    });
    const created = vi.fn(() => 'blob:books');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    const { user } = renderReports();
    await user.click(await screen.findByRole('button', { name: 'Sales CSV (MYOB)' }));
    await waitFor(() =>
      expect(saved).toEqual([booksCsvFilename('myob-sales', MONTH.from, MONTH.to)]),
    );
    expect(created).toHaveBeenCalledTimes(1);
    expect(api.callsTo('GET /api/books/myob-sales.csv')).toHaveLength(1);
  });
});
