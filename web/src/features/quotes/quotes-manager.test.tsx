import '../../sync/testing/node-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { DEFAULT_BUSINESS_PROFILE, MESSAGES, type Quote } from '@pilbara/shared-schema';
import { aQuote } from '@pilbara/shared-schema/testing';
import { db } from '../../sync';
import { businessYear } from '../../sync/leases';
import { META, setMeta } from '../../sync/local-store';
import { QuotesManager } from './quotes-manager';
import { QUOTES_TEXT } from './quotes-text';

const YEAR = businessYear();

// IndexedDB in Node (fake-indexeddb) and Mantine in jsdom are slow on a small machine.
configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 40_000 });

function renderManager() {
  return render(
    <MantineProvider>
      <Notifications />
      <QuotesManager />
    </MantineProvider>,
  );
}

function stored(overrides: Partial<Quote> & Pick<Quote, 'id' | 'status'>): Quote {
  const now = new Date();
  return {
    customerName: 'Dana Reid',
    customerPhone: '0412345678',
    customerEmail: 'dana@example.com',
    vehicleType: 'Toyota LandCruiser',
    service: 'Emergency Towing',
    fromLocation: 'Karratha',
    toLocation: 'Tom Price',
    distance: 310,
    items: [
      {
        id: `${overrides.id}-1`,
        description: 'Emergency Towing',
        quantity: 1,
        unitPrice: 18000,
        total: 18000,
        category: 'service',
      },
    ],
    itemsSubtotal: 18000,
    basePrice: 25200,
    discountPercent: 0,
    discountAmount: 0,
    finalPrice: 25200,
    notes: null,
    validUntil: new Date(now.getTime() + 14 * 86_400_000).toISOString(),
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
    ...overrides,
  };
}

async function card(id: string): Promise<HTMLElement> {
  const found = await screen.findByRole('article', { name: new RegExp(`^Quote ${id} for`) });
  return found;
}

/** The names of a card's buttons, in order. */
function names(element: HTMLElement): (string | null)[] {
  return within(element)
    .getAllByRole('button')
    .map((button) => button.textContent);
}

/**
 * Every card of a quote the server knows ends with the same four actions, whatever its status,
 * then the toggle of what was sent to the customer about it.
 */
const ALWAYS = ['Preview', 'Download PDF', 'Duplicate', 'Delete', 'Sent to the customer'];

function setOnline(value: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => value });
}

beforeEach(async () => {
  await Promise.all([
    db.quotes.clear(),
    db.outbox.clear(),
    db.invoices.clear(),
    db.payments.clear(),
    db.meta.clear(),
  ]);
  await setMeta(db, META.leases, {
    [`Q-${YEAR}`]: [{ start: 1, end: 50, next: 1 }],
    [`INV-${YEAR}`]: [{ start: 1, end: 50, next: 1 }],
    payments: [{ start: 101, end: 150, next: 101 }],
  });
  setOnline(true);
});

afterEach(() => {
  notifications.clean();
  vi.restoreAllMocks();
});

describe('QuotesManager', () => {
  it('builds a quote from the quick-add catalogue and saves it on this device', async () => {
    renderManager();
    fireEvent.click(screen.getByRole('button', { name: 'New Quote' }));
    const save = screen.getByRole('button', { name: 'Save Quote' });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(MESSAGES.QUOTE_ITEMS_REQUIRED)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Add Emergency Towing $180.00' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add Emergency Towing $180.00' }));
    expect(screen.getByText(MESSAGES.QUOTE_CUSTOMER_REQUIRED)).toBeTruthy();
    expect(screen.getByTestId('quote-final-price').textContent).toContain('$360.00');

    fireEvent.change(screen.getByLabelText(/Customer name/), { target: { value: 'Kim Lee' } });
    fireEvent.change(screen.getByLabelText(/Phone/), { target: { value: '0411222333' } });
    fireEvent.change(screen.getByLabelText(/Discount/), { target: { value: '10' } });
    await waitFor(() =>
      expect(screen.getByTestId('quote-final-price').textContent).toContain('$324.00'),
    );
    expect((save as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(save);

    expect(await screen.findByText(MESSAGES.QUOTE_CREATED)).toBeTruthy();
    // A quote made on this device is keyed Q-…-P1, a key nobody reads: it shows as provisional,
    // its number pending, until synced.
    const saved = await card('\\(number pending\\)');
    expect(within(saved).queryByText(new RegExp(`Q-${YEAR}-P1`))).toBeNull();
    expect(within(saved).getByText('Kim Lee')).toBeTruthy();
    expect(within(saved).getByTestId('quote-price').textContent).toContain('$324.00');
    expect(within(saved).getByTestId('quote-status').textContent).toContain('Draft');
    expect(await within(saved).findByTestId('quote-unsynced')).toBeTruthy();
    const outbox = await db.outbox.toArray();
    expect(outbox).toMatchObject([
      { name: 'quote.save', args: { id: `Q-${YEAR}-P1`, discountPercent: 10 } },
    ]);
    expect(screen.queryByRole('button', { name: 'Save Quote' })).toBeNull();
  });

  it('asks for item details before adding a custom item, then lets its quantity change', async () => {
    renderManager();
    fireEvent.click(screen.getByRole('button', { name: 'New Quote' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add Item' }));
    expect(screen.getByRole('alert').textContent).toContain(MESSAGES.QUOTE_ITEM_DETAILS);

    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Spare fuse' } });
    fireEvent.change(screen.getByLabelText('Unit price'), { target: { value: '0.29' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Item' }));
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.change(screen.getByLabelText('Quantity of Spare fuse'), { target: { value: '3' } });
    await waitFor(() =>
      expect(screen.getByTestId('quote-final-price').textContent).toContain('$0.87'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remove Spare fuse' }));
    expect(screen.getByText(MESSAGES.QUOTE_ITEMS_REQUIRED)).toBeTruthy();
  });

  it('offers the actions the quote flow allows for each status and counts the tiles', async () => {
    await db.quotes.bulkPut([
      stored({ id: `Q-${YEAR}-1`, status: 'draft', finalPrice: 10050 }),
      stored({ id: `Q-${YEAR}-2`, status: 'sent', finalPrice: 20000 }),
      stored({ id: `Q-${YEAR}-3`, status: 'accepted', finalPrice: 30000 }),
    ]);
    renderManager();
    const draft = await card(`Q-${YEAR}-1`);
    expect(names(draft)).toEqual(['Edit', 'Email Quote', ...ALWAYS]);
    expect(names(await card(`Q-${YEAR}-2`))).toEqual([
      'Accept',
      'Reject',
      'Pay Now',
      'Record payment',
      ...ALWAYS,
    ]);
    expect(names(await card(`Q-${YEAR}-3`))).toEqual(['Pay Now', 'Record payment', ...ALWAYS]);
    expect(within(draft).getByText(/Karratha → Tom Price · 310 km/)).toBeTruthy();
    expect(within(draft).getByText(/14 days left/)).toBeTruthy();

    expect(screen.getByRole('group', { name: 'Total Quotes' }).textContent).toContain('3');
    expect(screen.getByRole('group', { name: 'Accepted' }).textContent).toContain('1');
    expect(screen.getByRole('group', { name: 'Pending' }).textContent).toContain('1');
    expect(screen.getByRole('group', { name: 'Total Value' }).textContent).toContain('$601');
  });

  it('shows a sent quote past its date as Expired, offers only to renew it, and renews it', async () => {
    const quote = stored({
      id: `Q-${YEAR}-4`,
      status: 'sent',
      validUntil: new Date(Date.now() - 86_400_000).toISOString(),
    });
    await db.quotes.put(quote);
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(
      new Response(
        JSON.stringify({
          quote: aQuote({
            id: quote.id,
            status: 'sent',
            validUntil: new Date(Date.now() + 14 * 86_400_000).toISOString(),
          }),
        }),
        { status: 200 },
      ),
    );
    renderManager();
    const expired = await card(quote.id);
    expect(within(expired).getByTestId('quote-status').textContent).toBe('Expired');
    // It can no longer be accepted, rejected or paid: only renewed, which sends it again.
    expect(names(expired)).toEqual(['Renew & resend', ...ALWAYS]);

    fireEvent.click(within(expired).getByRole('button', { name: 'Renew & resend' }));
    expect(await screen.findByText(QUOTES_TEXT.renewed)).toBeTruthy();
    expect(screen.getByText(MESSAGES.QUOTE_RENEWED_TITLE)).toBeTruthy();
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(fetchSpy).toHaveBeenLastCalledWith(
      `/api/quotes/Q-${YEAR}-4/renew`,
      expect.objectContaining({ method: 'POST' }),
    );
  });

  it('accepts a sent quote through a mutation that raises its tax invoice, and says so', async () => {
    await db.quotes.put(stored({ id: `Q-${YEAR}-2`, status: 'sent' }));
    renderManager();
    fireEvent.click(within(await card(`Q-${YEAR}-2`)).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Quote accepted')).toBeTruthy();
    expect(await screen.findByText(QUOTES_TEXT.invoiceRaised('(number pending)'))).toBeTruthy();
    await waitFor(async () =>
      expect(within(await card(`Q-${YEAR}-2`)).getByTestId('quote-status').textContent).toContain(
        'Accepted',
      ),
    );
    expect(
      within(await card(`Q-${YEAR}-2`)).getByTestId('quote-invoice-state').textContent,
    ).toContain('Unpaid');
    expect(await db.outbox.toArray()).toMatchObject([
      { name: 'quote.accept', args: { id: `Q-${YEAR}-2`, invoiceId: `INV-${YEAR}-P1` } },
    ]);
    expect(await db.invoices.get(`INV-${YEAR}-P1`)).toMatchObject({ amount: 25200, gst: 2291 });
  });

  it('says emailing needs a connection when offline, without calling the server', async () => {
    await db.quotes.put(stored({ id: `Q-${YEAR}-1`, status: 'draft' }));
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    setOnline(false);
    renderManager();
    fireEvent.click(within(await card(`Q-${YEAR}-1`)).getByRole('button', { name: 'Email Quote' }));
    expect(await screen.findByText(QUOTES_TEXT.emailNeedsConnection)).toBeTruthy();
    fireEvent.click(
      within(await card(`Q-${YEAR}-1`)).getByRole('button', { name: 'Download PDF' }),
    );
    expect(await screen.findByText(QUOTES_TEXT.pdfNeedsConnection)).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('treats a network failure while emailing as being offline, and a server refusal as a failed send', async () => {
    await db.quotes.put(stored({ id: `Q-${YEAR}-1`, status: 'draft' }));
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockRejectedValueOnce(new TypeError('Failed to fetch'));
    renderManager();
    fireEvent.click(within(await card(`Q-${YEAR}-1`)).getByRole('button', { name: 'Email Quote' }));
    expect(await screen.findByText(QUOTES_TEXT.emailNeedsConnection)).toBeTruthy();

    fetchSpy.mockResolvedValueOnce(
      new Response(JSON.stringify({ error: MESSAGES.EMAIL_SENDING_FAILED }), { status: 502 }),
    );
    fireEvent.click(within(await card(`Q-${YEAR}-1`)).getByRole('button', { name: 'Email Quote' }));
    expect(await screen.findByText(MESSAGES.QUOTE_EMAIL_FAILED)).toBeTruthy();
    expect(screen.getByText(MESSAGES.EMAIL_SENDING_FAILED)).toBeTruthy();
    expect(fetchSpy).toHaveBeenLastCalledWith(
      `/api/quotes/Q-${YEAR}-1/send-email`,
      expect.objectContaining({ method: 'POST' }),
    );
    // The status is the server's to change: still a draft here.
    expect(within(await card(`Q-${YEAR}-1`)).getByTestId('quote-status').textContent).toContain(
      'Draft',
    );
  });

  it('offers to record a payment when card payment is not set up, on this device', async () => {
    const quote = stored({ id: `Q-${YEAR}-2`, status: 'sent' });
    await db.quotes.put(quote);
    const open = vi.spyOn(window, 'open');
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(
        new Response(
          JSON.stringify({ profile: DEFAULT_BUSINESS_PROFILE, cardPaymentsEnabled: false }),
          { status: 200 },
        ),
      );
    renderManager();
    fireEvent.click(within(await card(quote.id)).getByRole('button', { name: 'Pay Now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record payment' });
    expect(within(dialog).getByText(QUOTES_TEXT.CARD_NOT_SET_UP_TITLE)).toBeTruthy();
    expect((within(dialog).getByLabelText(/Amount/) as HTMLInputElement).value).toBe('252.00');
    fireEvent.click(within(dialog).getByText('Bank transfer'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(
      await screen.findByText(QUOTES_TEXT.paymentRecorded(quote.id, '(number pending)')),
    ).toBeTruthy();
    // Accepting raised the invoice, and the payment settled it: two mutations, no server call.
    expect(await db.outbox.toArray()).toMatchObject([
      { name: 'quote.accept', args: { id: quote.id, invoiceId: `INV-${YEAR}-P1` } },
      {
        name: 'invoice.recordPayment',
        args: {
          invoiceId: `INV-${YEAR}-P1`,
          paymentId: 101,
          method: 'bank-transfer',
          amount: 25200,
        },
      },
    ]);
    await waitFor(async () =>
      expect(within(await card(quote.id)).getByTestId('quote-invoice-state').textContent).toContain(
        'Paid',
      ),
    );
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(open).not.toHaveBeenCalled();
  });

  it('refuses a payment above what is owed with the shared message', async () => {
    const quote = stored({ id: `Q-${YEAR}-2`, status: 'accepted' });
    await db.quotes.put(quote);
    renderManager();
    fireEvent.click(within(await card(quote.id)).getByRole('button', { name: 'Record payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record payment' });
    fireEvent.change(within(dialog).getByLabelText(/Amount/), { target: { value: '300' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(
      await within(dialog).findByText('The amount is more than the balance due ($252.00)'),
    ).toBeTruthy();
    expect(await db.outbox.count()).toBe(0);
  });

  it('opens the checkout in a 600 by 600 window when card payment is set up', async () => {
    await db.quotes.put(stored({ id: `Q-${YEAR}-3`, status: 'accepted' }));
    const open = vi.spyOn(window, 'open').mockReturnValue({} as Window);
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(
      new Response(
        JSON.stringify({ profile: DEFAULT_BUSINESS_PROFILE, cardPaymentsEnabled: true }),
        { status: 200 },
      ),
    );
    renderManager();
    fireEvent.click(within(await card(`Q-${YEAR}-3`)).getByRole('button', { name: 'Pay Now' }));
    expect(await screen.findByText(MESSAGES.PAYMENT_WINDOW_OPENED)).toBeTruthy();
    expect(open).toHaveBeenCalledWith(
      `/checkout?quote=Q-${YEAR}-3`,
      `checkout-Q-${YEAR}-3`,
      'width=600,height=600',
    );
  });

  it('shows the automatic quote of a completed job as a draft linked to its job', async () => {
    await db.quotes.put(
      stored({
        id: `Q-${YEAR}-9`,
        status: 'draft',
        notes: `Automatic quote for completed job JOB-${YEAR}-4 at Dampier`,
      }),
    );
    renderManager();
    const auto = await card(`Q-${YEAR}-9`);
    expect(within(auto).getByText(`Job JOB-${YEAR}-4`)).toBeTruthy();
    expect(within(auto).getByTestId('quote-status').textContent).toContain('Draft');
  });

  it('previews a quote as the customer will read it', async () => {
    await db.quotes.put(
      stored({
        id: `Q-${YEAR}-6`,
        status: 'sent',
        discountPercent: 10,
        discountAmount: 2520,
        finalPrice: 22680,
      }),
    );
    renderManager();
    fireEvent.click(within(await card(`Q-${YEAR}-6`)).getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByTestId('quote-preview');
    const header = within(preview).getByTestId('quote-business');
    expect(within(header).getByText(DEFAULT_BUSINESS_PROFILE.tradingName)).toBeTruthy();
    // The placeholder ABN is never printed: a customer would take it for a real one.
    expect(within(header).queryByText(/^ABN/)).toBeNull();
    const owner = DEFAULT_BUSINESS_PROFILE.owners[0]!;
    expect(within(header).getByText(`${owner.name}: ${owner.phone}`)).toBeTruthy();
    expect(within(preview).getByText('Services')).toBeTruthy();
    expect(within(preview).getByText('Location multiplier (Tom Price ×1.4)')).toBeTruthy();
    expect(within(preview).getByText('+$72.00')).toBeTruthy();
    expect(within(preview).getByText('-$25.20')).toBeTruthy();
    expect(within(preview).getByText('$226.80')).toBeTruthy();
    expect(within(preview).getByText('Prices include GST')).toBeTruthy();
    expect(within(preview).getByText('Cash, card and bank transfer accepted.')).toBeTruthy();
  });

  it('deletes a quote after confirmation', async () => {
    await db.quotes.put(stored({ id: `Q-${YEAR}-5`, status: 'rejected' }));
    renderManager();
    fireEvent.click(within(await card(`Q-${YEAR}-5`)).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(MESSAGES.QUOTE_DELETED)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('article')).toBeNull());
  });
});
