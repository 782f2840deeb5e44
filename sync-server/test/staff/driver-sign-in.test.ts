/**
 * A driver's sign-in answer carries their first screen: the jobs `/driver` lists,
 * exactly as their device's first sync would hold them, and nothing another driver's sync would
 * not give them. Admins and customers sign in as before.
 */
import { describe, expect, it } from 'vitest';
import { driverJobs, jobSchema, type ChangeEntry, type Job } from '@pilbara/shared-schema';
import { putLogged } from '../../src/db/change-log';
import { getRow } from '../../src/db/rows';
import { buildTestApp, login, registerCustomer, TEST_ADMIN, type TestApp } from '../helper';
import { DRIVER, OTHER_DRIVER, seedDriverJobs, seedStaffData, T0 } from './fixtures';

const NOW = new Date('2026-11-21T10:00:00.000Z');

async function driverApp(): Promise<TestApp> {
  const app = await buildTestApp({ now: () => NOW });
  seedStaffData(app);
  seedDriverJobs(app);
  return app;
}

async function signIn(app: TestApp, credentials: { username: string; password: string }) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: credentials,
  });
  expect(response.statusCode, response.body).toBe(200);
  const cookie = response.cookies.find((c) => c.name === 'sid');
  return { body: response.json() as Record<string, unknown>, cookie: `sid=${cookie?.value}` };
}

/** Every job row a device of `cookie` holds after its first sync from 0, by id. */
async function firstSyncJobs(
  app: TestApp,
  cookie: string,
): Promise<{ jobs: Job[]; cursor: number }> {
  const hello = await app.inject({
    method: 'POST',
    url: '/api/sync/hello',
    headers: { cookie },
    payload: { clientId: 'phone-1', protocolVersion: 1, schemaVersion: 1, cursor: 0, ackedSeq: 0 },
  });
  expect(hello.statusCode, hello.body).toBe(200);
  let page = hello.json() as { changes: ChangeEntry[]; cursor: number; hasMore: boolean };
  const rows = new Map<string, Job>();
  for (;;) {
    for (const change of page.changes) {
      if (change.entity !== 'jobs') continue;
      if (change.op === 'put') rows.set(String(change.rowId), jobSchema.parse(change.data));
      else rows.delete(String(change.rowId));
    }
    if (!page.hasMore) break;
    const next = await app.inject({
      method: 'GET',
      url: `/api/sync/pull?clientId=phone-1&cursor=${page.cursor}&ackedSeq=0`,
      headers: { cookie },
    });
    page = next.json() as typeof page;
  }
  return { jobs: [...rows.values()], cursor: page.cursor };
}

describe('a driver signing in', () => {
  it('gets the jobs of their screen, each as their first sync gives it', async () => {
    const app = await driverApp();
    // Another of Sam's jobs, finished yesterday: synced to the phone, but not on today's list.
    putLogged(
      app.db,
      'jobs',
      {
        ...(getRow<Job>(app.db, 'jobs', 'JOB-2026-4') as Job),
        id: 'JOB-2026-6',
        number: 'JOB-2026-6',
        status: 'Completed',
        progress: 100,
        trackingToken: 'done-yesterday-token',
        updatedAt: T0,
      },
      T0,
    );
    const { body, cookie } = await signIn(app, DRIVER);
    expect(body.user).toMatchObject({ username: DRIVER.username, role: 'driver' });
    const answer = body.driverJobs as { cursor: number; jobs: Job[] };
    expect(answer.jobs.map((job) => job.id)).toEqual(['JOB-2026-4']);

    // The same rows and the same log position as the sync that follows, and its list rule.
    const synced = await firstSyncJobs(app, cookie);
    expect(answer.cursor).toBe(synced.cursor);
    expect(answer.jobs).toEqual(driverJobs(synced.jobs, DRIVER.id, NOW));
    // The sync holds the unassigned jobs too; another driver's job is in neither.
    expect(synced.jobs.map((job) => job.id)).not.toContain('JOB-2026-5');
    expect(JSON.stringify(body)).not.toContain('JOB-2026-5');
  });

  it('follows the scope: a job handed to another driver is not in their next answer', async () => {
    const app = await driverApp();
    const job = getRow<Job>(app.db, 'jobs', 'JOB-2026-4') as Job;
    putLogged(
      app.db,
      'jobs',
      { ...job, assignedTo: OTHER_DRIVER, assignedDriverId: null },
      NOW.toISOString(),
    );
    const { body } = await signIn(app, DRIVER);
    expect(body.driverJobs).toMatchObject({ jobs: [] });
  });
});

describe('anyone else signing in', () => {
  it('carries no driver jobs: an admin gets their panel, a customer the user alone', async () => {
    const app = await driverApp();
    const admin = await signIn(app, TEST_ADMIN);
    expect(Object.keys(admin.body)).toEqual(['user', 'adminFirstScreen']);
    await registerCustomer(app, { username: 'robin' });
    const customer = await signIn(app, { username: 'robin', password: 'customer-password-1' });
    expect(Object.keys(customer.body)).toEqual(['user']);
    expect(customer.body.user).toMatchObject({ role: 'customer' });
  });

  it('documents the driver jobs in the answer of POST /api/auth/login', async () => {
    const app = await driverApp();
    await login(app);
    const docs = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    const answer = JSON.stringify(docs.paths['/api/auth/login']?.post?.responses['200']);
    expect(answer).toContain('driverJobs');
    expect(answer).toContain('customerName');
  });
});
