import { describe, expect, it } from 'vitest';
import { buildTestApp, login, type TestApp, signedIn } from '../helper';
import { VALID_BODIES, seedStaffData } from './fixtures';

async function staffApp(): Promise<{ app: TestApp; cookie: string }> {
  const app = await buildTestApp({ now: () => new Date('2026-11-21T10:00:00.000Z') });
  seedStaffData(app);
  return { app, cookie: await login(app) };
}

describe('staff jobs API', () => {
  it('lists, creates, steps, reassigns and deletes jobs with a history row per change', async () => {
    const { app, cookie } = await staffApp();
    const list = await signedIn(app, cookie).get('/api/jobs');
    expect(list.statusCode).toBe(200);
    expect(list.json().jobs).toHaveLength(3);

    const created = await signedIn(app, cookie).post('/api/jobs', VALID_BODIES.job);
    expect(created.statusCode).toBe(201);
    const job = created.json().job;
    // Keyed by a leased key, numbered by the server after the three jobs already there.
    expect(job).toMatchObject({
      id: expect.stringMatching(/^JOB-2026-P\d+$/),
      number: 'JOB-2026-4',
      status: 'Assigned',
      progress: 0,
    });

    const enRoute = await signedIn(app, cookie).patch(`/api/jobs/${job.id}`, {
      status: 'En Route',
      progress: 25,
    });
    expect(enRoute.statusCode).toBe(200);
    expect(enRoute.json().job).toMatchObject({ status: 'En Route', progress: 25 });

    const reassigned = await signedIn(app, cookie).patch(`/api/jobs/${job.id}`, {
      assignedTo: 'Both',
    });
    expect(reassigned.json().job).toMatchObject({ assignedTo: 'Both', status: 'En Route' });

    const updates = await signedIn(app, cookie).get(`/api/jobs/${job.id}/updates`);
    expect(updates.json().updates.map((u: { status: string }) => u.status)).toEqual([
      'Assigned',
      'En Route',
      'En Route',
    ]);

    const early = await signedIn(app, cookie).delete(`/api/jobs/${job.id}`);
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe('Only completed or cancelled jobs can be deleted');

    const cancelled = await signedIn(app, cookie).patch(`/api/jobs/${job.id}`, {
      status: 'Cancelled',
      progress: 25,
    });
    expect(cancelled.json().job).toMatchObject({ status: 'Cancelled' });
    const deleted = await signedIn(app, cookie).delete(`/api/jobs/${job.id}`);
    expect(deleted.statusCode).toBe(200);
    // Archived, not erased: the job and its history stay.
    expect(
      app.db.prepare('SELECT count(*) AS n FROM job_updates WHERE jobId = ?').get(job.id),
    ).toEqual({ n: 4 });
    expect(app.db.prepare('SELECT archivedAt FROM jobs WHERE id = ?').get(job.id)).toEqual({
      archivedAt: expect.any(String),
    });
  });

  it('completing a job through the API leaves a draft quote for it', async () => {
    const { app, cookie } = await staffApp();
    const before = (await signedIn(app, cookie).get('/api/quotes')).json().quotes.length;
    const done = await signedIn(app, cookie).patch('/api/jobs/JOB-2026-2', {
      status: 'Completed',
      progress: 100,
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().job).toMatchObject({ status: 'Completed', progress: 100 });
    const quotes = (await signedIn(app, cookie).get('/api/quotes')).json().quotes;
    expect(quotes).toHaveLength(before + 1);
    expect(
      quotes.find(
        (q: { status: string; finalPrice: number }) =>
          q.status === 'draft' && q.finalPrice === 20000,
      ),
    ).toMatchObject({
      customerName: 'Dana Reid',
      itemsSubtotal: 20000,
      discountPercent: 0,
      validUntil: '2026-12-21T10:00:00.000Z',
    });
  });

  it('refuses status steps on a finished job and answers 404 for unknown ids', async () => {
    const { app, cookie } = await staffApp();
    const finished = await signedIn(app, cookie).patch('/api/jobs/JOB-2026-3', {
      status: 'En Route',
      progress: 25,
    });
    expect(finished.statusCode).toBe(409);
    const reassign = await signedIn(app, cookie).patch('/api/jobs/JOB-2026-3', {
      assignedTo: 'Both',
    });
    expect(reassign.statusCode).toBe(409);
    expect(reassign.json().error).toBe('This job is finished and can no longer be changed');
    const unknown = await signedIn(app, cookie).patch('/api/jobs/JOB-2026-999', {
      assignedTo: 'Both',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('Job not found');
  });
});

describe('staff bookings API', () => {
  it('lists pending bookings emergency first and approves one into a job the search finds', async () => {
    const { app, cookie } = await staffApp();
    const list = await signedIn(app, cookie).get('/api/bookings');
    expect(list.json().bookings.map((b: { id: string }) => b.id)).toEqual([
      'BKG-2026-2',
      'BKG-2026-1',
    ]);

    const approved = await signedIn(app, cookie).post('/api/bookings/BKG-2026-1/approve');
    expect(approved.statusCode).toBe(200);
    const { id: jobKey, number: jobId } = approved.json().job as { id: string; number: string };
    expect(jobKey).toMatch(/^JOB-2026-P\d+$/);
    expect(jobId).toMatch(/^JOB-2026-\d+$/);
    expect(['JOB-2026-1', 'JOB-2026-2', 'JOB-2026-3']).not.toContain(jobId);

    // The customer finds it by the number they were told, or by the provisional reference
    // staff may have read out before it synced; either way they see the number.
    for (const query of [jobId, jobKey]) {
      const search = await signedIn(app, cookie).get(
        `/api/jobs/search?query=${query}&phone=${encodeURIComponent('0498765432')}`,
      );
      expect(search.statusCode).toBe(200);
      expect(search.json().job).toMatchObject({ id: jobId, customerName: 'Sam Lee' });
    }

    const again = await signedIn(app, cookie).post('/api/bookings/BKG-2026-1/approve');
    expect(again.statusCode).toBe(409);
    // In plain words, naming the job the first approval made.
    expect(again.json().error).toMatch(
      new RegExp(` already approved this booking as ${jobId}\\.$`),
    );
    const after = await signedIn(app, cookie).get('/api/bookings');
    expect(
      after.json().bookings.map((b: { id: string; status: string }) => `${b.id}:${b.status}`),
    ).toEqual(['BKG-2026-2:pending', 'BKG-2026-1:approved']);
  });

  it('lists contact messages', async () => {
    const { app, cookie } = await staffApp();
    const emails = await signedIn(app, cookie).get('/api/emails');
    expect(emails.json().emails[0]).toMatchObject({
      subject: 'URGENT: Emergency Towing',
      sent: true,
      customerInfo: { name: 'Jo' },
    });
  });
});

describe('staff quotes API', () => {
  it('computes totals itself, edits drafts only, follows the status transitions and deletes', async () => {
    const { app, cookie } = await staffApp();
    const created = await signedIn(app, cookie).post('/api/quotes', {
      ...VALID_BODIES.quote,
      itemsSubtotal: 1,
      basePrice: 1,
      discountAmount: 1,
      finalPrice: 1,
      status: 'accepted',
    });
    expect(created.statusCode).toBe(201);
    const quote = created.json().quote;
    // 18000 + 9000 = 27000 × Tom Price 1.4 = 37800, less 10 % = 34020.
    expect(quote).toMatchObject({
      itemsSubtotal: 27000,
      basePrice: 37800,
      discountAmount: 3780,
      finalPrice: 34020,
      status: 'draft',
    });

    const edited = await signedIn(app, cookie).put(`/api/quotes/${quote.id}`, {
      ...VALID_BODIES.quote,
      discountPercent: 0,
    });
    expect(edited.json().quote).toMatchObject({ finalPrice: 37800 });

    const badMove = await signedIn(app, cookie).patch(`/api/quotes/${quote.id}`, {
      status: 'accepted',
    });
    expect(badMove.statusCode).toBe(409);
    const sent = await signedIn(app, cookie).patch(`/api/quotes/${quote.id}`, { status: 'sent' });
    expect(sent.json().quote.status).toBe('sent');
    const locked = await signedIn(app, cookie).put(`/api/quotes/${quote.id}`, VALID_BODIES.quote);
    expect(locked.statusCode).toBe(409);
    expect(locked.json().error).toBe('Only draft quotes can be edited');

    const copy = await signedIn(app, cookie).post(`/api/quotes/${quote.id}/duplicate`);
    expect(copy.statusCode).toBe(201);
    expect(copy.json().quote).toMatchObject({
      customerName: 'Jordan Reid (Copy)',
      status: 'draft',
    });

    const removed = await signedIn(app, cookie).delete(`/api/quotes/${quote.id}`);
    expect(removed.statusCode).toBe(200);
    const gone = await signedIn(app, cookie).delete(`/api/quotes/${quote.id}`);
    expect(gone.statusCode).toBe(404);
  });

  it('lists invoices', async () => {
    const { app, cookie } = await staffApp();
    const invoices = await signedIn(app, cookie).get('/api/invoices');
    expect(invoices.json().invoices).toEqual([
      expect.objectContaining({ id: 'INV-2026-1', amount: 7500 }),
    ]);
  });
});

describe('staff fleet API', () => {
  it('adds, updates and removes vehicles and records their service, fuel, mileage and expenses', async () => {
    const { app, cookie } = await staffApp();
    const added = await signedIn(app, cookie).post('/api/vehicles', VALID_BODIES.vehicle);
    expect(added.statusCode).toBe(201);
    const vehicle = added.json().vehicle;
    expect(vehicle).toMatchObject({ name: 'Little Blue', status: 'Excellent', isActive: true });

    const dup = await signedIn(app, cookie).post('/api/vehicles', {
      ...VALID_BODIES.vehicle,
      name: 'Other',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toBe(
      'Registration number already exists. Please use a different registration.',
    );
    // The same plate typed another way is the same truck: refused, nothing stored.
    const before = (await signedIn(app, cookie).get('/api/vehicles')).json().vehicles.length;
    const sameOtherCase = await signedIn(app, cookie).post('/api/vehicles', {
      ...VALID_BODIES.vehicle,
      name: 'Other',
      registration: '1xyz-789',
    });
    expect(sameOtherCase.statusCode).toBe(409);
    expect(sameOtherCase.json()).toMatchObject({
      error: 'Registration number already exists. Please use a different registration.',
    });
    const after = (await signedIn(app, cookie).get('/api/vehicles')).json().vehicles.length;
    expect(before).toBeGreaterThan(0);
    expect(after).toBe(before);

    const mods = await signedIn(app, cookie).put(`/api/vehicles/${vehicle.id}`, {
      modifications: ['Snatch Block'],
    });
    expect(mods.json().vehicle).toMatchObject({
      modifications: ['Snatch Block'],
      name: 'Little Blue',
      registration: '1XYZ789',
    });
    const features = await signedIn(app, cookie).put(`/api/vehicles/${vehicle.id}`, {
      specialFeatures: ['Mine Site Approved'],
    });
    expect(features.json().vehicle).toMatchObject({
      specialFeatures: ['Mine Site Approved'],
      modifications: ['Snatch Block'],
    });

    for (const [url, body, key] of [
      ['/api/service-records', VALID_BODIES.serviceRecord, 'serviceRecord'],
      ['/api/fuel-records', VALID_BODIES.fuelRecord, 'fuelRecord'],
      ['/api/mileage-records', VALID_BODIES.mileageRecord, 'mileageRecord'],
      ['/api/fleet-expenses', VALID_BODIES.fleetExpense, 'fleetExpense'],
    ] as const) {
      const response = await signedIn(app, cookie).post(url, { ...body, vehicleId: vehicle.id });
      expect(response.statusCode, url).toBe(201);
      expect(response.json()[key]).toMatchObject({ vehicleId: vehicle.id });
    }
    const fuel = await signedIn(app, cookie).get(`/api/fuel-records?vehicleId=${vehicle.id}`);
    expect(fuel.json().fuelRecords).toHaveLength(1);
    expect(
      (await signedIn(app, cookie).get('/api/service-records')).json().serviceRecords,
    ).toHaveLength(1);
    expect(
      (await signedIn(app, cookie).get('/api/mileage-records')).json().mileageRecords,
    ).toHaveLength(1);
    expect(
      (await signedIn(app, cookie).get('/api/fleet-expenses')).json().fleetExpenses,
    ).toHaveLength(1);

    const removed = await signedIn(app, cookie).delete(`/api/vehicles/${vehicle.id}`);
    expect(removed.statusCode).toBe(200);
    expect((await signedIn(app, cookie).get('/api/vehicles')).json().vehicles).toHaveLength(1);
    // Its records stay for the reports.
    expect((await signedIn(app, cookie).get('/api/fuel-records')).json().fuelRecords).toHaveLength(
      1,
    );
  });
});

describe('notification preferences API', () => {
  it('reads defaults for an unknown email and saves changes', async () => {
    const { app, cookie } = await staffApp();
    const defaults = await signedIn(app, cookie).get(
      '/api/notification-preferences?email=sam@example.com',
    );
    expect(defaults.json().preference).toMatchObject({
      smsEnabled: true,
      emailEnabled: true,
      marketingEmails: false,
    });
    const saved = await signedIn(app, cookie).put(
      '/api/notification-preferences',
      VALID_BODIES.preference,
    );
    expect(saved.statusCode).toBe(200);
    const read = await signedIn(app, cookie).get(
      '/api/notification-preferences?email=sam@example.com',
    );
    expect(read.json().preference).toMatchObject({
      smsEnabled: false,
      customerEmail: 'sam@example.com',
    });
  });
});
