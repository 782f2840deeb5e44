/**
 * Test setup for accounts: an account made through the API as an owner would, its contact's own
 * sign-in, and billed work (a job at the account's site, completed, with its PO entered and its
 * tax invoice raised) through the staff mutation path.
 */
import type { AccountInput, Invoice, Job, Quote } from '@pilbara/shared-schema';
import { mintIntegerId, mintTextId } from '../../src/db/id-series';
import { login, signedIn, type TestApp } from '../helper';
import { staffMutation } from '../billing/billing-helper';

/** A mine site needing a PO on every job, 14-day terms, one site (gate 2) with one induction. */
export function mineSite(overrides: Partial<AccountInput> = {}): AccountInput {
  return {
    name: 'Cape Lambert Iron',
    type: 'mine-site',
    legalName: 'Cape Lambert Iron Pty Ltd',
    abn: '51 824 753 556',
    billingEmail: 'ap@capelambert.example',
    terms: { kind: 'days', days: 14 },
    creditLimitCents: 1_000_000,
    poRule: { kind: 'per-job' },
    contacts: [{ name: 'Priya Nair', role: 'Supervisor', email: 'priya@capelambert.example' }],
    sites: [
      {
        name: 'Cape Lambert gate 2',
        location: 'Cape Lambert Rd, Wickham',
        gatePhone: '08 9159 0000',
        inductions: [],
      },
    ],
    ...overrides,
  };
}

/** A fleet on 30 days end-of-month, no PO. */
export function fleet(overrides: Partial<AccountInput> = {}): AccountInput {
  return {
    name: 'Pilbara Haulage',
    type: 'fleet',
    legalName: 'Pilbara Haulage Services Pty Ltd',
    abn: '53 004 085 616',
    billingEmail: 'finance@haulage.example',
    terms: { kind: 'eom', days: 30 },
    sites: [{ name: 'Karratha depot', location: 'Bayly Ave, Karratha', inductions: [] }],
    ...overrides,
  };
}

/** The account as stored (the API's answer). */
export interface StoredAccount {
  id: number;
  name: string;
  legalName: string;
  sites: { id: string; name: string }[];
}

/** Adds an account through POST /api/accounts as the admin. */
export async function addAccount(
  app: TestApp,
  admin: string,
  input: AccountInput,
): Promise<StoredAccount> {
  const response = await signedIn(app, admin).post('/api/accounts', input);
  if (response.statusCode !== 201)
    throw new Error(`POST /api/accounts: ${response.statusCode} ${response.body}`);
  return response.json().account as StoredAccount;
}

/** Gives the account's contact a sign-in and signs them in; returns their cookie. */
export async function accountSignIn(
  app: TestApp,
  admin: string,
  accountId: number,
  username: string,
): Promise<string> {
  const password = 'account-password-1';
  const added = await signedIn(app, admin).post(`/api/accounts/${accountId}/users`, {
    username,
    password,
    firstName: 'Priya',
    email: `${username}@example.com`,
  });
  if (added.statusCode !== 201) throw new Error(`add user: ${added.statusCode} ${added.body}`);
  return login(app, { username, password });
}

/**
 * A job for the account at its first site, completed, its PO entered (unless null), its
 * automatic quote priced at `cents` and its tax invoice raised; returns the job and invoice.
 */
export function billedJob(
  app: TestApp,
  account: StoredAccount,
  options: { cents?: number; po?: string | null; customerName?: string } = {},
): { job: Job; invoice: Invoice; quote: Quote } {
  const jobId = mintTextId(app.db, 'JOB', app.now());
  staffMutation(app, 'job.create', {
    id: jobId,
    updateId: mintIntegerId(app.db, 'job_updates'),
    customerName: options.customerName ?? 'Priya Nair',
    phone: '0891 000 111',
    service: 'Heavy Vehicle Recovery',
    location: account.sites[0]?.name ?? 'Site',
    accountId: account.id,
    siteId: account.sites[0]?.id ?? null,
    poNumber: options.po === undefined ? `PO-${jobId}` : options.po,
  });
  const quoteId = mintTextId(app.db, 'Q', app.now());
  staffMutation(app, 'job.complete', {
    id: jobId,
    updateId: mintIntegerId(app.db, 'job_updates'),
    quoteId,
  });
  staffMutation(app, 'quote.save', {
    id: quoteId,
    customerName: account.legalName,
    customerPhone: '0891 000 111',
    accountId: account.id,
    siteId: account.sites[0]?.id ?? null,
    items: [
      {
        description: 'Heavy Vehicle Recovery',
        quantity: 1,
        unitPrice: options.cents ?? 110_000,
        category: 'service',
      },
    ],
  });
  const { invoice } = staffMutation<{ invoice: Invoice }>(app, 'invoice.raise', {
    id: mintTextId(app.db, 'INV', app.now()),
    quoteId,
    jobId,
    accountId: account.id,
  });
  const job = app.db.prepare('SELECT * FROM jobs WHERE id = ?').get(jobId) as Job;
  const quote = app.db.prepare('SELECT id, number FROM quotes WHERE id = ?').get(quoteId) as Quote;
  return { job, invoice: { ...invoice, number: numberOf(app, invoice.id) }, quote };
}

/** The number the server gave an invoice. */
function numberOf(app: TestApp, id: string): string {
  return (app.db.prepare('SELECT number FROM invoices WHERE id = ?').get(id) as { number: string })
    .number;
}
