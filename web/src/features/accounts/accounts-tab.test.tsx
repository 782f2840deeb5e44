import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import {
  ACCOUNT_TYPE_LABELS,
  blanketPoUse,
  creditHoldText,
  documentRef,
  formatCents,
  formatDate,
  termsText,
  type Account,
  type Invoice,
} from '@pilbara/shared-schema';
import { anAccount } from '@pilbara/shared-schema/testing';
import { renderScreen } from '../../app/test-providers';
import { fakeApi } from '../../lib/testing/fake-api';
import { fill } from '../../lib/testing/user-input';
import { FIRST_ID, db, resetDevice } from '../../sync/testing/device';
import { AccountsTab } from './accounts-tab';
import {
  DRIVERS_ANSWER,
  TODAY,
  accountCard,
  daysFrom,
  fillAccountBasics,
  onAccount,
} from './accounts-fixture';

async function store(accounts: Account[], invoices: Invoice[] = []) {
  await db.accounts.bulkPut(accounts);
  await db.invoices.bulkPut(invoices);
}

function renderTab() {
  return renderScreen(<AccountsTab />, { route: '/admin' });
}

/** The stored Cape Lambert account opened in the form. */
async function editCapeLambert() {
  await store([anAccount({ id: 1 })]);
  const view = renderTab();
  await view.user.click(
    within(await accountCard('Cape Lambert Iron')).getByRole('button', { name: 'Edit' }),
  );
  const form = await screen.findByRole('region', { name: 'Edit Cape Lambert Iron' });
  return { ...view, form };
}

async function renameAndSave(user: UserEvent, form: HTMLElement, name: string) {
  const field = within(form).getByLabelText(/^Account name/);
  await user.clear(field);
  await fill(user, field, name);
  await user.click(within(form).getByRole('button', { name: 'Save account' }));
}

const outboxNames = async () => (await db.outbox.toArray()).map((entry) => entry.name);

beforeEach(async () => {
  localStorage.clear();
  await resetDevice();
  fakeApi({ 'GET /api/drivers': DRIVERS_ANSWER });
});

describe('the accounts list', () => {
  it('says who pays on account when there are no accounts yet', async () => {
    renderTab();
    expect(await screen.findByRole('heading', { name: 'Accounts (0)' })).toBeTruthy();
    expect(screen.getByText(/^No accounts yet/)).toBeTruthy();
  });

  it('shows each account by name with its kind, terms, what it owes and its PO rule', async () => {
    await store(
      [
        anAccount({ id: 1, name: 'Cape Lambert Iron', poRule: { kind: 'per-job' } }),
        anAccount({
          id: 2,
          name: 'Karratha Fleet',
          type: 'fleet',
          terms: { kind: 'eom', days: 30 },
          creditLimitCents: 0,
          poRule: { kind: 'none' },
          isActive: false,
        }),
      ],
      [onAccount(3, { id: 'INV-2026-7', number: 'INV-2026-7', amount: 45_000 })],
    );
    renderTab();
    expect(await screen.findByRole('heading', { name: 'Accounts (2)' })).toBeTruthy();
    expect(screen.getAllByTestId('account-card').map((card) => card.dataset.accountId)).toEqual([
      '1',
      '2',
    ]);

    const cape = await accountCard('Cape Lambert Iron');
    expect(
      within(cape).getByText(
        `${ACCOUNT_TYPE_LABELS['mine-site']} · ${termsText({ kind: 'days', days: 14 })}`,
      ),
    ).toBeTruthy();
    await waitFor(() =>
      expect(within(cape).getByText(/^Owes/).textContent).toBe(
        `Owes ${formatCents(45_000)} of a ${formatCents(1_000_000)} limit`,
      ),
    );
    expect(within(cape).getByText('PO required on every job')).toBeTruthy();
    expect(within(cape).queryByText('Closed')).toBeNull();

    const fleet = await accountCard('Karratha Fleet');
    expect(
      within(fleet).getByText(
        `${ACCOUNT_TYPE_LABELS.fleet} · ${termsText({ kind: 'eom', days: 30 })}`,
      ),
    ).toBeTruthy();
    expect(within(fleet).getByText(/^Owes/).textContent).toBe(`Owes ${formatCents(0)}`);
    expect(within(fleet).getByText('No PO needed')).toBeTruthy();
    expect(within(fleet).getByText('Closed')).toBeTruthy();
  });
});

describe('credit and purchase-order warnings', () => {
  it('puts an account over its limit on credit hold and says by how much', async () => {
    await store(
      [anAccount({ id: 1, creditLimitCents: 1_000_000 })],
      [onAccount(5, { amount: 1_240_000 })],
    );
    renderTab();
    const card = await accountCard('Cape Lambert Iron');
    await waitFor(() => expect(within(card).getByText('Credit hold')).toBeTruthy());
    const reason = creditHoldText({
      onHold: true,
      owedCents: 1_240_000,
      reasons: [{ kind: 'over-limit', owedCents: 1_240_000, limitCents: 1_000_000 }],
    });
    expect(within(card).getByText(reason as string)).toBeTruthy();
  });

  it('puts an account on credit hold for an invoice a month overdue, naming it', async () => {
    const late = onAccount(60, { id: 'INV-2026-3', number: 'INV-2026-3', amount: 30_000 });
    await store(
      [anAccount({ id: 1 })],
      [late, onAccount(2, { id: 'INV-2026-9', number: 'INV-2026-9' })],
    );
    renderTab();
    const card = await accountCard('Cape Lambert Iron');
    const reason = creditHoldText({
      onHold: true,
      owedCents: 40_000,
      reasons: [
        { kind: 'overdue', invoiceRef: documentRef(late), daysOverdue: 46, balanceCents: 30_000 },
      ],
    });
    expect(await within(card).findByText(reason as string)).toBeTruthy();
    expect(within(card).getByText('Credit hold')).toBeTruthy();
  });

  it('shows no hold while the account is within its limit and paying on time', async () => {
    await store([anAccount({ id: 1 })], [onAccount(20, { amount: 900_000 })]);
    renderTab();
    const card = await accountCard('Cape Lambert Iron');
    await waitFor(() =>
      expect(within(card).getByText(/^Owes/).textContent).toContain(formatCents(900_000)),
    );
    expect(within(card).queryByText('Credit hold')).toBeNull();
  });

  it('shows what is left of a blanket PO and warns as it runs low and nears its expiry', async () => {
    const account = anAccount({
      id: 1,
      creditLimitCents: 0,
      poRule: { kind: 'blanket', number: 'PO-88', expiresOn: daysFrom(10), capCents: 500_000 },
    });
    const invoices = [
      onAccount(4, { poNumber: 'PO-88', amount: 420_000 }),
      onAccount(2, { id: 'INV-2026-5', number: 'INV-2026-5', poNumber: 'PO-12', amount: 90_000 }),
    ];
    await store([account], invoices);
    renderTab();
    const card = await accountCard('Cape Lambert Iron');
    await waitFor(() =>
      expect(
        within(card).getByText(
          `Blanket PO PO-88: ${formatCents(80_000)} left, until ${formatDate(daysFrom(10))}`,
        ),
      ).toBeTruthy(),
    );
    const { warnings } = blanketPoUse(account, invoices, TODAY) ?? { warnings: [] };
    expect(warnings).toHaveLength(2);
    for (const warning of warnings) expect(within(card).getByText(warning)).toBeTruthy();
  });
});

describe('making and editing an account', () => {
  it('saves a new account on this device, says so, and opens its page', async () => {
    const { user } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'New account' }));
    const form = await screen.findByRole('region', { name: 'New account' });
    await fillAccountBasics(user, form);
    await user.click(within(form).getByRole('button', { name: 'Save account' }));

    expect(await screen.findByText('Account saved')).toBeTruthy();
    expect(
      screen.getByText('Pilbara Haulage is saved on this device; it syncs when it can.'),
    ).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Pilbara Haulage' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'New account' })).toBeNull();
    expect(await accountCard('Pilbara Haulage')).toBeTruthy();
    expect(await db.accounts.get(FIRST_ID)).toMatchObject({
      name: 'Pilbara Haulage',
      type: 'fleet',
      legalName: 'Pilbara Haulage Pty Ltd',
      terms: { kind: 'days', days: 14 },
    });
    expect(await outboxNames()).toEqual(['account.save']);
  });

  it('saves an edit over the account as this device had it', async () => {
    const { user, form } = await editCapeLambert();
    await renameAndSave(user, form, 'Cape Lambert Ore');

    expect(await screen.findByText('Account saved')).toBeTruthy();
    await waitFor(async () => expect((await db.accounts.get(1))?.name).toBe('Cape Lambert Ore'));
    expect(await db.accounts.get(1)).toMatchObject({
      sites: [{ id: 's1' }],
      contacts: [{ id: 'c1' }],
    });
    expect(await db.outbox.toArray()).toMatchObject([
      { name: 'account.save', args: { id: 1, base: { name: 'Cape Lambert Iron' } } },
    ]);
  });

  it('refuses an edit of what another owner changed meanwhile, keeping theirs and the form', async () => {
    const { user, form } = await editCapeLambert();
    // The other owner's rename reaches this device while the form is open.
    await db.accounts.put(
      anAccount({ id: 1, name: 'Cape Lambert Mining', updatedAt: new Date().toISOString() }),
    );
    await renameAndSave(user, form, 'Cape Lambert Ore');

    expect(await screen.findByText('Account not saved')).toBeTruthy();
    expect(screen.getByText(/^Someone else changed this account meanwhile \(name\)/)).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Edit Cape Lambert Iron' })).toBeTruthy();
    expect((await db.accounts.get(1))?.name).toBe('Cape Lambert Mining');
    expect(await db.outbox.count()).toBe(0);
  });

  it('goes back to the list on Cancel and saves nothing', async () => {
    const { user } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'New account' }));
    const form = await screen.findByRole('region', { name: 'New account' });
    await fillAccountBasics(user, form);
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('heading', { name: 'Accounts (0)' })).toBeTruthy();
    expect(await db.accounts.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });
});
