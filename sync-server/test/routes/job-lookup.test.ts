import { describe, expect, it } from 'vitest';
import { MESSAGES, jobSchema } from '@pilbara/shared-schema';
import { buildTestApp } from '../helper';
import { insertJob } from '../fixtures';

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
    phone: '0412 345 678',
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

describe('GET /api/jobs/search', () => {
  it('finds a job by its exact id with contact details masked and no staff notes', async () => {
    const { app, other } = await seeded();
    const response = await app.inject({ url: `/api/jobs/search?query=${other.id}` });
    expect(response.statusCode).toBe(200);
    const { job } = response.json();
    expect(jobSchema.parse(job)).toBeTruthy();
    expect(job).toMatchObject({
      id: other.id,
      customerName: 'Kim Lee',
      phone: '•••• ••• 777',
      email: 'k•••@example.com',
      notes: null,
    });
  });

  it('finds the newest job of a name, ignoring case', async () => {
    const { app, jo2 } = await seeded();
    const response = await app.inject({ url: '/api/jobs/search?query=JO%20SMITH' });
    expect(response.json().job.id).toBe(jo2.id);
    expect(response.json().job.phone).toBe('•••• ••• 678');
  });

  it('finds a job by phone and shows that phone, since the caller typed it', async () => {
    const { app, other } = await seeded();
    const response = await app.inject({ url: '/api/jobs/search?query=0499888777' });
    expect(response.json().job).toMatchObject({
      id: other.id,
      phone: '0499 888 777',
      email: 'k•••@example.com',
    });
  });

  it('answers 404 No Job Found when nothing matches', async () => {
    const { app } = await seeded();
    for (const query of ['JOB-2026-1', 'Nobody', 'Jo', '0400000000']) {
      const response = await app.inject({
        url: `/api/jobs/search?query=${encodeURIComponent(query)}`,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: MESSAGES.JOB_NOT_FOUND_TITLE });
    }
  });

  it('asks for a query when it is empty', async () => {
    const { app } = await seeded();
    for (const url of [
      '/api/jobs/search',
      '/api/jobs/search?query=',
      '/api/jobs/search?query=%20',
    ]) {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: MESSAGES.PORTAL_SEARCH_EMPTY,
        fields: { query: MESSAGES.PORTAL_SEARCH_EMPTY },
      });
    }
  });
});

describe('GET /api/jobs/customer/:lookup', () => {
  it('returns only the customer’s jobs, newest first, by phone', async () => {
    const { app, jo1, jo2, namesake } = await seeded();
    const response = await app.inject({ url: '/api/jobs/customer/0412%20345%20678' });
    expect(response.statusCode).toBe(200);
    const { jobs } = response.json() as { jobs: { id: string; phone: string; email: string }[] };
    // Same phone, or same name ignoring case (spec §5): the namesake is included, masked.
    expect(jobs.map((j) => j.id)).toEqual([jo2.id, jo1.id, namesake.id]);
    expect(jobs.find((j) => j.id === jo1.id)?.phone).toBe('0412 345 678');
    expect(jobs.find((j) => j.id === namesake.id)).toMatchObject({
      phone: '•••• ••• 222',
      email: 'o•••@example.com',
    });
  });

  it('returns the customer’s jobs by job id, every phone masked', async () => {
    const { app, jo1, jo2, other } = await seeded();
    const response = await app.inject({ url: `/api/jobs/customer/${jo1.id}` });
    const { jobs } = response.json() as { jobs: { id: string; phone: string }[] };
    expect(jobs.map((j) => j.id)).toContain(jo2.id);
    expect(jobs.map((j) => j.id)).not.toContain(other.id);
    expect(jobs.every((j) => j.phone.startsWith('••••'))).toBe(true);
  });

  it('never returns another customer’s unmasked phone or email', async () => {
    const { app, other, jo1, namesake } = await seeded();
    const lookups = ['0412345678', jo1.id, '0455 111 222', namesake.id, other.id, '0499888777'];
    for (const lookup of lookups) {
      const response = await app.inject({
        url: `/api/jobs/customer/${encodeURIComponent(lookup)}`,
      });
      const body = response.body;
      for (const email of ['jo@example.com', 'kim@example.com', 'other.jo@example.com'])
        expect(body).not.toContain(email);
      const digits = lookup.replace(/\D/g, '');
      for (const phone of ['0412 345 678', '0499 888 777', '0455 111 222']) {
        if (phone.replace(/\D/g, '') !== digits) expect(body).not.toContain(phone);
      }
    }
  });

  it('answers an empty list for an unknown phone or id', async () => {
    const { app } = await seeded();
    for (const lookup of ['0400000000', 'JOB-2026-1', 'abc']) {
      const response = await app.inject({ url: `/api/jobs/customer/${lookup}` });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ jobs: [] });
    }
  });

  it('asks for a lookup when it is blank', async () => {
    const { app } = await seeded();
    const response = await app.inject({ url: '/api/jobs/customer/%20' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.lookup).toBe(MESSAGES.DASHBOARD_LOOKUP_REQUIRED);
  });

  it('rate-limits the lookups per address', async () => {
    const app = await buildTestApp({ rateLimits: { lookup: { max: 2, timeWindow: 60_000 } } });
    const codes: number[] = [];
    for (let i = 0; i < 3; i += 1)
      codes.push((await app.inject({ url: '/api/jobs/customer/0400000000' })).statusCode);
    expect(codes).toEqual([200, 200, 429]);
    const search = await app.inject({ url: '/api/jobs/search?query=x' });
    expect([404, 429]).toContain(search.statusCode);
  });
});
