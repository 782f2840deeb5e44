import { describe, expect, it } from 'vitest';
import { MESSAGES, jobSchema, publicBookingSchema } from '@pilbara/shared-schema';
import { buildTestApp } from '../helper';
import { bookingBody, insertJob } from '../fixtures';

/**
 * The `key` of a 200 answer as sent, after checking it follows the public schema (which would
 * strip a field that must never be sent, so the raw value is what the test looks at).
 */
function answer(
  response: { statusCode: number; json: () => Record<string, unknown> },
  key: string,
  schema: { parse: (value: unknown) => unknown },
): Record<string, unknown> {
  expect(response.statusCode).toBe(200);
  const value = response.json()[key];
  schema.parse(value);
  return value as Record<string, unknown>;
}

async function seeded() {
  const app = await buildTestApp();
  const jo1 = insertJob(app, {
    customerName: 'Jo Smith',
    phone: '0412 345 678',
    email: 'jo@example.com',
    createdAt: '2026-11-01T00:00:00.000Z',
  });
  const jo2 = insertJob(app, {
    customerName: 'jo smith',
    phone: '+61 412 345 678',
    email: 'jo@example.com',
    status: 'Completed',
    progress: 100,
    createdAt: '2026-11-05T00:00:00.000Z',
  });
  const other = insertJob(app, {
    customerName: 'Kim Lee',
    phone: '0499 888 777',
    email: 'kim@example.com',
    createdAt: '2026-11-03T00:00:00.000Z',
  });
  // Another customer who shares Jo's name but not her phone.
  const namesake = insertJob(app, {
    customerName: 'JO SMITH',
    phone: '0455 111 222',
    email: 'other.jo@example.com',
    createdAt: '2026-10-01T00:00:00.000Z',
  });
  return { app, jo1, jo2, other, namesake };
}

describe('GET /api/track/:token', () => {
  it('answers the job of a tracking token, masked', async () => {
    const { app, other } = await seeded();
    const response = await app.inject({ url: `/api/track/${other.trackingToken}` });
    const job = answer(response, 'job', jobSchema);
    expect(response.headers['cache-control']).toBe('no-store');
    // The customer sees the job's number, never its key.
    expect(job).toMatchObject({ id: other.number, phone: '•••• ••• 777', notes: null });
  });

  it('answers a pending booking by the token its 201 carried, and its job once approved', async () => {
    const app = await buildTestApp();
    const created = (
      await app.inject({ method: 'POST', url: '/api/bookings', payload: bookingBody() })
    ).json();
    const pending = await app.inject({ url: `/api/track/${created.trackingToken}` });
    const booking = answer(pending, 'booking', publicBookingSchema);
    expect(booking).toMatchObject({
      id: created.id,
      status: 'pending',
      service: 'Jump Start Service',
      phone: '•••• ••• 701',
      email: 'c•••@example.com',
    });
    expect(booking).not.toHaveProperty('description');
  });

  it('answers 404 with {error, fields} for an unknown or malformed token', async () => {
    const { app } = await seeded();
    for (const token of ['A'.repeat(22), 'JOB-2026-1', 'x', '%00']) {
      const response = await app.inject({ url: `/api/track/${token}` });
      expect(response.statusCode, token).toBe(404);
      expect(response.json()).toEqual({
        error: MESSAGES.TRACKING_LINK_NOT_FOUND,
        fields: { token: MESSAGES.TRACKING_LINK_NOT_FOUND },
      });
    }
  });
});

describe('GET /api/jobs/search', () => {
  it('finds a job by id and the last four digits of its phone, masked, no staff notes', async () => {
    const { app, other } = await seeded();
    const response = await app.inject({ url: `/api/jobs/search?query=${other.id}&phone=8777` });
    const job = answer(response, 'job', jobSchema);
    expect(job).toMatchObject({
      id: other.number,
      customerName: 'Kim Lee',
      phone: '•••• ••• 777',
      email: 'k•••@example.com',
      notes: null,
      trackingToken: other.trackingToken,
    });
    const full = await app.inject({
      url: `/api/jobs/search?query=${other.id.toLowerCase()}&phone=${encodeURIComponent('+61499888777')}`,
    });
    expect(full.json().job.id).toBe(other.number);
    // The number the customer was told finds it as well as the key.
    const byNumber = await app.inject({
      url: `/api/jobs/search?query=${other.number ?? ''}&phone=8777`,
    });
    expect(byNumber.json().job).toMatchObject({ id: other.number, customerName: 'Kim Lee' });
  });

  it('asks for the phone when a job id comes alone', async () => {
    const { app, other } = await seeded();
    const response = await app.inject({ url: `/api/jobs/search?query=${other.id}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ phone: MESSAGES.PHONE_PROOF_REQUIRED });
  });

  it('answers a wrong phone exactly like an unknown id', async () => {
    const { app, other } = await seeded();
    const wrong = await app.inject({ url: `/api/jobs/search?query=${other.id}&phone=1234` });
    const unknown = await app.inject({ url: '/api/jobs/search?query=JOB-2026-4242&phone=1234' });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().error).toBe(MESSAGES.JOB_NOT_FOUND_TITLE);
  });

  it('finds nothing by a name', async () => {
    const { app } = await seeded();
    const response = await app.inject({ url: '/api/jobs/search?query=jo%20SMITH' });
    expect(response.statusCode).toBe(404);
  });

  it('validates the query', async () => {
    const { app } = await seeded();
    const response = await app.inject({ url: '/api/jobs/search?query=%20' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.query).toBe(MESSAGES.PORTAL_SEARCH_EMPTY);
    const badPhone = await app.inject({ url: '/api/jobs/search?query=JOB-2026-1&phone=12' });
    expect(badPhone.json().fields.phone).toBe(MESSAGES.PHONE_PROOF_INVALID);
  });
});

describe('GET /api/jobs/customer/:lookup', () => {
  it("returns the customer's jobs by phone however written, never the namesake's", async () => {
    const { app, jo1, jo2 } = await seeded();
    const response = await app.inject({
      url: `/api/jobs/customer/${encodeURIComponent('+61 412 345 678')}`,
    });
    expect(response.statusCode).toBe(200);
    const { jobs, bookings } = response.json();
    expect(jobs.map((job: { id: string }) => job.id)).toEqual([jo2.number, jo1.number]);
    expect(bookings).toEqual([]);
    for (const job of jobs) expect(job.notes).toBeNull();
  });

  it('lists the pending bookings of that phone too', async () => {
    const app = await buildTestApp();
    const created = (
      await app.inject({
        method: 'POST',
        url: '/api/bookings',
        payload: bookingBody({ phone: '0412 345 678' }),
      })
    ).json();
    const response = await app.inject({ url: '/api/jobs/customer/0412345678' });
    expect(response.json().bookings).toEqual([
      expect.objectContaining({ id: created.id, status: 'pending', phone: '0412 345 678' }),
    ]);
  });

  it('returns the jobs of a job id only with the phone digits, every phone masked', async () => {
    const { app, jo1, jo2 } = await seeded();
    expect((await app.inject({ url: `/api/jobs/customer/${jo1.id}` })).statusCode).toBe(400);
    expect((await app.inject({ url: `/api/jobs/customer/${jo1.id}?phone=0000` })).statusCode).toBe(
      404,
    );
    const response = await app.inject({ url: `/api/jobs/customer/${jo1.id}?phone=5678` });
    expect(response.statusCode).toBe(200);
    const { jobs } = response.json();
    expect(jobs.map((job: { id: string }) => job.id)).toEqual([jo2.number, jo1.number]);
    for (const job of jobs) expect(job.phone).toBe('•••• ••• 678');
  });

  it('says which of the jobs already have their review, so the feedback page skips them', async () => {
    const { app, jo2, other } = await seeded();
    const jo3 = insertJob(app, {
      customerName: 'Jo Smith',
      phone: '0412 345 678',
      status: 'Completed',
      progress: 100,
      createdAt: '2026-11-07T00:00:00.000Z',
    });
    const otherDone = insertJob(app, { phone: other.phone, status: 'Completed', progress: 100 });
    const before = await app.inject({ url: '/api/jobs/customer/0412345678' });
    expect(before.json().reviewedJobIds).toEqual([]);

    for (const [jobId, phone] of [
      [jo2.id, '5678'],
      [otherDone.id, '8777'],
    ] as const) {
      const review = await app.inject({
        method: 'POST',
        url: '/api/feedback',
        payload: {
          jobId,
          phone,
          rating: 5,
          serviceQuality: 5,
          responseTime: 5,
          communication: 5,
          value: 5,
          comments: 'Quick and friendly, thank you.',
          recommend: 'yes',
        },
      });
      expect(review.statusCode).toBe(201);
    }

    const after = (await app.inject({ url: '/api/jobs/customer/0412345678' })).json();
    expect(after.jobs.map((job: { id: string }) => job.id)).toContain(jo3.number);
    // Only this customer's reviewed job: another customer's review is not theirs to know.
    expect(after.reviewedJobIds).toEqual([jo2.number]);
    const byId = await app.inject({ url: `/api/jobs/customer/${jo3.id}?phone=5678` });
    expect(byId.json().reviewedJobIds).toEqual([jo2.number]);
  });

  it('answers empty lists for an unknown phone or a name', async () => {
    const { app } = await seeded();
    for (const lookup of ['0400000000', 'Jo%20Smith']) {
      const response = await app.inject({ url: `/api/jobs/customer/${lookup}` });
      expect(response.json()).toEqual({ jobs: [], bookings: [], reviewedJobIds: [] });
    }
  });
});
