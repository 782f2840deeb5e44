/**
 * Accounts over REST: an owner adds one (the server mints its id and its sites' ids), bad input
 * is refused naming the field with nothing written, each role gets what it may, and the
 * account's statement of a month is a PDF whose closing balance is its opening balance plus its
 * lines and whose ageing adds up to that balance.
 */
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, formatCents, type AccountStatement } from '@pilbara/shared-schema';
import { mintIntegerId, mintTextId } from '../../src/db/id-series';
import { statementOf } from '../../src/db/repositories/accounts';
import { buildTestApp, login, registerCustomer, signedIn, snapshotDatabase } from '../helper';
import { pdfPages, staffMutation } from '../billing/billing-helper';
import { addAccount, billedJob, mineSite } from './account-helper';

describe('accounts', () => {
  it('adds an account: ids minted for it and its sites and contacts, read back by id', async () => {
    const app = await buildTestApp();
    const admin = await login(app);
    const account = await addAccount(app, admin, mineSite());
    expect(account).toMatchObject({
      name: 'Cape Lambert Iron',
      terms: { kind: 'days', days: 14 },
      poRule: { kind: 'per-job' },
      contacts: [{ id: 'c1', name: 'Priya Nair' }],
      sites: [{ id: 's1', name: 'Cape Lambert gate 2', inductions: [] }],
    });
    const read = await signedIn(app, admin).get(`/api/accounts/${account.id}`);
    expect(read.json().account).toEqual(account);
    const list = await signedIn(app, admin).get('/api/accounts');
    expect(list.json().accounts).toEqual([account]);
    // Synced to the owners' devices like every staff record.
    expect(
      app.db.prepare("SELECT count(*) AS n FROM changes WHERE entity = 'accounts'").get(),
    ).toEqual({ n: 1 });
  });

  it('refuses bad input naming each field, writing nothing', async () => {
    const app = await buildTestApp();
    const admin = await login(app);
    const before = snapshotDatabase(app);
    const response = await signedIn(app, admin).post(
      '/api/accounts',
      mineSite({
        abn: '12 345 678 901',
        legalName: '',
        terms: { kind: 'days', days: 400 },
        poRule: { kind: 'blanket', number: 'BPO-1', expiresOn: '2026-02-30', capCents: 0 },
      }) as object,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toMatchObject({
      abn: ACCOUNT_MESSAGES.ABN_INVALID,
      legalName: ACCOUNT_MESSAGES.LEGAL_NAME_REQUIRED,
      'terms.days': ACCOUNT_MESSAGES.TERMS_DAYS_RANGE,
      'poRule.expiresOn': ACCOUNT_MESSAGES.PO_EXPIRY_REQUIRED,
      'poRule.capCents': ACCOUNT_MESSAGES.PO_CAP_REQUIRED,
    });
    expect(snapshotDatabase(app)).toEqual(before);
  });

  it('answers 401 to a guest and 403 to a customer or a driver; adding is for admins', async () => {
    const app = await buildTestApp();
    const admin = await login(app);
    const customer = await registerCustomer(app);
    expect((await app.inject({ method: 'GET', url: '/api/accounts' })).statusCode).toBe(401);
    expect((await signedIn(app, customer).get('/api/accounts')).statusCode).toBe(403);
    expect((await signedIn(app, customer).post('/api/accounts', mineSite())).statusCode).toBe(403);
    const driver = await signedIn(app, admin).post('/api/staff', {
      username: 'jo.driver',
      password: 'driver-password-2',
      firstName: 'Jo',
      role: 'driver',
    });
    expect(driver.statusCode).toBe(201);
    const jo = await login(app, { username: 'jo.driver', password: 'driver-password-2' });
    expect((await signedIn(app, jo).get('/api/accounts')).statusCode).toBe(403);
    expect((await signedIn(app, jo).post('/api/accounts', mineSite())).statusCode).toBe(403);
  });

  it('serves the built-in prices until the owners save a version', async () => {
    const app = await buildTestApp();
    const prices = await app.inject({ method: 'GET', url: '/api/prices' });
    expect(prices.statusCode).toBe(200);
    expect(prices.json()).toEqual({ effectiveFrom: null, items: [] });
  });
});

describe('the monthly statement', () => {
  /** Work over three months on 14-day terms: invoices, part payments and a credit note. */
  async function threeMonths() {
    let clock = new Date('2026-09-10T02:00:00.000Z');
    const app = await buildTestApp({ now: () => clock });
    const account = await addAccount(app, await login(app), mineSite());
    const september = billedJob(app, account, { cents: 50_000 });
    clock = new Date('2026-10-06T02:00:00.000Z');
    const october = billedJob(app, account, { cents: 120_000 });
    clock = new Date('2026-10-20T02:00:00.000Z');
    staffMutation(app, 'invoice.recordPayment', {
      invoiceId: september.invoice.id,
      paymentId: mintIntegerId(app.db, 'payments'),
      amount: 50_000,
      method: 'bank-transfer',
      reference: 'EFT 1001',
    });
    clock = new Date('2026-11-04T02:00:00.000Z');
    const november = billedJob(app, account, { cents: 80_000 });
    clock = new Date('2026-11-12T02:00:00.000Z');
    staffMutation(app, 'invoice.recordPayment', {
      invoiceId: october.invoice.id,
      paymentId: mintIntegerId(app.db, 'payments'),
      amount: 20_000,
      method: 'bank-transfer',
      reference: 'EFT 1002',
    });
    staffMutation(app, 'creditNote.issue', {
      id: mintTextId(app.db, 'CN', clock),
      invoiceId: november.invoice.id,
      amount: 5_000,
      reason: 'Waiting time not used',
    });
    clock = new Date('2026-12-01T02:00:00.000Z');
    // The owner signs in again: the first session ran out over the months.
    return { app, admin: await login(app), account, october, november };
  }

  it('closes at its opening balance plus its lines, and its ageing adds up to it', async () => {
    const { app, admin, account, october, november } = await threeMonths();
    const stated: AccountStatement = statementOf(app.db, account.id, '2026-11');
    // Opening: October's $1,200 unpaid (September's was paid in October).
    expect(stated.openingCents).toBe(120_000);
    expect(stated.lines.map((line) => [line.kind, line.amountCents])).toEqual([
      ['invoice', 80_000],
      ['credit-note', -5_000],
      ['payment', -20_000],
    ]);
    const sum = stated.lines.reduce((total, line) => total + line.amountCents, 0);
    expect(stated.closingCents).toBe(stated.openingCents + sum);
    const aged = Object.values(stated.ageing).reduce((total, cents) => total + cents, 0);
    expect(aged).toBe(stated.closingCents);
    expect(stated.ageing).toEqual({ current: 75_000, days30: 100_000, days60: 0, days90: 0 });

    const pdf = await signedIn(app, admin).get(
      `/api/accounts/${account.id}/statement.pdf?month=2026-11`,
    );
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain('Statement-Cape-Lambert-Iron-2026-11.pdf');
    const text = (await pdfPages(pdf.rawPayload)).join(' ');
    for (const expected of [
      'STATEMENT',
      'November 2026',
      'Cape Lambert Iron Pty Ltd',
      'ABN 51 824 753 556',
      'Payment terms: 14 days',
      `Opening balance ${formatCents(120_000)}`,
      november.invoice.number,
      `PO-${november.job.id}`,
      october.invoice.number,
      `Closing balance ${formatCents(stated.closingCents)}`,
      `Current ${formatCents(75_000)} 30 days ${formatCents(100_000)} 60 days $0.00 90+ days $0.00`,
    ])
      expect(text).toContain(expected);
    // Three months of work, two sign-ins (each a 128 MiB scrypt) and a PDF from the worker pool:
    // past the default budget on a busy machine.
  }, 60_000);

  it('refuses a month that is not YYYY-MM or has not started, and an unknown account', async () => {
    const { app, admin, account } = await threeMonths();
    const bad = await signedIn(app, admin).get(
      `/api/accounts/${account.id}/statement.pdf?month=11-2026`,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ month: ACCOUNT_MESSAGES.MONTH_INVALID });
    const future = await signedIn(app, admin).get(
      `/api/accounts/${account.id}/statement.pdf?month=2027-01`,
    );
    expect(future.statusCode).toBe(400);
    expect(future.json().fields).toEqual({ month: ACCOUNT_MESSAGES.MONTH_IN_FUTURE });
    const unknown = await signedIn(app, admin).get('/api/accounts/999/statement.pdf?month=2026-11');
    expect(unknown.statusCode).toBe(404);
    // Three months of work and two sign-ins, as above.
  }, 60_000);
});
