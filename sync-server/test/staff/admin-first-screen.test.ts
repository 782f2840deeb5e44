/**
 * An admin's sign-in answer carries their panel's first screen: the open and today's jobs, the
 * pending bookings and the fleet's due list, chosen as a new device's snapshot chooses its first
 * rows. Drivers and customers get none of it.
 */
import { describe, expect, it } from 'vitest';
import {
  adminFirstScreenSchema,
  fleetDueItems,
  prestartCheckSchema,
  serviceRecordSchema,
  vehicleSchema,
  type Booking,
  type Job,
  type Row,
  type Vehicle,
} from '@pilbara/shared-schema';
import { putLogged } from '../../src/db/change-log';
import { decodeRow, getRow } from '../../src/db/rows';
import { buildTestApp, registerCustomer, TEST_ADMIN, type TestApp } from '../helper';
import { DRIVER, seedDriverJobs, seedStaffData } from './fixtures';

const NOW = new Date('2026-11-21T10:00:00.000Z');

async function staffApp(): Promise<TestApp> {
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
  return response.json() as Record<string, unknown>;
}

function tableRows(app: TestApp, table: 'vehicles' | 'service_records' | 'prestart_checks') {
  return (app.db.prepare(`SELECT * FROM ${table}`).all() as Row[]).map((raw) =>
    decodeRow<Row>(table, raw),
  );
}

describe('an admin signing in', () => {
  it('gets the panel’s open and today’s jobs, pending bookings and due list', async () => {
    const app = await staffApp();
    // Big Red's registration runs out in nine days: a line of the due list.
    const truck = getRow<Vehicle>(app.db, 'vehicles', 1) as Vehicle;
    putLogged(
      app.db,
      'vehicles',
      { ...truck, registrationExpiry: '2026-11-30' },
      NOW.toISOString(),
    );
    // A booking already turned into a job is not pending work.
    const booking = getRow<Booking>(app.db, 'bookings', 'BKG-2026-2') as Booking;
    putLogged(app.db, 'bookings', { ...booking, status: 'confirmed' }, NOW.toISOString());

    const body = await signIn(app, TEST_ADMIN);
    const screen = adminFirstScreenSchema.parse(body.adminFirstScreen);

    const open = (app.db.prepare('SELECT * FROM jobs').all() as Row[])
      .map((raw) => decodeRow<Job>('jobs', raw))
      .filter((job) => job.status !== 'Completed' && job.status !== 'Cancelled');
    expect(open.length).toBeGreaterThan(1);
    // Every unfinished job, and not the one completed two days ago in Perth.
    expect(screen.jobs.map((job) => job.id).sort()).toEqual(open.map((job) => job.id).sort());
    expect(screen.jobs.map((job) => job.id)).not.toContain('JOB-2026-3');
    expect(screen.bookings.map((row) => row.id)).toEqual(['BKG-2026-1']);

    expect(screen.dueItems).toContainEqual(
      expect.objectContaining({ vehicleId: 1, kind: 'registration' }),
    );
    // The panel's own rule over the device's rows gives the same list.
    expect(screen.dueItems).toEqual(
      fleetDueItems(
        tableRows(app, 'vehicles').map((row) => vehicleSchema.parse(row)),
        tableRows(app, 'prestart_checks').map((row) => prestartCheckSchema.parse(row)),
        screen.jobs,
        NOW.toISOString(),
        tableRows(app, 'service_records').map((row) => serviceRecordSchema.parse(row)),
      ),
    );
  });

  it('documents the first screen in the answer of POST /api/auth/login', async () => {
    const app = await staffApp();
    const docs = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    const answer = JSON.stringify(docs.paths['/api/auth/login']?.post?.responses['200']);
    expect(answer).toContain('adminFirstScreen');
    expect(answer).toContain('dueItems');
  });
});

describe('anyone else signing in', () => {
  it('gets no panel: a driver their jobs, a customer the user alone', async () => {
    const app = await staffApp();
    const driver = await signIn(app, DRIVER);
    expect(Object.keys(driver)).toEqual(['user', 'driverJobs']);
    await registerCustomer(app, { username: 'robin' });
    const customer = await signIn(app, { username: 'robin', password: 'customer-password-1' });
    expect(Object.keys(customer)).toEqual(['user']);
  });
});
