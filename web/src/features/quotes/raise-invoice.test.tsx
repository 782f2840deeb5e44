import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MESSAGES, PROVISIONAL_TEXT, type Quote } from '@pilbara/shared-schema';
import { aJob, aQuote } from '@pilbara/shared-schema/testing';
import { renderScreen } from '../../app/test-providers';
import { fakeApi, setOnline } from '../../lib/testing/fake-api';
import { fill } from '../../lib/testing/user-input';
import { businessYear } from '../../sync/leases';
import { db, resetDevice } from '../../sync/testing/device';
import { InvoicesPanel } from './invoices-panel';
import { QUOTES_TEXT } from './quotes-text';

const YEAR = businessYear();
const NOW = new Date().toISOString();

/** The draft quote completing JOB-2026-1 wrote: $100, or as given. */
function jobQuote(overrides: Partial<Quote> = {}): Quote {
  return {
    ...aQuote({ createdAt: NOW, updatedAt: NOW, ...overrides }),
    jobId: 'JOB-2026-1',
  } as Quote;
}

async function completedJob(quote: Partial<Quote> = {}) {
  await db.jobs.put(
    aJob({
      status: 'Completed',
      progress: 100,
      number: 'JOB-2026-10',
      createdAt: NOW,
      updatedAt: NOW,
    }),
  );
  await db.quotes.put(jobQuote(quote));
}

function renderPanel() {
  return renderScreen(<InvoicesPanel />, { route: '/admin' });
}

beforeEach(async () => {
  await resetDevice();
  setOnline(true);
  fakeApi();
});

describe('completed jobs ready to invoice', () => {
  it('lists a completed job whose quote has no invoice yet, with its amount', async () => {
    await completedJob();
    renderPanel();
    const entry = await screen.findByTestId('job-to-invoice');
    expect(screen.getByRole('heading', { name: 'Ready to invoice' })).toBeTruthy();
    expect(entry.textContent).toContain('Dana Reid');
    expect(entry.textContent).toContain('$100.00');
  });

  it('leaves out a job whose quote the customer turned down', async () => {
    await completedJob({ status: 'rejected' });
    renderPanel();
    await screen.findByText(QUOTES_TEXT.NO_INVOICES);
    expect(screen.queryByTestId('job-to-invoice')).toBeNull();
  });

  it('raises the tax invoice on this device and takes the job off the list', async () => {
    await completedJob();
    const { user } = renderPanel();
    await user.click(
      within(await screen.findByTestId('job-to-invoice')).getByRole('button', {
        name: 'Raise invoice',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Raise tax invoice' });
    expect(dialog.textContent).toContain('Tax invoice for job JOB-2026-10');
    expect(dialog.textContent).toContain('$100.00 including GST');
    await user.click(within(dialog).getByRole('button', { name: 'Raise invoice' }));

    // Raised under the device's key; people read that its number is pending, never the key.
    const invoiceId = `INV-${YEAR}-P1`;
    expect(await screen.findByText(QUOTES_TEXT.invoiceRaised(PROVISIONAL_TEXT.REF))).toBeTruthy();
    expect(screen.getByText(MESSAGES.INVOICE_RAISED_TITLE)).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('job-to-invoice')).toBeNull());
    expect(await db.invoices.get(invoiceId)).toMatchObject({
      jobId: 'JOB-2026-1',
      quoteId: 'Q-2026-1',
      amount: 10000,
      buyerAbn: null,
    });
    await waitFor(() =>
      expect(screen.getAllByTestId('invoice-card').map((card) => card.dataset.invoiceId)).toEqual([
        invoiceId,
      ]),
    );
    const card = screen.getByTestId('invoice-card');
    expect(within(card).getByTestId('provisional-ref').textContent).toBe(PROVISIONAL_TEXT.BADGE);
    expect(document.body.textContent).not.toContain(invoiceId);
  });

  it('asks for the buyer on an invoice of $1,000 or more, and takes their ABN', async () => {
    await completedJob({ finalPrice: 150000, basePrice: 150000, itemsSubtotal: 150000 });
    const { user } = renderPanel();
    await user.click(
      within(await screen.findByTestId('job-to-invoice')).getByRole('button', {
        name: 'Raise invoice',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Raise tax invoice' });
    expect(within(dialog).getByText(QUOTES_TEXT.buyerNamed('Dana Reid'))).toBeTruthy();
    const abn = within(dialog).getByLabelText('Customer ABN (optional)');
    await fill(user, abn, '1234');
    await user.click(within(dialog).getByRole('button', { name: 'Raise invoice' }));
    expect(await within(dialog).findByText('An ABN has 11 digits')).toBeTruthy();
    expect(await db.invoices.count()).toBe(0);

    await user.clear(abn);
    await fill(user, abn, '51 824 753 556');
    await user.click(within(dialog).getByRole('button', { name: 'Raise invoice' }));
    await waitFor(async () => expect(await db.invoices.count()).toBe(1));
    expect((await db.invoices.toArray())[0]?.buyerAbn).toMatch(
      /^51\s?824\s?753\s?556$|^51824753556$/,
    );
  });

  it('raises nothing when the dialog is cancelled', async () => {
    await completedJob();
    const { user } = renderPanel();
    await user.click(
      within(await screen.findByTestId('job-to-invoice')).getByRole('button', {
        name: 'Raise invoice',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Raise tax invoice' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await db.invoices.count()).toBe(0);
    expect(screen.getByTestId('job-to-invoice')).toBeTruthy();
  });
});
