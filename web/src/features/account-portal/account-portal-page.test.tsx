import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import {
  INVOICE_STATE_LABELS,
  accountBookingResponseSchema,
  documentRef,
  formatCents,
  formatDate,
  formatDateTime,
  formatWhen,
  termsText,
  type PortalResponse,
} from '@pilbara/shared-schema';
import { aBooking, aJob, aQuote, anInvoice } from '@pilbara/shared-schema/testing';
import { renderScreen } from '../../app/test-providers';
import { getDatabase } from '../../db/database';
import { fakeApi, json, setOnline, type FakeApi } from '../../lib/testing/fake-api';
import { choose, fill, selectInput } from '../../lib/testing/user-input';
import { AccountPortalPage } from './account-portal-page';
import { PRIYA, aPortal } from './portal-fixture';

const PORTAL = 'GET /api/account/portal';
const LIVE = aJob({
  id: 'JOB-2026-5',
  status: 'En Route',
  accountId: 1,
  siteId: 's1',
  poNumber: null,
  assignedTo: 'Sam Taylor',
  estimatedArrival: '25 minutes',
  progress: 40,
  trackingToken: 'live-token-cccccccccccc',
});
const DONE = aJob({
  id: 'JOB-2026-2',
  status: 'Completed',
  accountId: 1,
  siteId: null,
  location: 'Karratha airport',
  poNumber: 'PO-12',
  progress: 100,
});
const UPDATE = {
  id: 7,
  jobId: LIVE.id,
  message: 'Sam is on the way from Karratha',
  status: 'En Route',
  createdAt: '2026-11-21T09:40:00.000Z',
};

let api: FakeApi;

function answer(overrides: Partial<PortalResponse> = {}) {
  return json(aPortal(overrides));
}

function renderPortal() {
  return renderScreen(<AccountPortalPage user={PRIYA} />, { route: '/account' });
}

/** Opens a tab and gives its panel (the one shown). */
async function openTab(user: ReturnType<typeof renderPortal>['user'], name: string) {
  await user.click(await screen.findByRole('tab', { name }));
  return screen.getByRole('tabpanel');
}

beforeEach(async () => {
  localStorage.clear();
  setOnline(true);
  await getDatabase().publicOutbox.clear();
  api = fakeApi();
});

describe('opening the account portal', () => {
  it('says it is loading, then shows the account, its terms and what it owes', async () => {
    let reply: (value: ReturnType<typeof answer>) => void = () => undefined;
    api.on(PORTAL, () => new Promise((resolve) => (reply = resolve)));
    const invoices = [
      anInvoice({ id: 'INV-2026-1', number: 'INV-2026-1', accountId: 1 }),
      anInvoice({
        id: 'INV-2026-2',
        number: 'INV-2026-2',
        accountId: 1,
        amount: 50_000,
        amountPaid: 20_000,
      }),
    ];
    renderPortal();
    expect(screen.getByText('Loading…')).toBeTruthy();
    await waitFor(() => expect(api.callsTo(PORTAL).length).toBeGreaterThan(0));
    reply(answer({ invoices }));

    expect(await screen.findByRole('heading', { name: 'Cape Lambert Iron' })).toBeTruthy();
    expect(
      screen.getByText(
        `Cape Lambert Iron Pty Ltd · terms ${termsText({ kind: 'days', days: 14 })} · owing ${formatCents(40_000)}`,
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/^No connection/)).toBeNull();
  });

  it('says the first opening needs a connection', async () => {
    renderPortal();
    expect(
      await screen.findByText('The account needs a connection to open the first time.'),
    ).toBeTruthy();
  });

  it('shows what this phone last saw when there is no signal, and says so', async () => {
    localStorage.setItem('accountPortal', JSON.stringify(aPortal({ jobs: [LIVE] })));
    renderPortal();
    expect(screen.getByRole('heading', { name: 'Cape Lambert Iron' })).toBeTruthy();
    expect(
      await screen.findByText(
        `No connection: showing what this phone last saw (${formatDateTime('2026-11-21T10:00:00.000Z')}).`,
      ),
    ).toBeTruthy();
    expect(screen.getAllByTestId('portal-job')).toHaveLength(1);
  });

  it('never shows what another account’s sign-in left on the phone', async () => {
    const other = aPortal();
    localStorage.setItem(
      'accountPortal',
      JSON.stringify({ ...other, account: { ...other.account, id: 2, name: 'Other Mine' } }),
    );
    renderPortal();
    expect(
      await screen.findByText('The account needs a connection to open the first time.'),
    ).toBeTruthy();
    expect(screen.queryByText('Other Mine')).toBeNull();
  });

  it('asks again when the signal comes back and drops the no-connection note', async () => {
    localStorage.setItem('accountPortal', JSON.stringify(aPortal()));
    renderPortal();
    await screen.findByText(/^No connection: showing what this phone last saw/);
    api.on(PORTAL, answer({ jobs: [LIVE] }));
    setOnline(true);
    await waitFor(() => expect(screen.getAllByTestId('portal-job')).toHaveLength(1));
    expect(screen.queryByText(/^No connection/)).toBeNull();
  });
});

describe('the account’s jobs', () => {
  it('shows bookings waiting, then live jobs with their driver, updates and tracking link', async () => {
    api.on(
      PORTAL,
      answer({
        bookings: [aBooking({ accountId: 1, siteId: 's2', poNumber: 'PO-90' })],
        jobs: [DONE, LIVE],
        updates: [UPDATE],
      }),
    );
    renderPortal();
    const booking = await screen.findByTestId('portal-booking');
    expect(within(booking).getByText('Waiting for approval')).toBeTruthy();
    expect(within(booking).getByText('Dampier wharf · PO PO-90')).toBeTruthy();

    const [live, done] = screen.getAllByTestId('portal-job') as [HTMLElement, HTMLElement];
    expect(live.dataset.status).toBe('En Route');
    expect(within(live).getByText(`${documentRef(LIVE)} · Emergency Towing`)).toBeTruthy();
    expect(within(live).getByText('Cape Lambert gate 2 · PO to come')).toBeTruthy();
    expect(within(live).getByText('Driver: Sam Taylor')).toBeTruthy();
    expect(within(live).getByText('Expected: 25 minutes')).toBeTruthy();
    expect(within(live).getByRole('progressbar', { name: 'Progress 40%' })).toBeTruthy();
    expect(within(live).getByText(UPDATE.message)).toBeTruthy();
    expect(within(live).getByText(formatDateTime(UPDATE.createdAt))).toBeTruthy();
    expect(
      within(live).getByRole('link', { name: 'Live tracking page' }).getAttribute('href'),
    ).toBe('/customer-portal?token=live-token-cccccccccccc');

    expect(done.dataset.status).toBe('Completed');
    expect(within(done).getByText('Karratha airport · PO PO-12')).toBeTruthy();
    expect(within(done).queryByRole('link', { name: 'Live tracking page' })).toBeNull();
    expect(within(done).queryByText(/^Expected:/)).toBeNull();
  });

  it('says no work is in progress when every job is done', async () => {
    api.on(PORTAL, answer({ jobs: [DONE] }));
    renderPortal();
    expect(await screen.findByText('No work in progress.')).toBeTruthy();
    expect(screen.getAllByTestId('portal-job')).toHaveLength(1);
  });
});

describe('the account’s documents', () => {
  it('lists quotes, invoices newest first and monthly statements, each with its PDF', async () => {
    const quote = aQuote({
      id: 'Q-2026-3',
      number: 'Q-2026-3',
      status: 'sent',
      finalPrice: 45_000,
    });
    const older = anInvoice({ id: 'INV-2026-1', number: 'INV-2026-1', accountId: 1 });
    const newer = anInvoice({
      id: 'INV-2026-2',
      number: 'INV-2026-2',
      accountId: 1,
      amount: 50_000,
      amountPaid: 20_000,
      dueDate: '2026-12-05',
      poNumber: 'PO-31',
      siteName: 'Cape Lambert gate 2',
    });
    api.on(
      PORTAL,
      answer({
        quotes: [quote],
        invoices: [older, newer],
        statements: [{ month: '2026-10', closingCents: 40_000 }],
      }),
    );
    const { user } = renderPortal();

    const quotes = await openTab(user, 'Quotes');
    expect(
      within(quotes).getByText(
        `${documentRef(quote)} · Emergency Towing · ${formatCents(45_000)} · sent`,
      ),
    ).toBeTruthy();
    expect(within(quotes).getByRole('link', { name: 'PDF' }).getAttribute('href')).toBe(
      '/api/account/quotes/Q-2026-3/pdf',
    );

    const invoices = await openTab(user, 'Invoices');
    const cards = within(invoices).getAllByTestId('portal-invoice');
    expect(cards.map((card) => within(card).getByText(/^INV-/).textContent)).toEqual([
      documentRef(newer),
      documentRef(older),
    ]);
    const first = cards[0] as HTMLElement;
    expect(within(first).getByText(INVOICE_STATE_LABELS['part-paid'])).toBeTruthy();
    expect(
      within(first).getByText(
        `${formatCents(50_000)} · owing ${formatCents(30_000)} · due ${formatDate('2026-12-05')}`,
      ),
    ).toBeTruthy();
    expect(within(first).getByText('PO PO-31 · Cape Lambert gate 2')).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'Invoice PDF' }).getAttribute('href')).toBe(
      '/api/account/invoices/INV-2026-2/pdf',
    );

    const statements = await openTab(user, 'Statements');
    expect(
      within(statements).getByText(
        `${formatWhen('2026-10-15', 'monthLong')} · balance ${formatCents(40_000)}`,
      ),
    ).toBeTruthy();
    expect(
      within(statements).getByRole('link', { name: 'Statement PDF' }).getAttribute('href'),
    ).toBe('/api/accounts/1/statement.pdf?month=2026-10');
  });

  it('says when there are no quotes, invoices or statements yet', async () => {
    api.on(PORTAL, answer());
    const { user } = renderPortal();
    expect((await openTab(user, 'Quotes')).textContent).toBe('No quotes.');
    expect((await openTab(user, 'Invoices')).textContent).toBe('No invoices.');
    expect((await openTab(user, 'Statements')).textContent).toBe('No statements yet.');
  });
});

describe('booking from the portal', () => {
  it('goes back to Jobs once the booking is sent, where the server now lists it', async () => {
    const booking = aBooking({ id: 'BKG-2026-4', accountId: 1, siteId: 's1', poNumber: 'PO-7781' });
    api.on(PORTAL, answer());
    api.on('POST /api/account/bookings', () => {
      api.on(PORTAL, answer({ bookings: [booking] }));
      return json(accountBookingResponseSchema.parse({ booking }), 201);
    });
    const { user } = renderPortal();
    const form = await openTab(user, 'Book');
    await choose(user, selectInput(form, /^Service/), '4x4 Recovery');
    await fill(
      user,
      within(form).getByLabelText(/^What happened/),
      'Light vehicle bogged past the gate',
    );
    await fill(user, within(form).getByLabelText(/^PO number/), 'PO-7781');
    await user.click(within(form).getByRole('button', { name: 'Book now' }));

    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Jobs' }).getAttribute('aria-selected')).toBe('true'),
    );
    const waiting = await within(screen.getByRole('tabpanel')).findByTestId('portal-booking');
    expect(within(waiting).getByText('Cape Lambert gate 2 · PO PO-7781')).toBeTruthy();
  });
});
