import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import {
  AGEING_LABELS,
  MESSAGES,
  accountUserResponseSchema,
  accountUsersResponseSchema,
  formatCents,
  monthOf,
  paymentMethodLabel,
  previousMonth,
  type Account,
} from '@pilbara/shared-schema';
import { aFleetVehicle, aPayment, aStaffUser, anAccount } from '@pilbara/shared-schema/testing';
import { renderScreen } from '../../app/test-providers';
import { fakeApi, json, type FakeApi } from '../../lib/testing/fake-api';
import { choose, fill, selectInput } from '../../lib/testing/user-input';
import { db, resetDevice } from '../../sync/testing/device';
import { AccountsTab } from './accounts-tab';
import { DRIVERS_ANSWER, accountCard, onAccount } from './accounts-fixture';

const PRIYA = aStaffUser({
  id: 12,
  username: 'priya',
  firstName: 'Priya',
  role: 'account',
  accountId: 1,
});
const USERS_ROUTE = 'GET /api/accounts/1/users';
const ADD_ROUTE = 'POST /api/accounts/1/users';

let api: FakeApi;

/** The accounts tab with `account` stored, its page opened. */
async function openPage(account: Account = anAccount({ id: 1 })) {
  await db.accounts.put(account);
  const view = renderScreen(<AccountsTab />, { route: '/admin' });
  await view.user.click(
    within(await accountCard(account.name)).getByRole('button', { name: 'Open' }),
  );
  const page = await screen.findByRole('region', { name: account.name });
  return { ...view, page };
}

beforeEach(async () => {
  localStorage.clear();
  await resetDevice();
  api = fakeApi({ 'GET /api/drivers': DRIVERS_ANSWER });
});

describe('an account’s page', () => {
  it('shows the legal name, ABN, billing email and each site with who is inducted there', async () => {
    await db.vehicles.put(aFleetVehicle({ id: 1, name: 'Big Red' }));
    const { page } = await openPage();
    expect(within(page).getByRole('heading', { name: 'Cape Lambert Iron Pty Ltd' })).toBeTruthy();
    expect(within(page).getByText('ABN 51 824 753 556 · ap@capelambert.example')).toBeTruthy();
    expect(within(page).getByText('Cape Lambert gate 2 · Cape Lambert Rd, Wickham')).toBeTruthy();
    expect(within(page).getByText('Gate: 08 9159 0000')).toBeTruthy();
    expect(
      within(page).getByText('Inductions: Site induction and a current Working at Heights ticket'),
    ).toBeTruthy();
    expect(await within(page).findByText('Sam Taylor inducted until 2027-06-30')).toBeTruthy();
    expect(await within(page).findByText('Big Red inducted until 2027-06-30')).toBeTruthy();
  });

  it('says what is missing, and names a driver or truck it does not know by number', async () => {
    const { page } = await openPage(
      anAccount({
        id: 1,
        abn: null,
        billingEmail: null,
        sites: [
          {
            id: 's1',
            name: 'Dampier yard',
            location: 'Village Rd',
            gatePhone: null,
            accessNotes: null,
            inductionRequirements: null,
            inductions: [
              { id: 'i1', kind: 'driver', userId: 2, vehicleId: null, expiresOn: '2027-01-31' },
              { id: 'i3', kind: 'driver', userId: 7, vehicleId: null, expiresOn: '2027-01-31' },
              { id: 'i2', kind: 'vehicle', userId: null, vehicleId: 9, expiresOn: '2027-01-31' },
            ],
          },
        ],
      }),
    );
    expect(within(page).getByText('No ABN · No billing email')).toBeTruthy();
    expect(within(page).queryByText(/^Gate:/)).toBeNull();
    // Sam's name proves the server's driver list has arrived; the others are not on it.
    expect(await within(page).findByText('Sam Taylor inducted until 2027-01-31')).toBeTruthy();
    expect(within(page).getByText('Driver 7 inducted until 2027-01-31')).toBeTruthy();
    expect(within(page).getByText('Truck 9 inducted until 2027-01-31')).toBeTruthy();
  });

  it('says when the account has no sites', async () => {
    const { page } = await openPage(anAccount({ id: 1, sites: [] }));
    expect(within(page).getByText('No sites.')).toBeTruthy();
  });

  it('folds the page away again from its card', async () => {
    const { user } = await openPage();
    await user.click(
      within(await accountCard('Cape Lambert Iron')).getByRole('button', { name: 'Close' }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Cape Lambert Iron' })).toBeNull(),
    );
  });
});

describe('the portal sign-ins of an account’s contacts', () => {
  it('lists them from the server on request', async () => {
    api.on(USERS_ROUTE, json(accountUsersResponseSchema.parse({ users: [PRIYA] })));
    const { user, page } = await openPage();
    await user.click(within(page).getByRole('button', { name: 'Show sign-ins' }));
    expect(await within(page).findByText('priya (Priya)')).toBeTruthy();
    expect(within(page).getByRole('button', { name: 'Refresh' })).toBeTruthy();
  });

  it('says there are none yet', async () => {
    api.on(USERS_ROUTE, json(accountUsersResponseSchema.parse({ users: [] })));
    const { user, page } = await openPage();
    await user.click(within(page).getByRole('button', { name: 'Show sign-ins' }));
    expect(await within(page).findByText('No sign-ins yet.')).toBeTruthy();
  });

  it('says a connection is needed when the server cannot be reached', async () => {
    const { user, page } = await openPage();
    await user.click(within(page).getByRole('button', { name: 'Show sign-ins' }));
    expect((await within(page).findByRole('alert')).textContent).toBe(
      'The sign-ins need a connection.',
    );
  });

  it('gives a contact a sign-in of their own, sends what was typed, and lists it', async () => {
    api.on(USERS_ROUTE, json(accountUsersResponseSchema.parse({ users: [] })));
    api.on(ADD_ROUTE, json(accountUserResponseSchema.parse({ user: PRIYA }), 201));
    const { user, page } = await openPage();
    await user.click(within(page).getByRole('button', { name: 'Show sign-ins' }));
    await within(page).findByText('No sign-ins yet.');
    await fill(user, within(page).getByLabelText('Username'), 'priya');
    await fill(user, within(page).getByLabelText('Password'), 'gate two pass');
    await fill(user, within(page).getByLabelText('First name'), 'Priya');
    await fill(user, within(page).getByLabelText('Email'), 'priya@capelambert.example');
    await user.click(within(page).getByRole('button', { name: 'Give portal access' }));

    expect(await within(page).findByText('priya (Priya)')).toBeTruthy();
    expect(within(page).queryByText('No sign-ins yet.')).toBeNull();
    expect(api.callsTo(ADD_ROUTE).map((call) => call.body)).toEqual([
      {
        username: 'priya',
        password: 'gate two pass',
        firstName: 'Priya',
        email: 'priya@capelambert.example',
      },
    ]);
    expect((within(page).getByLabelText('Username') as HTMLInputElement).value).toBe('');
    expect((within(page).getByLabelText('Password') as HTMLInputElement).value).toBe('');
  });

  it('shows the server’s reason when it refuses the sign-in, keeping what was typed', async () => {
    api.on(ADD_ROUTE, json({ error: MESSAGES.USERNAME_TAKEN, fields: {} }, 409));
    const { user, page } = await openPage();
    await fill(user, within(page).getByLabelText('Username'), 'priya');
    await fill(user, within(page).getByLabelText('Password'), 'gate two pass');
    await user.click(within(page).getByRole('button', { name: 'Give portal access' }));
    expect((await within(page).findByRole('alert')).textContent).toBe(MESSAGES.USERNAME_TAKEN);
    expect((within(page).getByLabelText('Username') as HTMLInputElement).value).toBe('priya');
  });
});

describe('the account’s statement', () => {
  const thisMonth = monthOf(new Date().toISOString());
  const lastMonth = previousMonth(thisMonth);
  const before = previousMonth(lastMonth);

  /** The statement's rows as read: each line's label and amount. */
  function rows(page: HTMLElement): string[] {
    return within(within(page).getByTestId('account-statement'))
      .getAllByText(/./, { selector: 'p' })
      .map((element) => element.textContent ?? '');
  }

  /** The ageing of the closing balance, bucket by bucket. */
  function ageing(page: HTMLElement): string[] {
    return Object.values(AGEING_LABELS).map(
      (label) => within(page).getByText(`${label}:`, { exact: false }).textContent ?? '',
    );
  }

  beforeEach(async () => {
    await db.invoices.bulkPut([
      onAccount(0, {
        id: 'INV-2026-1',
        number: 'INV-2026-1',
        amount: 55_000,
        createdAt: `${before}-15T02:00:00.000Z`,
      }),
      onAccount(0, {
        id: 'INV-2026-4',
        number: 'INV-2026-4',
        amount: 120_000,
        poNumber: 'PO-31',
        createdAt: `${lastMonth}-10T02:00:00.000Z`,
      }),
    ]);
    await db.payments.put(
      aPayment({
        id: 5,
        invoiceId: 'INV-2026-1',
        amount: 55_000,
        method: 'bank-transfer',
        reference: 'EFT 8812',
        paidAt: `${lastMonth}-12T02:00:00.000Z`,
      }),
    );
  });

  it('shows last month by default: opening balance, each line with its PO, closing and ageing', async () => {
    const { page } = await openPage();
    const statement = within(page).getByTestId('account-statement');
    await waitFor(() =>
      expect(within(statement).getByText(`${lastMonth}-10 · INV-2026-4`)).toBeTruthy(),
    );
    expect(rows(page)).toEqual([
      'Opening balance',
      formatCents(55_000),
      `${lastMonth}-10 · INV-2026-4`,
      'Tax invoice: Emergency Towing · PO PO-31',
      formatCents(120_000),
      `${lastMonth}-12 · INV-2026-1`,
      `Payment, ${paymentMethodLabel('bank-transfer')} (EFT 8812)`,
      formatCents(-55_000),
      'Closing balance',
      formatCents(120_000),
    ]);
    expect(ageing(page)).toEqual([
      `${AGEING_LABELS.current}: ${formatCents(120_000)}`,
      `${AGEING_LABELS.days30}: ${formatCents(0)}`,
      `${AGEING_LABELS.days60}: ${formatCents(0)}`,
      `${AGEING_LABELS.days90}: ${formatCents(0)}`,
    ]);
    expect(within(page).getByTestId('statement-pdf').getAttribute('href')).toBe(
      `/api/accounts/1/statement.pdf?month=${lastMonth}`,
    );
  });

  it('shows another month when chosen, with its PDF', async () => {
    const { user, page } = await openPage();
    await choose(user, selectInput(page, 'Statement month'), before);
    await waitFor(() =>
      expect(within(page).getByTestId('statement-pdf').getAttribute('href')).toBe(
        `/api/accounts/1/statement.pdf?month=${before}`,
      ),
    );
    expect(rows(page)).toEqual([
      'Opening balance',
      formatCents(0),
      `${before}-15 · INV-2026-1`,
      'Tax invoice: Emergency Towing',
      formatCents(55_000),
      'Closing balance',
      formatCents(55_000),
    ]);
  });
});
