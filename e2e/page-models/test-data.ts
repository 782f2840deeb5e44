/**
 * Data helpers for the customer journeys: read rows from the server's SQLite file, and create
 * jobs the way staff would (the admin REST API), so the portal and dashboard have something to
 * find. Every test makes its own customer (unique name and phone) so tests never see each
 * other's rows on the shared per-worker server.
 */
import Database from 'better-sqlite3';
import { expect, type APIRequestContext } from '@playwright/test';
import { ADMIN } from '../fixtures/server';

/** Runs one read-only query against the server's database file. */
export function queryRows<T>(dbFile: string, sql: string, ...params: unknown[]): T[] {
  const db = new Database(dbFile, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

/**
 * Waits until the server's notifier has read every change stored so far and has delivered what
 * it found for `jobId` (no email, text or push of that job still waiting to go out, except one
 * due later, such as the review request). From then on the mailbox holds everything those
 * changes will ever send about the job, so a test can count what arrived: no more can come.
 * The cursor moves in the transaction that records what a change causes (services/notifier.ts).
 */
export async function notifierCaughtUp(dbFile: string, jobId: string, timeout = 60_000) {
  const [head] = queryRows<{ seq: number }>(
    dbFile,
    'SELECT coalesce(max(seq), 0) AS seq FROM changes',
  );
  await expect
    .poll(
      () => {
        const [reader] = queryRows<{ cursor: number }>(
          dbFile,
          "SELECT cursor FROM log_cursors WHERE name = 'notifier'",
        );
        const [waiting] = queryRows<{ count: number }>(
          dbFile,
          `SELECT count(*) AS count FROM notifications
            WHERE jobId = ? AND status IN ('pending', 'sending') AND (dueAt IS NULL OR dueAt <= ?)`,
          jobId,
          new Date().toISOString(),
        );
        const [pushing] = queryRows<{ count: number }>(
          dbFile,
          "SELECT count(*) AS count FROM push_sends WHERE jobId = ? AND status = 'pending'",
          jobId,
        );
        return (
          (reader?.cursor ?? -1) >= (head?.seq ?? 0) && waiting?.count === 0 && pushing?.count === 0
        );
      },
      { timeout, message: `the notifier has read the log and sent what it found for ${jobId}` },
    )
    .toBe(true);
}

let counter = 0;

/** A customer nobody else in this run uses: a unique name, a 10-digit phone and an email. */
export function uniqueCustomer(label = 'Customer') {
  counter += 1;
  const stamp = `${Date.now() % 1_000_000}${counter}`.padStart(7, '0').slice(-7);
  const name = `${label} ${stamp
    .split('')
    .map((d) => String.fromCharCode(97 + Number(d)))
    .join('')}`;
  return {
    name,
    firstName: label,
    lastName: name.split(' ')[1] ?? 'Tester',
    phone: `041${stamp}`,
    email: `${label.toLowerCase()}.${stamp}@example.com`,
  };
}

export interface NewJob {
  customerName: string;
  phone: string;
  email?: string;
  service: string;
  location: string;
  /** `Both`, or an active driver's name no other active driver shares. */
  assignedTo?: string;
  /** The driver's account (what decides which driver sees the job). */
  assignedDriverId?: number;
  estimatedArrival?: string;
}

export interface CreatedJob {
  /** The job's key (links, the staff API). */
  id: string;
  /** The job number the customer is told and the public pages show. */
  number: string;
  /** The customer's tracking token (their link is /customer-portal?token=…). */
  trackingToken: string;
}

/** The signed-in user as the login answer gives it. */
export interface SignedInUser {
  username: string;
  firstName?: string | null;
}

/**
 * Signs the request context in as the fixture's admin through the API (the session cookie stays
 * in it); answers the user. The suite's one API sign-in.
 */
export async function loginAsAdmin(request: APIRequestContext): Promise<SignedInUser> {
  const res = await request.post('/api/auth/login', { data: ADMIN });
  if (!res.ok()) throw new Error(`admin login failed: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { user: SignedInUser }).user;
}

/** Creates a job through the staff API (POST /api/jobs), as dispatch does for a phoned-in job. */
export async function createJob(request: APIRequestContext, job: NewJob): Promise<CreatedJob> {
  const res = await request.post('/api/jobs', { data: job });
  if (!res.ok()) throw new Error(`POST /api/jobs failed: ${res.status()} ${await res.text()}`);
  const body = (await res.json()) as {
    job?: { id: string; number?: string | null; trackingToken: string };
  };
  const id = body.job?.id;
  const number = body.job?.number;
  if (!id || !number)
    throw new Error(`POST /api/jobs answered without an id and number: ${JSON.stringify(body)}`);
  return { id, number, trackingToken: body.job?.trackingToken ?? '' };
}

/** A driver's account: the name jobs are assigned to, and their sign-in. */
export interface DriverAccount {
  firstName: string;
  lastName: string;
  username: string;
  password: string;
}

/**
 * A driver nobody else in this run uses: `firstName` and a made-up last name; the username is
 * `handle` (the first name in lower case unless said) and five digits.
 */
export function driverAccount(firstName: string, handle = firstName.toLowerCase()): DriverAccount {
  const stamp = uniqueCustomer(firstName);
  return {
    firstName,
    lastName: stamp.lastName.replace(/^./, (c) => c.toUpperCase()),
    username: `${handle}${stamp.phone.slice(-5)}`,
    password: `${firstName.toLowerCase()}-driver-pass-1`,
  };
}

/**
 * Adds `driver` as the admin does (the request signs in as the admin) and a job assigned to
 * their account.
 */
export async function addDriverWithJob(
  request: APIRequestContext,
  driver: DriverAccount,
  job: Omit<NewJob, 'assignedTo' | 'assignedDriverId'>,
): Promise<CreatedJob> {
  await loginAsAdmin(request);
  const added = await request.post('/api/staff', { data: { ...driver, role: 'driver' } });
  expect(added.status(), await added.text()).toBe(201);
  const { user } = (await added.json()) as { user: { id: number } };
  return createJob(request, { ...job, assignedDriverId: user.id });
}

/** One line of a quote (unit price in cents). */
interface QuoteLine {
  description: string;
  quantity: number;
  unitPrice: number;
  category: 'service' | 'parts' | 'misc';
}

/** A service line of a quote: one of `description` at `unitPrice` cents. */
export function serviceLine(description: string, unitPrice: number): QuoteLine {
  return { description, quantity: 1, unitPrice, category: 'service' };
}

/** What the office types for a quote; the customer's email goes on it only when given. */
interface NewQuote {
  customer: { name: string; phone: string; email?: string };
  items: QuoteLine[];
  service?: string;
  fromLocation?: string;
  toLocation?: string;
  notes?: string;
}

/** A quote or invoice as the staff API answers it: its key and the number people see. */
interface CreatedDocument {
  id: string;
  number: string;
}

/** Creates a quote through the staff API (POST /api/quotes), as the office does on the phone. */
export async function createQuote(
  request: APIRequestContext,
  { customer, ...quote }: NewQuote,
): Promise<CreatedDocument> {
  const res = await request.post('/api/quotes', {
    data: {
      customerName: customer.name,
      customerPhone: customer.phone,
      ...(customer.email ? { customerEmail: customer.email } : {}),
      ...quote,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { quote: CreatedDocument }).quote;
}

/** A new customer's quote (no email) for one Emergency Towing: one for the owners to edit. */
export async function towingQuote(
  request: APIRequestContext,
  label: string,
): Promise<CreatedDocument> {
  const customer = uniqueCustomer(label);
  return createQuote(request, {
    customer: { name: customer.name, phone: customer.phone },
    items: [serviceLine('Emergency Towing', 18000)],
  });
}

/**
 * Creates a quote, sends it and records a payment on it through the staff API (the office taking
 * cash or a transfer on the phone); answers the invoice the payment raised.
 */
export async function invoiceOfPaidQuote(
  request: APIRequestContext,
  quote: NewQuote,
  payment: { method: string; reference?: string; amount?: number },
): Promise<CreatedDocument> {
  const { id: quoteId } = await createQuote(request, quote);
  expect(
    (await request.patch(`/api/quotes/${quoteId}`, { data: { status: 'sent' } })).status(),
  ).toBe(200);
  const paid = await request.post(`/api/quotes/${quoteId}/record-payment`, { data: payment });
  expect(paid.status(), await paid.text()).toBe(201);
  return ((await paid.json()) as { invoice: CreatedDocument }).invoice;
}

/** Moves a job on through the staff API (PATCH /api/jobs/:id with status and progress). */
export async function updateJob(
  request: APIRequestContext,
  id: string,
  change: { status: string; progress: number } | { assignedTo: string },
): Promise<void> {
  const res = await request.patch(`/api/jobs/${encodeURIComponent(id)}`, { data: change });
  if (!res.ok())
    throw new Error(`PATCH /api/jobs/${id} failed: ${res.status()} ${await res.text()}`);
}

/** Takes a job through En Route and In Progress to Completed, as its driver does. */
export async function completeJob(request: APIRequestContext, id: string): Promise<void> {
  for (const [status, progress] of [
    ['En Route', 25],
    ['In Progress', 50],
    ['Completed', 100],
  ] as const)
    await updateJob(request, id, { status, progress });
}

/**
 * A job done for `customer`: dispatch created it and its driver completed it, which leaves the
 * job's automatic quote as a draft.
 */
export async function jobDoneFor(
  request: APIRequestContext,
  customer: { name: string; phone: string; email: string },
  job: { service: string; location: string },
): Promise<CreatedJob> {
  const created = await createJob(request, {
    customerName: customer.name,
    phone: customer.phone,
    email: customer.email,
    ...job,
  });
  await completeJob(request, created.id);
  return created;
}

/** The last four digits of a phone number: what the portal asks for with a job ID. */
export function lastFour(phone: string): string {
  return phone.replace(/\D/g, '').slice(-4);
}
