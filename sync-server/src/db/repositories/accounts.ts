/**
 * Accounts as the server reads them: an account and everything of its own (jobs and their
 * history, bookings, quotes, invoices, payments, credit notes), its statement for a month, the
 * sign-ins of its contacts, the price lists, and an account booking. Writes of accounts and price
 * lists go through the mutators (routes/accounts); a booking from an account's own sign-in is
 * stored here, as a public booking is.
 */
import {
  accountStatement,
  blanketPoUse,
  bookingFromInput,
  documentRef,
  expiringInductionLine,
  expiringInductions,
  poMissing,
  creditHoldText,
  creditStanding,
  defaultPriceList,
  monthOf,
  perthDate,
  previousMonth,
  type Account,
  type AccountStatement,
  type Booking,
  type BookingData,
  type CreditNote,
  type Invoice,
  type Job,
  type JobUpdate,
  type Payment,
  type PriceList,
  type Quote,
  type YearMonth,
} from '@pilbara/shared-schema';
import type { Db } from '../connection';
import { putLogged } from '../change-log';
import { mintIntegerId, mintTextId } from '../id-series';
import { findRows, getRow } from '../rows';
import { statement } from '../statements';
import { mintToken } from '../tokens';
import type { UserRow } from './users';

/** Every account, by name. */
export function listAccounts(db: Db): Account[] {
  return findRows<Account>(db, 'accounts', {}, { orderBy: 'name' });
}

/** The account with this id, if there is one. */
export function getAccount(db: Db, id: number): Account | undefined {
  return getRow<Account>(db, 'accounts', id);
}

/** The account's invoices, oldest first. */
function accountInvoices(db: Db, accountId: number): Invoice[] {
  return findRows<Invoice>(db, 'invoices', { accountId }, { orderBy: 'createdAt' });
}

/** What was recorded against these invoices: payments (and refunds) and credit notes. */
function moneyOf(
  db: Db,
  invoices: readonly Invoice[],
): { payments: Payment[]; creditNotes: CreditNote[] } {
  const ids = invoices.map((invoice) => invoice.id);
  if (ids.length === 0) return { payments: [], creditNotes: [] };
  const marks = ids.map(() => '?').join(', ');
  const payments = (
    db.prepare(`SELECT id FROM payments WHERE invoiceId IN (${marks}) ORDER BY id`).all(...ids) as {
      id: number;
    }[]
  ).flatMap((row) => getRow<Payment>(db, 'payments', row.id) ?? []);
  const creditNotes = (
    db
      .prepare(`SELECT id FROM credit_notes WHERE invoiceId IN (${marks}) ORDER BY id`)
      .all(...ids) as { id: string }[]
  ).flatMap((row) => getRow<CreditNote>(db, 'credit_notes', row.id) ?? []);
  return { payments, creditNotes };
}

/** The account's statement of `month`. */
export function statementOf(db: Db, accountId: number, month: YearMonth): AccountStatement {
  const invoices = accountInvoices(db, accountId);
  return accountStatement({ accountId, month, invoices, ...moneyOf(db, invoices) });
}

/**
 * The months an account has a statement for, newest first: from its first invoice's month to
 * the month before `now`'s (a month's statement is made once the month is over; the month in
 * progress is shown on demand too, as the portal's "so far").
 */
export function statementMonths(db: Db, accountId: number, now: Date): YearMonth[] {
  const first = statement(
    db,
    'SELECT MIN(createdAt) AS first FROM invoices WHERE accountId = ?',
  ).get(accountId) as { first: string | null };
  if (!first.first) return [];
  const months: YearMonth[] = [];
  const start = monthOf(first.first);
  for (let month = monthOf(now.toISOString()); month >= start; month = previousMonth(month)) {
    months.push(month);
    if (months.length >= 36) break;
  }
  return months;
}

/** Whether the account had anything to state in the month: a balance, or a line. */
export function hasStatement(statementOfMonth: AccountStatement): boolean {
  return (
    statementOfMonth.openingCents !== 0 ||
    statementOfMonth.closingCents !== 0 ||
    statementOfMonth.lines.length > 0
  );
}

/** Everything of the account's own that its portal shows. */
export function accountRecords(
  db: Db,
  accountId: number,
): {
  jobs: Job[];
  updates: JobUpdate[];
  bookings: Booking[];
  quotes: Quote[];
  invoices: Invoice[];
  creditNotes: CreditNote[];
} {
  const jobs = findRows<Job>(db, 'jobs', { accountId }, { orderBy: '-createdAt' });
  const updates = jobs.flatMap((job) =>
    findRows<JobUpdate>(db, 'job_updates', { jobId: job.id }, { orderBy: 'createdAt' }),
  );
  const bookings = findRows<Booking>(db, 'bookings', { accountId, status: 'pending' });
  const quotes = findRows<Quote>(db, 'quotes', { accountId }, { orderBy: '-createdAt' }).filter(
    // A draft is the owners' working copy; the account sees what it was sent.
    (quote) => quote.status !== 'draft',
  );
  const invoices = accountInvoices(db, accountId);
  const { creditNotes } = moneyOf(db, invoices);
  return { jobs, updates, bookings, quotes, invoices, creditNotes };
}

/** The sign-ins of an account's contacts. */
export function accountUsers(db: Db, accountId: number): UserRow[] {
  return findRows<UserRow>(db, 'users', { role: 'account', accountId });
}

/** Every price list. */
export function priceLists(db: Db): PriceList[] {
  return findRows<PriceList>(db, 'price_lists');
}

/**
 * Makes the default price list (no versions: the built-in prices apply) when there is none, so
 * every device edits the same list. Returns it.
 */
export function ensureDefaultPriceList(db: Db, now: Date): PriceList {
  const existing = defaultPriceList(priceLists(db));
  if (existing) return existing;
  const stamp = now.toISOString();
  return putLogged<PriceList>(
    db,
    'price_lists',
    {
      id: mintIntegerId(db, 'price_lists'),
      name: 'Default prices',
      accountId: null,
      versions: [],
      createdAt: stamp,
      updatedAt: stamp,
    },
    stamp,
  );
}

/**
 * A booking from an account's own sign-in: a pending booking like a guest's, under the account,
 * at its site, with its PO number, and the account's credit standing as the server reads it now
 * (staff decide on a hold when they approve).
 */
export function insertAccountBooking(
  db: Db,
  account: Account,
  input: BookingData & { siteId: string; poNumber: string | null },
  now: Date,
): Booking {
  const stamp = now.toISOString();
  const booking: Booking = {
    ...bookingFromInput(input, mintTextId(db, 'BKG', now), mintToken(), stamp),
    accountId: account.id,
    siteId: input.siteId,
    poNumber: input.poNumber,
    creditHold: creditHoldText(
      creditStanding(account, accountInvoices(db, account.id), perthDate(now)),
    ),
  };
  return putLogged<Booking>(db, 'bookings', booking, stamp);
}

/**
 * What the owners' daily email says of the accounts on `today`: inductions expiring within 30
 * days, completed jobs that cannot be invoiced until their PO arrives, and blanket POs near their
 * cap or expiry.
 */
export function accountDigest(db: Db, today: string): { heading: string; lines: string[] }[] {
  const accounts = listAccounts(db);
  const users = new Map(
    findRows<UserRow>(db, 'users').map((user) => [
      user.id,
      [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username,
    ]),
  );
  const vehicles = new Map(
    (
      db.prepare('SELECT id, name, registration FROM vehicles').all() as {
        id: number;
        name: string | null;
        registration: string;
      }[]
    ).map((vehicle) => [vehicle.id, vehicle.name || vehicle.registration]),
  );
  const inductions = expiringInductions(accounts, today, (kind, id) =>
    kind === 'driver' ? (users.get(id) ?? `Driver ${id}`) : (vehicles.get(id) ?? `Truck ${id}`),
  ).map(expiringInductionLine);
  const byId = new Map(accounts.map((account) => [account.id, account]));
  const waitingForPo = findRows<Job>(db, 'jobs', { status: 'Completed' })
    .filter((job) => job.accountId && !job.archivedAt)
    .filter((job) => poMissing(byId.get(job.accountId ?? -1), job.poNumber))
    .map(
      (job) =>
        `${documentRef(job)} for ${byId.get(job.accountId ?? -1)?.name ?? 'an account'}: enter the customer's PO to invoice it`,
    );
  const blanket = accounts
    .filter((account) => account.isActive)
    .flatMap(
      (account) => blanketPoUse(account, accountInvoices(db, account.id), today)?.warnings ?? [],
    );
  return [
    { heading: 'Site inductions expiring within 30 days', lines: inductions },
    { heading: 'Jobs waiting for a PO before invoicing', lines: waitingForPo },
    { heading: 'Blanket POs', lines: blanket },
  ];
}
