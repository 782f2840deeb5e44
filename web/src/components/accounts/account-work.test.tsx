import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import {
  ACCOUNT_MESSAGES,
  addCalendarDays,
  blanketPoUse,
  creditHoldText,
  creditStanding,
  driversResponseSchema,
  inductionWarnings,
  perthDate,
  poNumberInput,
  type Account,
  type Job,
} from '@pilbara/shared-schema';
import { aJob, anAccount, anInvoice } from '@pilbara/shared-schema/testing';
import { renderScreen } from '../../app/test-providers';
import { fakeApi, json } from '../../lib/testing/fake-api';
import { fill } from '../../lib/testing/user-input';
import { db, resetDevice } from '../../sync/testing/device';
import { AccountWorkLine, InductionWarning, JobPoEntry } from './account-work';

const TODAY = perthDate(new Date());
const ACCOUNT = anAccount();
const SITE = ACCOUNT.sites[0]!;

/** The account's sign-in drivers as GET /api/drivers lists them. */
const DRIVERS = driversResponseSchema.parse({
  drivers: [
    { id: 2, name: 'Sam Taylor' },
    { id: 3, name: 'Alex Nguyen' },
  ],
});

function blanket(overrides: Partial<{ number: string; capCents: number; expiresOn: string }> = {}) {
  return {
    kind: 'blanket' as const,
    number: '4500099999',
    capCents: 1_000_000,
    expiresOn: addCalendarDays(TODAY, 90),
    ...overrides,
  };
}

beforeEach(async () => {
  localStorage.clear();
  await resetDevice();
  fakeApi({ 'GET /api/drivers': json(DRIVERS) });
});

describe('the account line of a job or booking', () => {
  async function line(props: Parameters<typeof AccountWorkLine>[0]) {
    renderScreen(<AccountWorkLine {...props} />);
    return waitFor(() => {
      const found = screen.getByTestId('account-work');
      if (!found.textContent?.includes(ACCOUNT.name)) throw new Error('account not read yet');
      return found;
    });
  }

  it('names the account, the site with its gate and access, and the PO given', async () => {
    await db.accounts.put(ACCOUNT);
    const found = await line({ accountId: ACCOUNT.id, siteId: SITE.id, poNumber: '4500012345' });
    expect(within(found).getByText(SITE.name)).toBeTruthy();
    expect(within(found).getByTestId('po-number').textContent).toBe('PO 4500012345');
    expect(within(found).getByText(`Gate ${SITE.gatePhone} · ${SITE.accessNotes}`)).toBeTruthy();
    expect(within(found).queryByTestId('credit-hold')).toBeNull();
  });

  it.each([
    ['the blanket PO’s number when none is given', blanket(), null, 'PO 4500099999'],
    ['No PO when the job has none', { kind: 'per-job' as const }, null, 'No PO'],
    ['the job’s own PO over the blanket one', blanket(), 'PO-77', 'PO PO-77'],
  ])('shows %s', async (_, poRule, poNumber, shown) => {
    await db.accounts.put(anAccount({ poRule }));
    const found = await line({ accountId: ACCOUNT.id, poNumber });
    expect(within(found).getByTestId('po-number').textContent).toBe(shown);
  });

  it('shows nothing for work not on account', () => {
    renderScreen(<AccountWorkLine accountId={null} poNumber="4500012345" />);
    expect(screen.queryByTestId('account-work')).toBeNull();
  });

  it('warns of a credit hold with the invoice that is long overdue', async () => {
    await db.accounts.put(ACCOUNT);
    const overdue = anInvoice({ accountId: ACCOUNT.id, dueDate: addCalendarDays(TODAY, -45) });
    await db.invoices.put(overdue);
    const found = await line({ accountId: ACCOUNT.id });
    const hold = await within(found).findByTestId('credit-hold');
    expect(within(hold).getByText(ACCOUNT_MESSAGES.CREDIT_HOLD_TITLE)).toBeTruthy();
    expect(hold.textContent).toContain(creditHoldText(creditStanding(ACCOUNT, [overdue], TODAY)));
  });

  it('warns when the blanket PO is nearly used up and about to expire', async () => {
    const account = anAccount({ poRule: blanket({ expiresOn: addCalendarDays(TODAY, 3) }) });
    await db.accounts.put(account);
    const used = anInvoice({
      accountId: account.id,
      poNumber: '4500099999',
      amount: 900_000,
      amountPaid: 900_000,
      status: 'paid',
    });
    await db.invoices.put(used);
    const warnings = blanketPoUse(account, [used], TODAY)!.warnings;
    expect(warnings).toHaveLength(2);
    const found = await line({ accountId: account.id });
    for (const warning of warnings) expect(await within(found).findByText(warning)).toBeTruthy();
  });
});

describe('the PO of a job on account', () => {
  const JOB = aJob({ accountId: ACCOUNT.id, siteId: SITE.id, poNumber: null });

  /** The entry under the job as the device holds it now, as the job card shows it. */
  function LiveJob() {
    const job = useLiveQuery(() => db.jobs.get(JOB.id), []);
    return job ? <JobPoEntry job={job as Job} /> : null;
  }

  async function renderEntry(account: Account = ACCOUNT) {
    await db.accounts.put(account);
    await db.jobs.put(JOB);
    return renderScreen(<LiveJob />);
  }

  it('reminds that the job cannot be invoiced until its PO is entered, and takes it offline', async () => {
    const { user } = await renderEntry();
    const reminder = await screen.findByTestId('po-missing');
    expect(within(reminder).getByText(ACCOUNT_MESSAGES.PO_MISSING_TITLE)).toBeTruthy();
    expect(within(reminder).getByText(ACCOUNT_MESSAGES.PO_REQUIRED)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Enter PO' }));
    const dialog = await screen.findByRole('dialog');
    await fill(user, within(dialog).getByLabelText('PO number'), '4500012345');
    await user.click(within(dialog).getByRole('button', { name: 'Save PO' }));

    await waitFor(() => expect(screen.queryByTestId('po-missing')).toBeNull());
    expect(screen.getByRole('button', { name: 'Change PO' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect((await db.jobs.get(JOB.id))?.poNumber).toBe('4500012345');
    expect((await db.outbox.toArray()).map((entry) => entry.name)).toEqual(['job.setPo']);
    expect((await db.job_updates.toArray()).map((update) => update.message)).toEqual([
      'PO number 4500012345 entered',
    ]);
  });

  it('says why a PO is refused, and keeps the dialog open', async () => {
    const { user } = await renderEntry();
    await user.click(await screen.findByRole('button', { name: 'Enter PO' }));
    const dialog = await screen.findByRole('dialog');
    const tooLong = '4'.repeat(51);
    await fill(user, within(dialog).getByLabelText('PO number'), tooLong);
    await user.click(within(dialog).getByRole('button', { name: 'Save PO' }));

    const message = poNumberInput.safeParse(tooLong).error!.issues[0]!.message;
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect((await db.jobs.get(JOB.id))?.poNumber).toBeNull();
    expect(await db.outbox.count()).toBe(0);
  });

  it('does not remind when the account needs no PO', async () => {
    await renderEntry(anAccount({ poRule: { kind: 'none' } }));
    expect(await screen.findByRole('button', { name: 'Enter PO' })).toBeTruthy();
    expect(screen.queryByTestId('po-missing')).toBeNull();
  });
});

describe('the site induction warning', () => {
  async function warning(props: Parameters<typeof InductionWarning>[0]) {
    renderScreen(<InductionWarning accountId={ACCOUNT.id} siteId={SITE.id} {...props} />);
    return screen.findByTestId('induction-warning');
  }

  it('names a driver not inducted at the site, and what the site asks for', async () => {
    await db.accounts.put(ACCOUNT);
    const found = await warning({
      driverName: 'Alex Nguyen',
      vehicleId: 1,
      vehicleName: 'Big Red',
    });
    const expected = inductionWarnings(
      SITE,
      { driverId: 3, driverName: 'Alex Nguyen', vehicleId: 1, vehicleName: 'Big Red' },
      TODAY,
    );
    expect(expected).toHaveLength(1);
    await waitFor(() => expect(found.textContent).toContain(expected[0]));
    expect(within(found).getByText(ACCOUNT_MESSAGES.INDUCTION_TITLE)).toBeTruthy();
    expect(within(found).getByText(SITE.inductionRequirements!)).toBeTruthy();
  });

  it('names a truck whose induction has lapsed', async () => {
    const lapsed = addCalendarDays(TODAY, -1);
    const site = {
      ...SITE,
      inductions: SITE.inductions.map((entry) => ({ ...entry, expiresOn: lapsed })),
    };
    await db.accounts.put(anAccount({ sites: [site] }));
    const found = await warning({ vehicleId: 1, vehicleName: 'Big Red' });
    const [expected] = inductionWarnings(site, { vehicleId: 1, vehicleName: 'Big Red' }, TODAY);
    expect(found.textContent).toContain(expected);
  });

  it('goes once the job is given to a driver inducted there', async () => {
    await db.accounts.put(ACCOUNT);
    function Reassign() {
      const [driver, setDriver] = useState('Alex Nguyen');
      return (
        <>
          <button onClick={() => setDriver('Sam Taylor')}>Give to Sam</button>
          <InductionWarning accountId={ACCOUNT.id} siteId={SITE.id} driverName={driver} />
        </>
      );
    }
    const { user } = renderScreen(<Reassign />);
    await screen.findByTestId('induction-warning');
    await user.click(screen.getByRole('button', { name: 'Give to Sam' }));
    await waitFor(() => expect(screen.queryByTestId('induction-warning')).toBeNull());
  });

  it('knows the drivers offline from the last list the server gave', async () => {
    localStorage.setItem('driverAccounts', JSON.stringify(DRIVERS.drivers));
    const api = fakeApi();
    await db.accounts.put(ACCOUNT);
    const found = await warning({ driverName: 'Alex Nguyen' });
    expect(found.textContent).toContain(`Alex Nguyen is not inducted at ${SITE.name}`);
    expect(api.callsTo('GET /api/drivers')).toHaveLength(1);
  });
});
