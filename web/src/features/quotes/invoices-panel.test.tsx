import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MESSAGES, PROVISIONAL_TEXT, formatCents, type Invoice } from '@pilbara/shared-schema';
import { anInvoice } from '@pilbara/shared-schema/testing';
import { renderScreen } from '../../app/test-providers';
import { fill } from '../../lib/testing/user-input';
import { fakeApi, json, setOnline } from '../../lib/testing/fake-api';
import { businessYear } from '../../sync/leases';
import { db, resetDevice } from '../../sync/testing/device';
import { InvoicesPanel } from './invoices-panel';
import { QUOTES_TEXT } from './quotes-text';

const YEAR = businessYear();
const NOW = new Date().toISOString();

function invoice(overrides: Partial<Invoice> = {}): Invoice {
  return anInvoice({ createdAt: NOW, updatedAt: NOW, ...overrides });
}

async function card(id = 'INV-2026-1'): Promise<HTMLElement> {
  return waitFor(() => {
    const found = screen
      .getAllByTestId('invoice-card')
      .find((element) => element.dataset.invoiceId === id);
    if (!found) throw new Error(`no card for ${id}`);
    return found;
  });
}

function renderPanel() {
  return renderScreen(<InvoicesPanel />, { route: '/admin' });
}

beforeEach(async () => {
  await resetDevice();
  setOnline(true);
});

describe('the tax invoices list', () => {
  it('says how invoices come about when there are none', async () => {
    fakeApi();
    renderPanel();
    expect(await screen.findByText(QUOTES_TEXT.NO_INVOICES)).toBeTruthy();
  });

  it('shows an unpaid invoice’s total, what is due and what can be done with it', async () => {
    fakeApi();
    await db.invoices.put(invoice());
    renderPanel();
    const element = await card();
    expect(element.dataset.state).toBe('unpaid');
    expect(within(element).getByTestId('invoice-state').textContent).toBe('Unpaid');
    expect(within(element).getByTestId('invoice-settlement').textContent).toBe(
      'Paid $0.00 · $100.00 due',
    );
    for (const name of ['Record payment', 'View', 'Download PDF', 'Email invoice', 'Credit note'])
      expect(within(element).getByRole('button', { name })).toBeTruthy();
  });

  it('offers no email for a customer without an address, and no payment once paid', async () => {
    fakeApi();
    await db.invoices.put(
      invoice({ customerEmail: null, amountPaid: 10000, status: 'paid', paidAt: NOW }),
    );
    renderPanel();
    const element = await card();
    expect(within(element).getByTestId('invoice-state').textContent).toBe('Paid');
    expect(within(element).getByTestId('invoice-balance').textContent).toBe('nothing due');
    expect(within(element).queryByRole('button', { name: 'Email invoice' })).toBeNull();
    expect(within(element).queryByRole('button', { name: 'Record payment' })).toBeNull();
  });

  it('pages long lists twenty at a time', async () => {
    fakeApi();
    await db.invoices.bulkPut(
      Array.from({ length: 21 }, (_, index) =>
        invoice({ id: `INV-2026-${index + 1}`, number: `INV-2026-${index + 1}` }),
      ),
    );
    const { user } = renderPanel();
    await waitFor(() => expect(screen.getAllByTestId('invoice-card')).toHaveLength(20));
    await user.click(screen.getByRole('button', { name: 'Show more invoices (1 more)' }));
    await waitFor(() => expect(screen.getAllByTestId('invoice-card')).toHaveLength(21));
    expect(screen.queryByRole('button', { name: /Show more invoices/ })).toBeNull();
  });
});

describe('recording a payment', () => {
  it('offers the whole balance, and records a part payment on this device', async () => {
    fakeApi();
    await db.invoices.put(invoice());
    const { user } = renderPanel();
    await user.click(within(await card()).getByRole('button', { name: 'Record payment' }));
    const form = await screen.findByRole('form', { name: 'Record payment' });
    expect(form.textContent).toContain('Invoice INV-2026-1 for Dana Reid: $100.00 owed');
    const amount = within(form).getByLabelText(/^Amount/) as HTMLInputElement;
    expect(amount.value).toBe('100.00');
    await user.click(within(form).getByRole('radio', { name: 'Bank transfer' }));
    await user.clear(amount);
    await fill(user, amount, '40');
    await fill(user, within(form).getByLabelText(/^Reference/), 'EFT 99812');
    await user.click(within(form).getByRole('button', { name: 'Record payment' }));

    expect(await screen.findByText(MESSAGES.PAYMENT_RECORDED_TITLE)).toBeTruthy();
    expect(screen.getByText(QUOTES_TEXT.invoicePaymentRecorded('INV-2026-1'))).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Record payment' })).toBeNull());
    const payments = await db.payments.toArray();
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      invoiceId: 'INV-2026-1',
      amount: 4000,
      method: 'bank-transfer',
      reference: 'EFT 99812',
    });
    await waitFor(async () =>
      expect(within(await card()).getByTestId('invoice-balance').textContent).toBe('$60.00 due'),
    );
    expect((await card()).dataset.state).toBe('part-paid');
    expect(await within(await card()).findByTestId('invoice-unsynced')).toBeTruthy();
  });

  it('refuses more than is owed, or nothing, with the shared messages', async () => {
    fakeApi();
    await db.invoices.put(invoice());
    const { user } = renderPanel();
    await user.click(within(await card()).getByRole('button', { name: 'Record payment' }));
    const form = await screen.findByRole('form', { name: 'Record payment' });
    const amount = within(form).getByLabelText(/^Amount/);
    await user.clear(amount);
    await fill(user, amount, '100.01');
    await user.click(within(form).getByRole('button', { name: 'Record payment' }));
    expect(
      await within(form).findByText(MESSAGES.paymentTooLarge(formatCents(10000))),
    ).toBeTruthy();
    await user.clear(amount);
    await fill(user, amount, '0');
    await user.click(within(form).getByRole('button', { name: 'Record payment' }));
    expect(await within(form).findByText(MESSAGES.PAYMENT_AMOUNT_MIN)).toBeTruthy();
    expect(await db.payments.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('says a payment recorded with no signal is kept on this device', async () => {
    fakeApi();
    await db.invoices.put(invoice());
    setOnline(false);
    try {
      const { user } = renderPanel();
      await user.click(within(await card()).getByRole('button', { name: 'Record payment' }));
      const form = await screen.findByRole('form', { name: 'Record payment' });
      await user.click(within(form).getByRole('button', { name: 'Record payment' }));
      expect(await screen.findByText(QUOTES_TEXT.savedOffline)).toBeTruthy();
      await waitFor(async () => expect(await db.payments.count()).toBe(1));
      expect((await db.payments.toArray())[0]?.amount).toBe(10000);
    } finally {
      setOnline(true);
    }
  });

  it('records nothing when the dialog is cancelled', async () => {
    fakeApi();
    await db.invoices.put(invoice());
    const { user } = renderPanel();
    await user.click(within(await card()).getByRole('button', { name: 'Record payment' }));
    const form = await screen.findByRole('form', { name: 'Record payment' });
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Record payment' })).toBeNull());
    expect(await db.payments.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('credit notes and refunds', () => {
  it('issues a credit note with its reason and lists it on the invoice', async () => {
    fakeApi();
    await db.invoices.put(invoice());
    const { user } = renderPanel();
    await user.click(within(await card()).getByRole('button', { name: 'Credit note' }));
    const form = await screen.findByRole('form', { name: 'Issue a credit note' });
    expect(form.textContent).toContain('$100.00 can be credited');
    const amount = within(form).getByLabelText(/^Credit amount/);
    await user.clear(amount);
    await fill(user, amount, '25');
    await user.click(within(form).getByRole('button', { name: 'Issue credit note' }));
    expect(await within(form).findByText(MESSAGES.CREDIT_REASON_REQUIRED)).toBeTruthy();
    await fill(user, within(form).getByLabelText(/^Reason/), 'Winch hire not used');
    await user.click(within(form).getByRole('button', { name: 'Issue credit note' }));

    expect(await screen.findByText(QUOTES_TEXT.creditIssued('$25.00', 'INV-2026-1'))).toBeTruthy();
    const note = await within(await card()).findByTestId('invoice-credit-note');
    // Made on this device under its key CN-…-P1: people read that its number is pending.
    expect((await db.credit_notes.toArray()).map((row) => row.id)).toEqual([`CN-${YEAR}-P1`]);
    expect(within(note).getByTestId('document-ref').textContent).toBe(PROVISIONAL_TEXT.REF);
    expect(within(note).getByTestId('provisional-ref').textContent).toBe(PROVISIONAL_TEXT.BADGE);
    expect(note.textContent).not.toContain(`CN-${YEAR}-P1`);
    expect(note.textContent).toContain('$25.00: Winch hire not used');
    await waitFor(async () =>
      expect(within(await card()).getByTestId('invoice-settlement').textContent).toBe(
        'Paid $0.00 · credited $25.00 · $75.00 due',
      ),
    );
  });

  it('refuses a credit above what is left to credit', async () => {
    fakeApi();
    await db.invoices.put(invoice({ amountCredited: 6000 }));
    const { user } = renderPanel();
    await user.click(within(await card()).getByRole('button', { name: 'Credit note' }));
    const form = await screen.findByRole('form', { name: 'Issue a credit note' });
    const amount = within(form).getByLabelText(/^Credit amount/) as HTMLInputElement;
    expect(amount.value).toBe('40.00');
    await user.clear(amount);
    await fill(user, amount, '41');
    await fill(user, within(form).getByLabelText(/^Reason/), 'Goodwill');
    await user.click(within(form).getByRole('button', { name: 'Issue credit note' }));
    expect(await within(form).findByText(MESSAGES.creditTooLarge('$40.00'))).toBeTruthy();
    expect(await db.credit_notes.count()).toBe(0);
  });

  it('lists a paid invoice left in credit under refunds owed, and refunds at most that', async () => {
    fakeApi();
    await db.invoices.put(
      invoice({ amountPaid: 10000, amountCredited: 3000, status: 'paid', paidAt: NOW }),
    );
    const { user } = renderPanel();
    const owed = await screen.findByTestId('refunds-owed');
    expect(within(owed).getByText(QUOTES_TEXT.REFUNDS_OWED_TITLE)).toBeTruthy();
    const element = await card();
    expect(within(element).getByTestId('invoice-balance').textContent).toBe(
      QUOTES_TEXT.refundOwed('$30.00'),
    );
    await user.click(within(element).getByRole('button', { name: 'Record refund' }));
    const form = await screen.findByRole('form', { name: 'Record refund' });
    expect(form.textContent).toContain('$30.00 owed back to the customer');
    expect((within(form).getByLabelText(/^Amount/) as HTMLInputElement).value).toBe('30.00');
    expect(within(form).getByRole('radio', { name: 'Bank transfer' })).toHaveProperty(
      'checked',
      true,
    );
    const amount = within(form).getByLabelText(/^Amount/);
    await user.clear(amount);
    await fill(user, amount, '31');
    await user.click(within(form).getByRole('button', { name: 'Record refund' }));
    expect(await within(form).findByText(MESSAGES.refundTooLarge('$30.00'))).toBeTruthy();
    expect(await db.payments.count()).toBe(0);
  });
});

describe('the invoice’s PDF and email', () => {
  it('says they need a connection when the device is offline, and asks the server nothing', async () => {
    const api = fakeApi();
    await db.invoices.put(invoice());
    setOnline(false);
    try {
      const { user } = renderPanel();
      await user.click(within(await card()).getByRole('button', { name: 'Email invoice' }));
      expect(await screen.findByText(QUOTES_TEXT.invoiceNeedsConnection)).toBeTruthy();
      expect(api.calls).toHaveLength(0);
    } finally {
      setOnline(true);
    }
  });

  it('emails the invoice through the server and says to whom', async () => {
    const api = fakeApi({ 'POST /api/invoices/INV-2026-1/send-email': json({ ok: true }) });
    await db.invoices.put(invoice());
    const { user } = renderPanel();
    await user.click(within(await card()).getByRole('button', { name: 'Email invoice' }));
    expect(await screen.findByText(MESSAGES.INVOICE_EMAILED)).toBeTruthy();
    expect(screen.getByText('dana@example.com')).toBeTruthy();
    expect(api.callsTo('POST /api/invoices/INV-2026-1/send-email')).toHaveLength(1);
  });

  it('shows the server’s reason when the email fails', async () => {
    fakeApi({
      'POST /api/invoices/INV-2026-1/send-email': json({ error: 'SMTP is not configured' }, 503),
    });
    await db.invoices.put(invoice());
    const { user } = renderPanel();
    await user.click(within(await card()).getByRole('button', { name: 'Email invoice' }));
    expect(await screen.findByText(MESSAGES.INVOICE_EMAIL_FAILED)).toBeTruthy();
    expect(screen.getByText(/SMTP is not configured/)).toBeTruthy();
  });

  it('waits for an invoice made on this device to reach the server before sending it', async () => {
    const api = fakeApi();
    await db.invoices.put(invoice());
    const { user } = renderPanel();
    // A payment recorded here puts the invoice in the outbox until the server confirms it.
    await user.click(within(await card()).getByRole('button', { name: 'Record payment' }));
    const form = await screen.findByRole('form', { name: 'Record payment' });
    await user.click(within(form).getByRole('button', { name: 'Record payment' }));
    await within(await card()).findByTestId('invoice-unsynced');
    await user.click(within(await card()).getByRole('button', { name: 'Email invoice' }));
    expect(await screen.findByText(QUOTES_TEXT.notSynced)).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });
});
