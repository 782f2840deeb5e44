/**
 * What the notifier tests share: a notifier that runs only when the test says, and the staff
 * calls that make the job events it reads (a job created, a lease of history ids).
 */
import { expect } from 'vitest';
import type { Job } from '@pilbara/shared-schema';
import { createNotifier, type Notifier } from '../../src/services/notifier';
import type { NotifierDeps } from '../../src/services/job-events';
import { onTestEnd, type TestApp, syncCall } from '../helper';

/**
 * A notifier over `app`'s database and mailer, with `deps` on top (push, the job sheet, another
 * clock), stopped when the test ends. Its poll is long, so every run in a test is the explicit
 * one; `options` can hold back the run that follows a change too.
 */
export function testNotifier(
  app: TestApp,
  deps: Partial<NotifierDeps> = {},
  options: Parameters<typeof createNotifier>[1] = { pollMs: 60_000 },
): Notifier {
  const notifier = createNotifier(
    { db: app.db, mailer: app.mailer, publicUrl: app.config.publicUrl, now: app.now, ...deps },
    options,
  );
  onTestEnd(() => notifier.stop());
  return notifier;
}

/** A job as the server stores it: always with its tracking token. */
type CreatedJob = Job & { trackingToken: string };

/**
 * A job staff create through `POST /api/jobs`: Jo Smith's 4x4 recovery on Millstream Rd, with
 * her email, unless `fields` say otherwise (`email: undefined` leaves it out).
 */
export async function createJob(
  app: TestApp,
  cookie: string,
  fields: Record<string, unknown> = {},
): Promise<CreatedJob> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/jobs',
    headers: { cookie },
    payload: {
      customerName: 'Jo Smith',
      phone: '0412 345 678',
      email: 'jo.smith@example.com',
      service: '4x4 Recovery',
      location: 'Millstream Rd',
      ...fields,
    },
  });
  expect(response.statusCode).toBe(201);
  return (response.json() as { job: CreatedJob }).job;
}

/** The first id of a block of job history ids leased to the device `clientId`. */
export async function leaseUpdateIds(
  app: TestApp,
  cookie: string,
  clientId: string,
): Promise<number> {
  const response = await syncCall(app, cookie, 'lease', { clientId, series: 'job_updates' });
  expect(response.statusCode).toBe(200);
  return (response.json() as { start: number }).start;
}
