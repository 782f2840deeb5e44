/**
 * What the customer is told is what happened (docs/decisions/2026-11-27-recorded-times-only.md):
 * a job stepped on a phone without signal and synced later shows, on its tracking link,
 * each step at the time the phone recorded it (the job's history), nothing for a step not taken;
 * the en-route email names the driver and gives the one arrival estimate the tracking page gives.
 */
import { describe, expect, it } from 'vitest';
import {
  arrivalEstimate,
  arrivalText,
  type TimelineEntry,
  type TruckPosition,
} from '@pilbara/shared-schema';
import { buildTestApp, login, testConfig, type TestApp, syncCall } from '../helper';
import { startSmtp } from '../smtp';
import { createJob, leaseUpdateIds, testNotifier } from './notifier-helper';

const PUBLIC_URL = 'https://tow.example.com';

/** The job these tests follow: a tow from Roebourne with the estimate staff gave. */
const ROEBOURNE_JOB = {
  service: 'Towing',
  location: 'GPS -20.77810, 117.14560 (in Roebourne)',
  estimatedArrival: 'Within 4-6 hours',
};

async function push(app: TestApp, cookie: string, clientId: string, mutations: object[]) {
  const response = await syncCall(app, cookie, 'push', { clientId, mutations });
  expect(response.statusCode).toBe(200);
  const results = (response.json() as { results: { status: string }[] }).results;
  expect(results.map((result) => result.status)).toEqual(mutations.map(() => 'applied'));
}

type Tracked = {
  job: { status: string };
  timeline: TimelineEntry[];
  position: TruckPosition | null;
};

async function track(app: TestApp, token: string): Promise<Tracked> {
  const answer = await app.inject({ method: 'GET', url: `/api/track/${token}` });
  expect(answer.statusCode).toBe(200);
  return answer.json() as Tracked;
}

describe('what the customer is told', () => {
  it('shows the times the phone recorded, for steps taken offline and synced later', async () => {
    let clock = new Date('2026-11-20T23:10:00.000Z');
    const app = await buildTestApp({ now: () => clock });
    const cookie = await login(app);
    const job = await createJob(app, cookie, ROEBOURNE_JOB);
    const updateId = await leaseUpdateIds(app, cookie, 'dana-phone');
    const step = (seq: number, name: string, createdAt: string, args: object = {}) => ({
      seq,
      mutationId: `dana-phone-${seq}`,
      name,
      args: { id: job.id, updateId: updateId + seq, ...args },
      createdAt,
    });

    // Steps taken at 07:17, 07:17 and 07:28 Perth time with no signal: nothing reaches the
    // server, which shows the creation alone (never a derived "en route" 15 minutes later).
    clock = new Date('2026-11-20T23:40:00.000Z');
    expect((await track(app, job.trackingToken)).timeline.map((entry) => entry.key)).toEqual([
      'created',
    ]);

    // The phone finds signal at 07:52 and syncs them together.
    clock = new Date('2026-11-20T23:52:00.000Z');
    await push(app, cookie, 'dana-phone', [
      step(1, 'job.markEnRoute', '2026-11-20T23:17:00.000Z'),
      step(2, 'job.startService', '2026-11-20T23:17:40.000Z'),
      step(3, 'job.complete', '2026-11-20T23:28:00.000Z', { quoteId: 'Q-2026-901' }),
    ]);

    const history = app.db
      .prepare('SELECT status, createdAt FROM job_updates WHERE jobId = ? ORDER BY createdAt, id')
      .all(job.id) as { status: string; createdAt: string }[];
    const tracked = await track(app, job.trackingToken);
    expect(tracked.job.status).toBe('Completed');
    expect(tracked.timeline).toEqual([
      { key: 'created', message: 'Job created', at: history[0]!.createdAt },
      { key: 'en-route', message: 'Driver en route', at: '2026-11-20T23:17:00.000Z' },
      { key: 'arrived', message: 'Driver arrived on site', at: '2026-11-20T23:17:40.000Z' },
      {
        key: 'completed',
        message: 'Service completed successfully',
        at: '2026-11-20T23:28:00.000Z',
      },
    ]);
    // Every time shown is one the history holds, and none is after the completion.
    const recorded = new Set(history.map((entry) => entry.createdAt));
    for (const entry of tracked.timeline) expect(recorded.has(entry.at), entry.key).toBe(true);
    for (const entry of tracked.timeline)
      expect(Date.parse(entry.at)).toBeLessThanOrEqual(Date.parse('2026-11-20T23:28:00.000Z'));

    // The portal's search by job id and phone digits shows the same timeline.
    const search = await app.inject({
      method: 'GET',
      url: `/api/jobs/search?query=${job.id}&phone=5678`,
    });
    expect((search.json() as { timeline: TimelineEntry[] }).timeline).toEqual(tracked.timeline);
  });

  it('names the driver and gives the tracking page’s estimate in the en-route email', async () => {
    const smtp = await startSmtp();
    const clock = new Date('2026-11-21T10:00:00.000Z');
    const app = await buildTestApp({
      config: testConfig({ SMTP_URL: smtp.url, PUBLIC_URL }),
      now: () => clock,
    });
    const notifier = testNotifier(app);
    await notifier.run();
    const cookie = await login(app);
    const job = await createJob(app, cookie, { ...ROEBOURNE_JOB, assignedTo: 'Dana Reid' });
    const updateId = await leaseUpdateIds(app, cookie, 'dana-phone');
    // On my way, and the truck's first fix from Karratha in the same batch.
    await push(app, cookie, 'dana-phone', [
      {
        seq: 1,
        mutationId: 'dana-phone-1',
        name: 'job.markEnRoute',
        args: { id: job.id, updateId },
        createdAt: '2026-11-21T09:59:30.000Z',
      },
      {
        seq: 2,
        mutationId: 'dana-phone-2',
        name: 'position.report',
        args: {
          jobId: job.id,
          latitude: -20.7364,
          longitude: 116.8463,
          accuracy: 12,
          recordedAt: '2026-11-21T09:59:40.000Z',
        },
        createdAt: '2026-11-21T09:59:40.000Z',
      },
    ]);
    await notifier.run();
    await smtp.waitFor(1);

    const tracked = await track(app, job.trackingToken);
    const estimate = arrivalText(
      arrivalEstimate(
        {
          status: 'En Route',
          // Going En Route cleared the estimate set when the job was made.
          estimatedArrival: null,
          location: 'GPS -20.77810, 117.14560',
        },
        tracked.position,
        clock,
        app.profile.depot,
      ),
    );
    expect(estimate).toMatch(/^About \d+ min/);
    const mail = smtp.messages[0]!;
    // The customer reads the job's number, not its key.
    expect(job.number).not.toBe(job.id);
    expect(mail.subject).toBe(`Job ${job.number}: Dana Reid is on the way`);
    expect(mail.text).toContain(`Dana Reid is on the way for job ${job.number} (Towing).`);
    expect(mail.text).toContain(`Estimated arrival: ${estimate}.`);
    expect(mail.text).not.toContain('4-6 hours');
  });
});
