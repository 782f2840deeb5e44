import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { formatCentsWhole, quoteStats } from '@pilbara/shared-schema';
import { aQuote, anInvoice } from '@pilbara/shared-schema/testing';
import { renderScreen } from '../../app/test-providers';
import { fakeApi } from '../../lib/testing/fake-api';
import { businessYear } from '../../sync/leases';
import { db, resetDevice } from '../../sync/testing/device';
import { BillingTab } from './billing-tab';
import { QUOTES_TEXT } from './quotes-text';

const YEAR = businessYear();
const NOW = new Date().toISOString();

/** The figure a summary tile shows under its label. */
function tile(label: string): string {
  const figures = screen.getByRole('group', { name: label }).querySelectorAll('p');
  return figures[figures.length - 1]?.textContent ?? '';
}

beforeEach(async () => {
  await resetDevice();
  fakeApi();
});

describe('the Quotes & Billing tab', () => {
  it('opens on the quotes, counting them by where they stand and their value', async () => {
    const quotes = [
      aQuote({ id: `Q-${YEAR}-1`, status: 'draft', finalPrice: 10000, createdAt: NOW }),
      aQuote({ id: `Q-${YEAR}-2`, status: 'sent', finalPrice: 25000, createdAt: NOW }),
      aQuote({ id: `Q-${YEAR}-3`, status: 'accepted', finalPrice: 40000, createdAt: NOW }),
    ];
    await db.quotes.bulkPut(quotes);
    renderScreen(<BillingTab />, { route: '/admin' });
    await waitFor(() => expect(tile('Total Quotes')).toBe('3'));
    expect(tile('Accepted')).toBe('1');
    expect(tile('Pending')).toBe('1');
    expect(tile('Total Value')).toBe(formatCentsWhole(quoteStats(quotes).totalValueCents));
  });

  it('switches to the tax invoices and to the reports, offline as online', async () => {
    await db.invoices.put(anInvoice({ createdAt: NOW, updatedAt: NOW }));
    const { user } = renderScreen(<BillingTab />, { route: '/admin' });
    const views = screen.getByRole('radiogroup', { name: 'Quotes and billing view' });
    await user.click(within(views).getByRole('radio', { name: 'Invoices' }));
    expect(await screen.findByTestId('invoices-panel')).toBeTruthy();
    expect(await screen.findByTestId('invoice-card')).toBeTruthy();
    expect(screen.queryByText(QUOTES_TEXT.NO_QUOTES)).toBeNull();

    await user.click(within(views).getByRole('radio', { name: 'Reports & books' }));
    expect(await screen.findByTestId('billing-reports')).toBeTruthy();
    expect(screen.queryByTestId('invoices-panel')).toBeNull();
    await waitFor(() =>
      expect(screen.getByTestId('receivables-total').textContent).toBe('$100.00 owed'),
    );
  });
});
