/**
 * Every message a customer gets about one job arrives exactly once, over a
 * real SMTP server on loopback: the booking approval, En Route, Completed and, three hours on,
 * the review request, while the status changes come from a device that was offline, through
 * the real sync socket, with a batch delivered twice (the device lost the answer) and the
 * server restarted between a change and its send.
 */
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { REVIEW_REQUEST_DELAY_MS, feedbackUrl } from '@pilbara/shared-schema';
import type { Config } from '../../src/config';
import type { Notifier } from '../../src/services/notifier';
import { buildTestApp, login, onTestEnd, testConfig, type TestApp } from '../helper';
import { bookingBody, feedbackBody } from '../fixtures';
import { startSmtp } from '../smtp';
import { createJob, testNotifier } from './notifier-helper';

const PUBLIC_URL = 'https://tow.example.com';
type Message = Record<string, unknown>;

/** The server's clock, moved by the test (shared by every run of the server). */
let clock = new Date();
const now = () => clock;

async function serverOn(config: Config) {
  const app = await buildTestApp({ config, now });
  const notifier: Notifier = testNotifier(
    app,
    { publicUrl: PUBLIC_URL, now, push: app.push },
    { pollMs: 60_000, afterChangeMs: 60_000 },
  );
  await notifier.run();
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, notifier, cookie: await login(app) };
}

/** A staff device's sync socket: sends a message, reads the answer of a type. */
async function deviceSocket(app: TestApp, cookie: string) {
  const { port } = app.server.address() as { port: number };
  const socket = new WebSocket(`ws://127.0.0.1:${port}/api/sync/ws`, { headers: { cookie } });
  const queue: Message[] = [];
  const waiters: (() => void)[] = [];
  socket.on('message', (data) => {
    queue.push(JSON.parse(String(data)) as Message);
    waiters.splice(0).forEach((wake) => wake());
  });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  onTestEnd(() => socket.close());
  const answer = async (message: Message, type: string): Promise<Message> => {
    socket.send(JSON.stringify(message));
    for (;;) {
      const index = queue.findIndex((queued) => queued.type === type);
      if (index >= 0) return queue.splice(index, 1)[0]!;
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  };
  await answer(
    {
      type: 'hello',
      protocolVersion: 1,
      schemaVersion: 1,
      clientId: 'cab-phone',
      cursor: 0,
      ackedSeq: 0,
    },
    'changes',
  );
  return {
    answer,
    close: () =>
      new Promise<void>((resolve) => {
        socket.once('close', () => resolve());
        socket.close();
      }),
  };
}

describe('one job, one message of each kind', () => {
  it('sends approval, En Route, Completed and the review request once each', async () => {
    clock = new Date();
    const smtp = await startSmtp();
    const config = testConfig({ SMTP_URL: smtp.url, PUBLIC_URL });
    let server = await serverOn(config);

    // A guest books; the office approves: the approval email names the job.
    const booked = await server.app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: bookingBody({ email: 'chris@example.com' }),
    });
    expect(booked.statusCode).toBe(201);
    const approved = await server.app.inject({
      method: 'POST',
      url: `/api/bookings/${booked.json().id}/approve`,
      headers: { cookie: server.cookie },
    });
    expect(approved.statusCode).toBe(200);
    const jobId: string = approved.json().job.id;
    // The customer is told the job's number, not its key.
    const jobNumber: string = approved.json().job.number;
    await server.notifier.run();

    // The driver's phone worked offline: it holds its id blocks and its queued step.
    let device = await deviceSocket(server.app, server.cookie);
    const updates = await device.answer(
      { type: 'lease-request', clientId: 'cab-phone', series: 'job_updates' },
      'lease-grant',
    );
    const quotes = await device.answer(
      { type: 'lease-request', clientId: 'cab-phone', series: `Q-${jobId.slice(4, 8)}` },
      'lease-grant',
    );
    const step = (seq: number, name: string, args: object = {}) => ({
      seq,
      mutationId: `cab-phone-${seq}`,
      name,
      args: { id: jobId, updateId: (updates.start as number) + seq, ...args },
      createdAt: clock.toISOString(),
    });
    const enRoute = {
      type: 'push',
      clientId: 'cab-phone',
      mutations: [step(1, 'job.markEnRoute')],
    };

    // Signal returns: the batch goes up, the answer is lost, the phone sends it again.
    expect((await device.answer(enRoute, 'results')).lastSeq).toBe(1);
    await device.close();
    device = await deviceSocket(server.app, server.cookie);
    expect((await device.answer(enRoute, 'results')).lastSeq).toBe(1);
    await server.notifier.run();

    // Later, again offline, the job is started and completed; the batch arrives, and the server
    // stops before its notifier reads it.
    const done = {
      type: 'push',
      clientId: 'cab-phone',
      mutations: [
        step(2, 'job.startService'),
        step(3, 'job.complete', { quoteId: `Q-${jobId.slice(4, 8)}-${quotes.start as number}` }),
      ],
    };
    await server.notifier.stop();
    expect((await device.answer(done, 'results')).lastSeq).toBe(3);
    await device.close();
    await server.app.close();

    // After the restart the completion goes out; the phone, unsure, sends the batch again.
    server = await serverOn(config);
    device = await deviceSocket(server.app, server.cookie);
    expect((await device.answer(done, 'results')).lastSeq).toBe(3);
    await server.notifier.run();
    await server.notifier.run();
    const subjects = () => smtp.messages.map((mail) => mail.subject);
    // The booking's own confirmation (its reference and tracking link) came first.
    const received = expect.stringMatching(/^Booking BKG-\d{4}-\d+ received$/);
    expect(subjects()).toEqual([
      received,
      `Booking confirmed: job ${jobNumber}`,
      `Job ${jobNumber}: your driver is on the way`,
      `Job ${jobNumber}: completed`,
    ]);

    // Not before three hours; then once, linking to the feedback page for the job.
    clock = new Date(clock.getTime() + REVIEW_REQUEST_DELAY_MS - 60_000);
    await server.notifier.run();
    expect(smtp.messages).toHaveLength(4);
    clock = new Date(clock.getTime() + 120_000);
    await server.notifier.run();
    await server.notifier.run();
    await server.app.close();
    server = await serverOn(config);
    await server.notifier.run();
    await new Promise((resolve) => setTimeout(resolve, 200));

    expect(subjects()).toEqual([
      received,
      `Booking confirmed: job ${jobNumber}`,
      `Job ${jobNumber}: your driver is on the way`,
      `Job ${jobNumber}: completed`,
      `How did we go with job ${jobNumber}?`,
    ]);
    for (const mail of smtp.messages) expect(mail.to).toMatchObject({ text: 'chris@example.com' });
    // The link opens that job's review form with its tracking token: nothing to type.
    const review = smtp.messages[4]!;
    // It names the job by its number, as the customer knows it.
    const { trackingToken } = server.app.db
      .prepare('SELECT trackingToken FROM jobs WHERE id = ?')
      .get(jobId) as { trackingToken: string };
    const link = feedbackUrl(PUBLIC_URL, jobNumber, trackingToken);
    expect(link).toContain(`&token=${trackingToken}`);
    expect(review.text).toContain(link);
    expect(review.html).toContain(`href="${link.replace('&', '&amp;')}"`);
    const rows = server.app.db
      .prepare('SELECT event, status FROM notifications WHERE jobId = ? ORDER BY id')
      .all(jobId);
    expect(rows).toEqual([
      { event: 'booking_approved', status: 'sent' },
      { event: 'job_en_route', status: 'sent' },
      { event: 'job_completed', status: 'sent' },
      { event: 'review_request', status: 'sent' },
    ]);
  });

  it('sends no review request to a customer who reviewed the job first', async () => {
    clock = new Date();
    const smtp = await startSmtp();
    const { app, notifier, cookie } = await serverOn(
      testConfig({ SMTP_URL: smtp.url, PUBLIC_URL }),
    );
    const created = await createJob(app, cookie, { email: 'jo@example.com' });
    const jobId = created.id;
    const jobNumber = created.number;
    const completed = await app.inject({
      method: 'PATCH',
      url: `/api/jobs/${jobId}`,
      headers: { cookie },
      payload: { status: 'Completed', progress: 100 },
    });
    expect(completed.statusCode).toBe(200);
    await notifier.run();
    const reviewed = await app.inject({
      method: 'POST',
      url: '/api/feedback',
      payload: { ...feedbackBody(jobId), phone: '0412 345 678' },
    });
    expect(reviewed.statusCode, reviewed.body).toBe(201);

    clock = new Date(clock.getTime() + REVIEW_REQUEST_DELAY_MS + 1000);
    await notifier.run();
    expect(smtp.messages.map((mail) => mail.subject)).toEqual([`Job ${jobNumber}: completed`]);
    const row = app.db
      .prepare(
        "SELECT status, error FROM notifications WHERE jobId = ? AND event = 'review_request'",
      )
      .get(jobId);
    expect(row).toEqual({
      status: 'failed',
      error: 'Not sent: the customer had already reviewed this job',
    });
  });
});
