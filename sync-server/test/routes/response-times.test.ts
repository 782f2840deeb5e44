/**
 * GET /api/response-times: the public figures come from the recorded jobs (call to arrival), per
 * coverage area, with how many jobs each is measured from; an area with too few has none.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { responseTimesResponseSchema } from '@pilbara/shared-schema';
import { mintIntegerId, mintTextId } from '../../src/db/id-series';
import { applyServerMutation } from '../../src/sync/server-apply';
import { buildTestApp, type TestApp } from '../helper';

type Answer = z.infer<typeof responseTimesResponseSchema>;

const NOW = new Date('2026-12-06T02:00:00.000Z');

/** A job taken at `calledAt` in `location`, the truck on site `minutes` later. */
function recordedJob(app: TestApp, location: string, calledAt: string, minutes: number): void {
  const id = mintTextId(app.db, 'JOB', new Date(calledAt));
  const step = (name: string, args: object, at: string) => {
    const outcome = applyServerMutation(app.db, name, args, 1, at);
    if (!outcome.ok) throw new Error(`${name}: ${outcome.message}`);
  };
  const created = {
    id,
    updateId: mintIntegerId(app.db, 'job_updates'),
    customerName: 'Kim Lee',
    phone: '0412 345 678',
    email: '',
    service: 'Emergency Towing',
    location,
  };
  step('job.create', created, calledAt);
  const arrived = new Date(Date.parse(calledAt) + minutes * 60_000).toISOString();
  step('job.markEnRoute', { id, updateId: mintIntegerId(app.db, 'job_updates') }, arrived);
  step('job.startService', { id, updateId: mintIntegerId(app.db, 'job_updates') }, arrived);
}

describe('GET /api/response-times', () => {
  it('answers each area’s median from the recorded jobs, and nothing for too few', async () => {
    const app = await buildTestApp({ now: () => NOW });
    recordedJob(app, 'Bulgarra, Karratha', '2026-12-01T01:00:00.000Z', 22);
    recordedJob(app, 'Pegs Creek, Karratha', '2026-12-02T01:00:00.000Z', 30);
    recordedJob(app, 'Karratha airport, Karratha', '2026-12-03T01:00:00.000Z', 41);
    recordedJob(app, 'Roebourne', '2026-12-04T01:00:00.000Z', 55);

    const response = await app.inject({ method: 'GET', url: '/api/response-times' });
    expect(response.statusCode).toBe(200);
    const answer = response.json<Answer>();
    expect(answer.sinceDays).toBe(90);
    expect(answer.areas.find((area) => area.area === 'Karratha')).toEqual({
      area: 'Karratha',
      medianMinutes: 30,
      jobs: 3,
    });
    expect(answer.areas.find((area) => area.area === 'Roebourne')).toEqual({
      area: 'Roebourne',
      medianMinutes: null,
      jobs: 1,
    });
    expect(answer.overall).toEqual({ area: 'All areas', medianMinutes: 36, jobs: 4 });
  });

  it('has no figure at all before any job is recorded', async () => {
    const app = await buildTestApp({ now: () => NOW });
    const answer = (await app.inject({ method: 'GET', url: '/api/response-times' })).json<Answer>();
    expect(answer.overall.medianMinutes).toBeNull();
    expect(answer.areas.every((area) => area.medianMinutes === null && area.jobs === 0)).toBe(true);
  });
});
