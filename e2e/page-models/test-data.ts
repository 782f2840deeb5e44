/**
 * Data helpers for the customer journeys: read rows from the server's SQLite file, and create
 * jobs the way staff would (the admin REST API), so the portal and dashboard have something to
 * find. Every test makes its own customer (unique name and phone) so tests never see each
 * other's rows on the shared per-worker server.
 */
import Database from 'better-sqlite3';
import type { APIRequestContext } from '@playwright/test';
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
  assignedTo?: string;
  estimatedArrival?: string;
}

export interface CreatedJob {
  /** The job's key (links, the staff API). */
  id: string;
  /** The job number the customer is told and the public pages show (issue 28). */
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

/** The last four digits of a phone number: what the portal asks for with a job ID. */
export function lastFour(phone: string): string {
  return phone.replace(/\D/g, '').slice(-4);
}
