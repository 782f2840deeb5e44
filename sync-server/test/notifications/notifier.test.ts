/**
 * The server-side customer notifications against a real SMTP server on
 * loopback: En Route and Completed emails with the tracking link, exactly once across re-pushed
 * mutations and restarts, preferences respected, failures recorded.
 */
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import type { Config } from '../../src/config';
import { startNotifier, type Notifier } from '../../src/services/notifier';
import { buildTestApp, login, onTestEnd, testConfig, type TestApp, syncCall } from '../helper';
import { startSmtp, type TestSmtp } from '../smtp';
import { createJob, leaseUpdateIds, testNotifier } from './notifier-helper';

const PUBLIC_URL = 'https://tow.example.com';
const NOW = () => new Date('2026-11-21T10:00:00.000Z');

async function appWith(
  config: Config,
): Promise<{ app: TestApp; notifier: Notifier; cookie: string }> {
  const app = await buildTestApp({ config, now: NOW });
  const notifier = testNotifier(app);
  await notifier.run();
  return { app, notifier, cookie: await login(app) };
}

async function setup(smtp: TestSmtp, env: Record<string, string> = {}) {
  const config = testConfig({ SMTP_URL: smtp.url, PUBLIC_URL, ...env });
  return { config, ...(await appWith(config)) };
}

/** The batch a device that was offline pushes when it reconnects. */
function offlineBatch(clientId: string, jobId: string, updateId: number) {
  return {
    clientId,
    mutations: [
      {
        seq: 1,
        mutationId: `${clientId}-1`,
        name: 'job.markEnRoute',
        args: { id: jobId, updateId },
        createdAt: '2026-11-21T03:00:00.000Z',
      },
    ],
  };
}

async function push(
  app: TestApp,
  cookie: string,
  batch: ReturnType<typeof offlineBatch>,
): Promise<void> {
  const response = await syncCall(app, cookie, 'push', batch);
  expect(response.statusCode).toBe(200);
}

/** The job number the customer is told; tests name jobs by their keys. */
function numberOf(app: TestApp, jobId: string): string {
  return (app.db.prepare('SELECT number FROM jobs WHERE id = ?').get(jobId) as { number: string })
    .number;
}

function notificationsOf(app: TestApp, jobId: string) {
  return app.db
    .prepare("SELECT * FROM notifications WHERE jobId = ? AND type = 'email' ORDER BY id")
    .all(jobId) as {
    status: string;
    type: string;
    event: string;
    recipientEmail: string;
    subject: string;
    error: string | null;
    sentAt: string | null;
  }[];
}

/** Gives a wrongly sent second message time to arrive before counting. */
async function settle(notifier: Notifier): Promise<void> {
  await notifier.run();
  await new Promise((resolve) => setTimeout(resolve, 200));
}

describe('job update emails', () => {
  it('emails the customer once when an offline En Route change is pushed twice', async () => {
    const smtp = await startSmtp();
    const { app, notifier, cookie } = await setup(smtp);
    const jobId = (await createJob(app, cookie)).id;
    const batch = offlineBatch(
      'cab-tablet',
      jobId,
      await leaseUpdateIds(app, cookie, 'cab-tablet'),
    );

    await push(app, cookie, batch);
    await notifier.run();
    // The device lost the answer and pushes the same batch again.
    await push(app, cookie, batch);
    await settle(notifier);

    expect(smtp.messages).toHaveLength(1);
    const mail = smtp.messages[0]!;
    expect(mail.to).toMatchObject({ text: 'jo.smith@example.com' });
    expect(mail.subject).toContain(numberOf(app, jobId));
    const link = `${PUBLIC_URL}/customer-portal?token=${tokenOf(app, jobId)}`;
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link}"`);
    expect(notificationsOf(app, jobId)).toEqual([
      expect.objectContaining({
        type: 'email',
        event: 'job_en_route',
        status: 'sent',
        recipientEmail: 'jo.smith@example.com',
        error: null,
      }),
    ]);
    expect(notificationsOf(app, jobId)[0]?.sentAt).toBe(NOW().toISOString());
  });

  it('sends once across a restart, including a change that arrived while the notifier was down', async () => {
    const smtp = await startSmtp();
    const config = testConfig({ SMTP_URL: smtp.url, PUBLIC_URL });
    const first = await appWith(config);
    const jobId = (await createJob(first.app, first.cookie)).id;
    const batch = offlineBatch(
      'cab-phone',
      jobId,
      await leaseUpdateIds(first.app, first.cookie, 'cab-phone'),
    );
    // The server stops right after the change commits, before the notifier reads it.
    await first.notifier.stop();
    await push(first.app, first.cookie, batch);
    await first.app.close();

    const second = await appWith(config);
    await second.notifier.run();
    await smtp.waitFor(1);
    await push(second.app, second.cookie, batch);
    await settle(second.notifier);
    await second.app.close();

    const third = await appWith(config);
    await settle(third.notifier);
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]?.text).toContain(`/customer-portal?token=${tokenOf(third.app, jobId)}`);
    expect(notificationsOf(third.app, jobId).map((row) => row.status)).toEqual(['sent']);
  });

  it('sends no "on the way" for a job completed offline; its history keeps the device times', async () => {
    const smtp = await startSmtp();
    let clock = new Date('2026-11-21T10:00:00.000Z');
    const app = await buildTestApp({
      config: testConfig({ SMTP_URL: smtp.url, PUBLIC_URL }),
      now: () => clock,
    });
    const notifier = testNotifier(app);
    const cookie = await login(app);
    const jobId = (await createJob(app, cookie)).id;
    const updateId = await leaseUpdateIds(app, cookie, 'owner-a');
    clock = new Date('2026-11-21T10:42:02.000Z');
    const step = (seq: number, name: string, createdAt: string, args: object = {}) => ({
      seq,
      mutationId: `owner-a-${seq}`,
      name,
      args: { id: jobId, updateId: updateId + seq, ...args },
      createdAt,
    });
    // Owner A worked the job without signal; the three steps arrive together at 10:42:02.
    await push(app, cookie, {
      clientId: 'owner-a',
      mutations: [
        step(1, 'job.markEnRoute', '2026-11-21T10:20:00.000Z'),
        step(2, 'job.startService', '2026-11-21T10:35:10.000Z'),
        step(3, 'job.complete', '2026-11-21T10:41:38.000Z', { quoteId: 'Q-2026-901' }),
      ],
    } as unknown as ReturnType<typeof offlineBatch>);
    await settle(notifier);

    expect(smtp.messages.map((mail) => mail.subject)).toEqual([
      `Job ${numberOf(app, jobId)}: completed`,
    ]);
    const history = app.db
      .prepare('SELECT status, createdAt FROM job_updates WHERE jobId = ? ORDER BY createdAt, id')
      .all(jobId);
    expect(history).toEqual([
      { status: 'Assigned', createdAt: NOW().toISOString() },
      { status: 'En Route', createdAt: '2026-11-21T10:20:00.000Z' },
      { status: 'In Progress', createdAt: '2026-11-21T10:35:10.000Z' },
      { status: 'Completed', createdAt: '2026-11-21T10:41:38.000Z' },
    ]);
  });

  it('sends a separate Completed email, and nothing for a reassignment while En Route', async () => {
    const smtp = await startSmtp();
    const { app, notifier, cookie } = await setup(smtp);
    const jobId = (await createJob(app, cookie)).id;
    const patch = (payload: Record<string, unknown>) =>
      app.inject({ method: 'PATCH', url: `/api/jobs/${jobId}`, headers: { cookie }, payload });

    expect((await patch({ status: 'En Route', progress: 25 })).statusCode).toBe(200);
    expect((await patch({ assignedTo: 'Both' })).statusCode).toBe(200);
    await notifier.run();
    expect((await patch({ status: 'Completed', progress: 100 })).statusCode).toBe(200);
    await settle(notifier);

    expect(smtp.messages.map((mail) => mail.subject)).toEqual([
      `Job ${numberOf(app, jobId)}: your driver is on the way`,
      `Job ${numberOf(app, jobId)}: completed`,
    ]);
    expect(smtp.messages[1]?.text).toContain(
      `${PUBLIC_URL}/customer-portal?token=${tokenOf(app, jobId)}`,
    );
    expect(notificationsOf(app, jobId).map((row) => [row.event, row.status])).toEqual([
      ['job_en_route', 'sent'],
      ['job_completed', 'sent'],
      // Due three hours after completion (once-each.test.ts sends it).
      ['review_request', 'pending'],
    ]);
  });

  it('respects the notification preferences and a missing email', async () => {
    const smtp = await startSmtp();
    const { app, notifier, cookie } = await setup(smtp);
    const save = async (customerEmail: string, prefs: Record<string, boolean>) => {
      const response = await app.inject({
        method: 'PUT',
        url: '/api/notification-preferences',
        headers: { cookie },
        payload: { customerEmail, ...prefs },
      });
      expect(response.statusCode).toBe(200);
    };
    await save('no-updates@example.com', { emailEnabled: true, jobUpdates: false });
    await save('no-email@example.com', { emailEnabled: false, jobUpdates: true });
    await save('Yes.Please@example.com', { emailEnabled: true, jobUpdates: true });

    const quiet = [
      (await createJob(app, cookie, { email: 'NO-UPDATES@example.com' })).id,
      (await createJob(app, cookie, { email: 'no-email@example.com' })).id,
      (await createJob(app, cookie, { email: undefined })).id,
    ];
    const wanted = (await createJob(app, cookie, { email: 'yes.please@example.com' })).id;
    for (const id of [...quiet, wanted]) {
      const response = await app.inject({
        method: 'PATCH',
        url: `/api/jobs/${id}`,
        headers: { cookie },
        payload: { status: 'En Route', progress: 25 },
      });
      expect(response.statusCode).toBe(200);
    }
    await settle(notifier);

    expect(smtp.messages.map((mail) => mail.to)).toEqual([
      expect.objectContaining({ text: 'yes.please@example.com' }),
    ]);
    for (const id of quiet) expect(notificationsOf(app, id)).toEqual([]);
  });

  it('records a failed send with its error', async () => {
    // A port nothing listens on: the SMTP connection is refused.
    const { app, notifier, cookie } = await appWith(
      testConfig({ SMTP_URL: 'smtp://127.0.0.1:9', PUBLIC_URL }),
    );
    const jobId = (await createJob(app, cookie)).id;
    const response = await app.inject({
      method: 'PATCH',
      url: `/api/jobs/${jobId}`,
      headers: { cookie },
      payload: { status: 'En Route', progress: 25 },
    });
    expect(response.statusCode).toBe(200);
    await notifier.run();

    const [row] = notificationsOf(app, jobId);
    expect(row).toMatchObject({ status: 'failed', event: 'job_en_route', sentAt: null });
    expect(row?.error).toMatch(/ECONNREFUSED|connect/i);
  });

  it('does not mail jobs that were already En Route before the first start', async () => {
    const smtp = await startSmtp();
    const config = testConfig({ SMTP_URL: smtp.url, PUBLIC_URL });
    const app = await buildTestApp({ config, now: NOW });
    const cookie = await login(app);
    const jobId = (await createJob(app, cookie)).id;
    const patched = await app.inject({
      method: 'PATCH',
      url: `/api/jobs/${jobId}`,
      headers: { cookie },
      payload: { status: 'En Route', progress: 25 },
    });
    expect(patched.statusCode).toBe(200);
    const notifier = testNotifier(app, { publicUrl: PUBLIC_URL, now: NOW });
    await settle(notifier);
    expect(smtp.messages).toHaveLength(0);
  });

  it('startNotifier runs on its own after each commit and stops with the app', async () => {
    const smtp = await startSmtp();
    const app = await buildApp(testConfig({ SMTP_URL: smtp.url, PUBLIC_URL }), {
      logger: false,
      now: NOW,
    });
    onTestEnd(() => app.close());
    startNotifier(app);
    await app.ready();
    const cookie = await login(app);
    const jobId = (await createJob(app, cookie)).id;
    await app.inject({
      method: 'PATCH',
      url: `/api/jobs/${jobId}`,
      headers: { cookie },
      payload: { status: 'En Route', progress: 25 },
    });

    const [mail] = await smtp.waitFor(1);
    expect(mail?.text).toContain(`${PUBLIC_URL}/customer-portal?token=${tokenOf(app, jobId)}`);
    await expect.poll(() => notificationsOf(app, jobId).map((row) => row.status)).toEqual(['sent']);
    // Closing stops the notifier first (preClose), so no run touches the closed database.
    await app.close();
    expect(app.db.open).toBe(false);
  });
});

/** The tracking token the server stored for a job (its emails link with it, never the id). */
function tokenOf(app: TestApp, jobId: string): string {
  const row = app.db.prepare('SELECT trackingToken FROM jobs WHERE id = ?').get(jobId) as
    { trackingToken: string } | undefined;
  if (!row) throw new Error(`No job ${jobId}`);
  return row.trackingToken;
}
