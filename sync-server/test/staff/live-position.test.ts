/**
 * The truck's live position: a driver's phone reports it through the mutation path
 * while the job is En Route; the server keeps the latest fix per job, shows it only on that
 * job's tracking link, never to another driver's device, and deletes it when the job moves on.
 */
import { describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION, type ChangeEntry } from '@pilbara/shared-schema';
import { getRow } from '../../src/db/rows';
import { buildTestApp, login, type TestApp, syncCall } from '../helper';
import { DRIVER, seedDriverJobs, seedStaffData } from './fixtures';

const NOW = '2026-11-21T10:00:00.000Z';
const TOKEN_4 = 'sam-job-token-aaaaaaaaaaaa';
const TOKEN_5 = 'alex-job-token-aaaaaaaaaaa';

async function setUp() {
  const app = await buildTestApp({ now: () => new Date(NOW) });
  seedStaffData(app);
  seedDriverJobs(app);
  const setToken = app.db.prepare('UPDATE jobs SET trackingToken = ? WHERE id = ?');
  setToken.run(TOKEN_4, 'JOB-2026-4');
  setToken.run(TOKEN_5, 'JOB-2026-5');
  return { app, admin: await login(app), driver: await login(app, DRIVER) };
}

/** The last seq each device used. */
const seqs = new Map<string, number>();
/** Pushes mutations as one device, numbered on from its last; answers the verdicts. */
async function push(
  app: TestApp,
  cookie: string,
  clientId: string,
  mutations: [string, Record<string, unknown>][],
) {
  const answer = await syncCall(app, cookie, 'push', {
    clientId,
    mutations: mutations.map(([name, args]) => {
      const seq = (seqs.get(clientId) ?? 0) + 1;
      seqs.set(clientId, seq);
      return {
        seq,
        mutationId: `${clientId}-${seq}`,
        name,
        args,
        createdAt: NOW,
      };
    }),
  });
  expect(answer.statusCode).toBe(200);
  return (answer.json() as { results: { status: string; code?: string }[] }).results;
}

const fix = (
  jobId: string,
  recordedAt: string,
  latitude = -20.7781,
): [string, Record<string, unknown>] => [
  'position.report',
  { jobId, latitude, longitude: 117.1456, accuracy: 15, recordedAt },
];

async function track(app: TestApp, token: string) {
  const answer = await app.inject({ method: 'GET', url: `/api/track/${token}` });
  expect(answer.statusCode).toBe(200);
  return answer.json() as { job: { status: string }; position: unknown };
}

describe('live position', () => {
  it('shows the latest fix on the tracking link only while En Route, and deletes it after', async () => {
    seqs.clear();
    const { app, driver } = await setUp();
    // Before En Route a report keeps nothing.
    expect(
      await push(app, driver, 'sam-phone', [fix('JOB-2026-4', '2026-11-21T09:50:00.000Z')]),
    ).toMatchObject([{ status: 'applied' }]);
    expect(getRow(app.db, 'job_positions', 'JOB-2026-4')).toBeUndefined();
    expect((await track(app, TOKEN_4)).position).toBeNull();

    // On my way, then two fixes delivered out of order after a dead zone: the newer one stays.
    await push(app, driver, 'sam-phone', [
      ['job.markEnRoute', { id: 'JOB-2026-4', updateId: 901 }],
      fix('JOB-2026-4', '2026-11-21T09:58:00.000Z', -20.75),
      fix('JOB-2026-4', '2026-11-21T09:57:00.000Z', -20.8),
    ]);
    expect(await track(app, TOKEN_4)).toMatchObject({
      job: { status: 'En Route' },
      position: { latitude: -20.75, longitude: 117.1456, recordedAt: '2026-11-21T09:58:00.000Z' },
    });
    expect(app.db.prepare('SELECT COUNT(*) AS n FROM job_positions').get()).toEqual({ n: 1 });
    // The position is not on the portal's answer, which a phone number opens.
    const portal = await app.inject({
      method: 'GET',
      url: '/api/jobs/search?query=JOB-2026-4&phone=2333',
    });
    expect(portal.statusCode).toBe(200);
    expect(JSON.stringify(portal.json())).not.toContain('117.1456');

    // Arrived, then Complete: nothing of where the truck was is kept.
    await push(app, driver, 'sam-phone', [
      ['job.startService', { id: 'JOB-2026-4', updateId: 902 }],
      fix('JOB-2026-4', '2026-11-21T09:59:00.000Z'),
      ['job.complete', { id: 'JOB-2026-4', updateId: 903, quoteId: 'Q-2026-77' }],
    ]);
    expect(getRow(app.db, 'job_positions', 'JOB-2026-4')).toBeUndefined();
    expect(await track(app, TOKEN_4)).toMatchObject({
      job: { status: 'Completed' },
      position: null,
    });
  });

  it('refuses another driver’s job and never sends its position to this driver’s device', async () => {
    seqs.clear();
    const { app, admin, driver } = await setUp();
    expect(
      await push(app, driver, 'sam-phone', [fix('JOB-2026-5', '2026-11-21T09:58:00.000Z')]),
    ).toMatchObject([{ status: 'rejected', code: 'not_found' }]);
    expect(getRow(app.db, 'job_positions', 'JOB-2026-5')).toBeUndefined();

    // The other driver's truck is on its way (reported here through the office's device).
    await push(app, admin, 'office', [
      ['job.markEnRoute', { id: 'JOB-2026-5', updateId: 950 }],
      fix('JOB-2026-5', '2026-11-21T09:58:00.000Z'),
    ]);
    expect(getRow(app.db, 'job_positions', 'JOB-2026-5')).toBeDefined();
    const hello = await app.inject({
      method: 'POST',
      url: '/api/sync/hello',
      headers: { cookie: driver },
      payload: {
        protocolVersion: PROTOCOL_VERSION,
        schemaVersion: 1,
        clientId: 'sam-phone-2',
        cursor: 0,
        ackedSeq: 0,
      },
    });
    const changes = (hello.json() as { changes: ChangeEntry[] }).changes;
    expect(changes.some((change) => change.entity === 'jobs')).toBe(true);
    expect(changes.filter((change) => change.entity === 'job_positions')).toEqual([]);
    expect(JSON.stringify(changes)).not.toContain('JOB-2026-5');
    // The tracking link of that job shows it; guests cannot report positions.
    expect((await track(app, TOKEN_5)).position).toMatchObject({ latitude: -20.7781 });
    const guest = await app.inject({
      method: 'POST',
      url: '/api/sync/push',
      payload: { clientId: 'x', mutations: [] },
    });
    expect(guest.statusCode).toBe(401);
  });
});
