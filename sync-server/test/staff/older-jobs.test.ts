/**
 * Records older than a device keeps offline come from the server on demand: `GET /api/jobs`
 * with `before` answers the jobs created before that time, newest first, a page at a time, in
 * the caller's scope.
 */
import { describe, expect, it } from 'vitest';
import { buildTestApp, login, seedRow } from '../helper';
import { DRIVER, seedStaffData } from './fixtures';

const NOW = new Date('2026-11-21T10:00:00.000Z');
const ago = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString();

async function depot() {
  const app = await buildTestApp({ now: () => NOW });
  seedStaffData(app);
  for (let d = 100; d <= 104; d++) {
    const sams = d % 2 === 0;
    seedRow(app.db, 'jobs', {
      id: `JOB-2026-${d}`,
      customerName: `Customer ${d}`,
      phone: '0411222333',
      service: 'Emergency Towing',
      location: 'Karratha',
      status: 'Completed',
      progress: 100,
      assignedTo: sams ? DRIVER.name : 'Alex Morgan',
      assignedDriverId: sams ? DRIVER.id : null,
      createdAt: ago(d),
      updatedAt: ago(d),
    });
  }
  return { app, admin: await login(app), driver: await login(app, DRIVER) };
}

describe('older jobs on demand', () => {
  it('pages the jobs created before a time, newest first', async () => {
    const { app, admin } = await depot();
    const first = await app.inject({
      method: 'GET',
      url: `/api/jobs?before=${encodeURIComponent(ago(90))}&limit=2`,
      headers: { cookie: admin },
    });
    expect(first.statusCode).toBe(200);
    const ids = (first.json().jobs as { id: string }[]).map((job) => job.id);
    expect(ids).toEqual(['JOB-2026-100', 'JOB-2026-101']);
    const next = await app.inject({
      method: 'GET',
      url: `/api/jobs?before=${encodeURIComponent(ago(101))}&limit=10`,
      headers: { cookie: admin },
    });
    expect((next.json().jobs as { id: string }[]).map((job) => job.id)).toEqual([
      'JOB-2026-102',
      'JOB-2026-103',
      'JOB-2026-104',
    ]);
  });

  it('keeps a driver to their own jobs, and refuses a time that is not one', async () => {
    const { app, driver } = await depot();
    const older = await app.inject({
      method: 'GET',
      url: `/api/jobs?before=${encodeURIComponent(ago(90))}`,
      headers: { cookie: driver },
    });
    expect((older.json().jobs as { id: string }[]).map((job) => job.id)).toEqual([
      'JOB-2026-100',
      'JOB-2026-102',
      'JOB-2026-104',
    ]);
    const bad = await app.inject({
      method: 'GET',
      url: '/api/jobs?before=last-tuesday',
      headers: { cookie: driver },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('before');
  });
});
