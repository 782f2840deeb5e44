/**
 * Text messages to the customer, sent through the real Twilio SDK to a local
 * stand-in of Twilio's Messaging API (fake-twilio.ts), with the real notifier, the real sync
 * push path and a real restart on the same SQLite file:
 *
 * - each event sends exactly one text with the right words and link, and a replayed sync batch
 *   and a restart send nothing more;
 * - an opted-out number gets nothing (STOP through the signed webhook, or the tracking page);
 *   an unsigned or wrongly signed STOP changes nothing;
 * - the hourly caps answer as the README says; a provider failure is retried with back-off and
 *   then shown to staff with the provider's reason, never lost, never repeated; staff resend.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  SMS_NOT_SENT,
  SMS_RETRY_DELAYS_MS,
  checkoutPath,
  feedbackUrl,
  MESSAGES,
  formatCents,
  smsText,
  trackingUrl,
  type JobMessage,
  type SmsEvent,
  type SmsFacts,
} from '@pilbara/shared-schema';
import type { Config } from '../../src/config';
import { createNotifier, notifierDepsOf, type Notifier } from '../../src/services/notifier';
import { claimJobEvents } from '../../src/services/job-event-claims';
import { payLinkToken } from '../../src/db/repositories/pay-links';
import { applyServerMutation } from '../../src/sync/server-apply';
import { buildTestApp, login, onTestEnd, testConfig, type TestApp, syncCall } from '../helper';
import { bookingBody } from '../fixtures';
import {
  TWILIO_FROM,
  TWILIO_SID,
  TWILIO_TOKEN,
  inboundTextFields,
  startFakeTwilio,
  twilioSignature,
  type FakeTwilio,
} from './fake-twilio';

const PUBLIC_URL = 'https://tow.example.com';
const BUSINESS = 'Pilbara Towing & Recovery';
const PHONE = '0423 456 701';
const E164 = '+61423456701';

/** The server's clock, moved by the tests. */
let clock = new Date();
const now = () => clock;

/** The stand-in of the running test: inbound texts are received through it. */
let currentFake: FakeTwilio | null = null;

async function stand(): Promise<FakeTwilio> {
  const fake = await startFakeTwilio();
  onTestEnd(() => fake.close());
  currentFake = fake;
  onTestEnd(() => {
    currentFake = null;
  });
  return fake;
}

function twilioConfig(fake: FakeTwilio, env: Record<string, string> = {}): Config {
  return testConfig({
    PUBLIC_URL,
    SMS_PROVIDER: 'twilio',
    TWILIO_ACCOUNT_SID: TWILIO_SID,
    TWILIO_AUTH_TOKEN: TWILIO_TOKEN,
    SMS_FROM: TWILIO_FROM,
    TWILIO_API_BASE: fake.url,
    ...env,
  });
}

/**
 * The notifier of `app` for the customers' texts alone: the staff alerts a booking also causes
 * (texts to whoever is on call, by the hour of the real clock) have their own tests
 * (staff-alerts.test.ts).
 */
function customerDeps(app: TestApp) {
  return { ...notifierDepsOf(app), staff: undefined };
}

async function serverOn(config: Config) {
  const app = await buildTestApp({ config, now });
  // Runs only when the test says, so each step's texts can be counted.
  const notifier: Notifier = createNotifier(customerDeps(app), {
    pollMs: 600_000,
    afterChangeMs: 600_000,
  });
  onTestEnd(() => notifier.stop());
  await notifier.run();
  return { app, notifier, cookie: await login(app) };
}

function expected(event: SmsEvent, facts: Omit<SmsFacts, 'business'>): string {
  return smsText(event, { ...facts, business: BUSINESS }).text;
}

async function book(app: TestApp, overrides: Record<string, unknown> = {}) {
  const booked = await app.inject({
    method: 'POST',
    url: '/api/bookings',
    payload: bookingBody({ phone: PHONE, ...overrides }),
  });
  expect(booked.statusCode, booked.body).toBe(201);
  return booked.json() as { id: string; trackingToken: string };
}

async function messagesOf(app: TestApp, cookie: string, jobId: string): Promise<JobMessage[]> {
  const answer = await app.inject({
    method: 'GET',
    url: `/api/jobs/${jobId}/messages`,
    headers: { cookie },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return (answer.json() as { messages: JobMessage[] }).messages;
}

function textRows(app: TestApp) {
  return app.db
    .prepare(
      "SELECT event, status, error, attempts FROM notifications WHERE type = 'sms' ORDER BY id",
    )
    .all() as { event: string; status: string; error: string | null; attempts: number }[];
}

/** Posts an inbound text to the webhook, signed with `token` (or not signed at all). */
/** Texts a customer sends in a test are seconds apart, as the provider's times (to the second) say. */
let inboundTexts = 0;

function inbound(app: TestApp, from: string, body: string, token: string | null) {
  inboundTexts += 1;
  const sentAt = new Date(Date.now() - 600_000 + inboundTexts * 2_000);
  const fields = currentFake?.receive(from, body, sentAt) ?? inboundTextFields(from, body);
  const url = `${PUBLIC_URL}/api/sms/inbound`;
  return app.inject({
    method: 'POST',
    url: '/api/sms/inbound',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(token ? { 'x-twilio-signature': twilioSignature(token, url, fields) } : {}),
    },
    payload: new URLSearchParams(fields).toString(),
  });
}

describe('texts to the customer, once each', () => {
  it('sends each event once with its words and link; a replayed batch and a restart send nothing more', async () => {
    clock = new Date();
    const fake = await stand();
    const config = twilioConfig(fake);
    let server = await serverOn(config);

    // Booked from the roadside near Roebourne: the reference and the tracking link.
    const { id: bookingId, trackingToken } = await book(server.app, {
      location: 'Roebourne Visitor Centre, Roebourne',
    });
    const link = trackingUrl(PUBLIC_URL, trackingToken);
    await server.notifier.run();
    expect(fake.received).toEqual([
      expect.objectContaining({
        to: E164,
        from: TWILIO_FROM,
        body: expected('booking_received', { reference: bookingId, link }),
      }),
    ]);
    expect(fake.received[0]!.body).toContain(bookingId);
    expect(fake.received[0]!.body).toContain(link);

    // Approved: the job id, the same link.
    const approved = await server.app.inject({
      method: 'POST',
      url: `/api/bookings/${bookingId}/approve`,
      headers: { cookie: server.cookie },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    // The job's key links its rows; the customer reads its number.
    const jobId: string = approved.json().job.id;
    const jobNumber: string = approved.json().job.number;
    await server.notifier.run();

    // The driver's phone sends its batch (take the job, set an estimate by hand, set off) twice:
    // the answer to the first was lost. Setting off clears the estimate set by hand, so the text
    // gives the shared rule's: 31.5 km from the Karratha depot at 70 km/h.
    const lease = await syncCall(server.app, server.cookie, 'lease', {
      clientId: 'cab-phone',
      series: 'job_updates',
    });
    const start = (lease.json() as { start: number }).start;
    const mutation = (seq: number, name: string, args: object) => ({
      seq,
      mutationId: `cab-phone-${seq}`,
      name,
      args,
      createdAt: clock.toISOString(),
    });
    const batch = {
      clientId: 'cab-phone',
      mutations: [
        mutation(1, 'job.reassign', { id: jobId, updateId: start, assignedTo: 'Sam Taylor' }),
        mutation(2, 'job.setArrival', { id: jobId, estimate: '25 minutes' }),
        mutation(3, 'job.markEnRoute', { id: jobId, updateId: start + 1 }),
      ],
    };
    for (let round = 0; round < 2; round += 1) {
      const pushed = await syncCall(server.app, server.cookie, 'push', batch);
      expect(pushed.json()).toMatchObject({ lastSeq: 3 });
      await server.notifier.run();
    }

    // Completed, then the server restarts before its notifier reads the change.
    await server.notifier.stop();
    const completed = await server.app.inject({
      method: 'PATCH',
      url: `/api/jobs/${jobId}`,
      headers: { cookie: server.cookie },
      payload: { status: 'Completed', progress: 100 },
    });
    expect(completed.statusCode, completed.body).toBe(200);
    await server.app.close();
    server = await serverOn(config);
    await server.notifier.run();

    // The automatic quote goes to the customer, who pays it in cash on site.
    const quote = server.app.db
      .prepare('SELECT id, number, finalPrice FROM quotes WHERE jobId = ?')
      .get(jobId) as { id: string; number: string; finalPrice: number };
    const sent = await server.app.inject({
      method: 'POST',
      url: `/api/quotes/${quote.id}/send-email`,
      headers: { cookie: server.cookie },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await server.notifier.run();
    const paid = await server.app.inject({
      method: 'POST',
      url: `/api/quotes/${quote.id}/record-payment`,
      headers: { cookie: server.cookie },
      payload: { method: 'cash' },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const invoiceKey: string = paid.json().invoice.id;
    const invoiceNumber: string = paid.json().invoice.number;
    await server.notifier.run();

    // Part of it is credited and paid back: money out is not a payment received, so
    // no text (the credit note's email tells the customer).
    const staff = (name: string, args: object) => {
      const outcome = applyServerMutation(server.app.db, name, args, 1, clock.toISOString());
      expect(outcome.ok, outcome.ok ? '' : outcome.message).toBe(true);
    };
    staff('creditNote.issue', {
      id: 'CN-2026-P1',
      invoiceId: invoiceKey,
      amount: 1000,
      reason: 'Call-out fee waived',
    });
    staff('invoice.recordRefund', {
      invoiceId: invoiceKey,
      refundId: 900_001,
      method: 'cash',
      amount: 1000,
    });
    await server.notifier.run();

    // Everything again: the batch, the runs, another restart.
    await syncCall(server.app, server.cookie, 'push', batch);
    await server.notifier.run();
    await server.app.close();
    server = await serverOn(config);
    await server.notifier.run();
    await server.notifier.run();

    const payUrl = `${PUBLIC_URL}${checkoutPath(quote.number, payLinkToken(server.app.db, server.app.payLinkKey, quote.id))}`;
    expect(fake.received.map((text) => text.body)).toEqual([
      expected('booking_received', { reference: bookingId, link }),
      expected('booking_approved', { reference: jobNumber, link }),
      expected('job_en_route', {
        reference: jobNumber,
        link,
        driverFirstName: 'Sam',
        arrival: 'about 27 min',
      }),
      expected('job_completed', {
        reference: jobNumber,
        link,
        reviewLink: feedbackUrl(PUBLIC_URL, jobNumber, trackingToken),
      }),
      expected('quote_sent', {
        reference: quote.number,
        link: payUrl,
        amount: formatCents(quote.finalPrice),
      }),
      expected('payment_received', {
        reference: invoiceNumber,
        link,
        amount: formatCents(quote.finalPrice),
      }),
    ]);
    expect(fake.received.every((text) => text.to === E164)).toBe(true);
    expect(fake.received[2]!.body).toContain('Sam is on the way for job');
    expect(fake.received[2]!.body).toContain('ETA about 27 min');
    expect(fake.received[3]!.body).toContain(feedbackUrl(PUBLIC_URL, jobNumber, trackingToken));
    expect(fake.received.some((text) => text.body.includes(jobId) && jobId !== jobNumber)).toBe(
      false,
    );
    expect(fake.received[4]!.body).toContain(payUrl);
    expect(fake.received[5]!.body).toContain(formatCents(quote.finalPrice));

    // The office sees each one on the job: time, channel, status, the provider's id recorded.
    const texts = (await messagesOf(server.app, server.cookie, jobId)).filter(
      (message) => message.type === 'sms',
    );
    expect(texts.map((text) => [text.event, text.status, text.recipient])).toEqual([
      ['booking_received', 'sent', E164],
      ['booking_approved', 'sent', E164],
      ['job_en_route', 'sent', E164],
      ['job_completed', 'sent', E164],
      ['quote_sent', 'sent', E164],
      ['payment_received', 'sent', E164],
    ]);
    for (const text of texts) {
      expect(text.sentAt).not.toBeNull();
      expect(text.segments).toBeLessThanOrEqual(2);
    }
    const sids = server.app.db
      .prepare("SELECT providerId FROM notifications WHERE type = 'sms' ORDER BY id")
      .all() as { providerId: string }[];
    expect(sids.map((row) => row.providerId)).toEqual(fake.received.map((text) => text.sid));
  });

  it('texts nothing to a number that opted out, and honours the preferences', async () => {
    clock = new Date();
    const fake = await stand();
    const { app, notifier, cookie } = await serverOn(twilioConfig(fake));

    // The customer replied STOP to an earlier text: Twilio's signed webhook.
    const stop = await inbound(app, E164, 'Stop', TWILIO_TOKEN);
    expect(stop.statusCode, stop.body).toBe(200);
    expect(stop.headers['content-type']).toMatch(/^text\/xml/);
    await book(app);
    await notifier.run();
    expect(fake.received).toEqual([]);
    expect(textRows(app)).toEqual([
      { event: 'booking_received', status: 'failed', error: SMS_NOT_SENT.optedOut, attempts: 0 },
    ]);
    // Staff cannot send it by hand either.
    const row = app.db.prepare("SELECT id FROM notifications WHERE type = 'sms'").get() as {
      id: number;
    };
    const resend = await app.inject({
      method: 'POST',
      url: `/api/notifications/${row.id}/resend`,
      headers: { cookie },
    });
    expect(resend.statusCode).toBe(409);
    expect(resend.json()).toMatchObject({ error: SMS_NOT_SENT.optedOut });

    // START from the number itself turns texts back on.
    expect((await inbound(app, E164, 'START', TWILIO_TOKEN)).statusCode).toBe(200);
    await book(app);
    await notifier.run();
    expect(fake.received).toHaveLength(1);

    // Preferences saved for this phone with texts off: nothing goes.
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/notification-preferences',
      headers: { cookie },
      payload: {
        customerEmail: 'someone@example.com',
        customerPhone: '+61 423 456 701',
        smsEnabled: false,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await book(app);
    await notifier.run();
    expect(fake.received).toHaveLength(1);
    // Job updates off but texts on: quotes still go, job news does not (README).
    await app.inject({
      method: 'PUT',
      url: '/api/notification-preferences',
      headers: { cookie },
      payload: { customerEmail: 'someone@example.com', customerPhone: PHONE, jobUpdates: false },
    });
    await book(app);
    await notifier.run();
    expect(fake.received).toHaveLength(1);
    expect(textRows(app).map((text) => text.status)).toEqual([
      'failed',
      'sent',
      'failed',
      'failed',
    ]);
  });

  it('opts out on a signed STOP only; unsigned or wrongly signed changes nothing', async () => {
    clock = new Date();
    const fake = await stand();
    const { app, notifier } = await serverOn(twilioConfig(fake));

    const unsigned = await inbound(app, E164, 'STOP', null);
    expect(unsigned.statusCode).toBe(403);
    const forged = await inbound(app, E164, 'STOP', 'someone-elses-token');
    expect(forged.statusCode).toBe(403);
    // Signed, but the fields changed on the way (another number): refused too.
    const fields = inboundTextFields('+61400000009', 'STOP');
    const tampered = await app.inject({
      method: 'POST',
      url: '/api/sms/inbound',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilioSignature(
          TWILIO_TOKEN,
          `${PUBLIC_URL}/api/sms/inbound`,
          fields,
        ),
      },
      payload: new URLSearchParams({ ...fields, From: E164 }).toString(),
    });
    expect(tampered.statusCode).toBe(403);
    expect(app.db.prepare('SELECT count(*) AS n FROM sms_opt_outs').get()).toEqual({ n: 0 });

    await book(app);
    await notifier.run();
    expect(fake.received).toHaveLength(1);

    const signed = await inbound(app, E164, 'STOP', TWILIO_TOKEN);
    expect(signed.statusCode).toBe(200);
    expect(app.db.prepare('SELECT phone, source FROM sms_opt_outs').all()).toEqual([
      { phone: E164, source: 'reply' },
    ]);
    await book(app);
    await notifier.run();
    expect(fake.received).toHaveLength(1);
  });

  it('starts texts again from the tracking page only after a stop made there', async () => {
    // The page's stop and start an hour ago; the phone's STOP below is sent minutes ago.
    clock = new Date(Date.now() - 3_600_000);
    const fake = await stand();
    const { app, notifier, cookie } = await serverOn(twilioConfig(fake));
    const { trackingToken, id: bookingId } = await book(app);
    await notifier.run();
    const url = `/api/track/${trackingToken}/sms`;
    await app.inject({ method: 'POST', url: `${url}/stop` });
    const started = await app.inject({ method: 'POST', url: `${url}/start` });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toEqual({ texts: 'on', phone: '•••701', restartable: false });
    // Texted again: the approval goes out.
    const approved = await app.inject({
      method: 'POST',
      url: `/api/bookings/${bookingId}/approve`,
      headers: { cookie },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    await notifier.run();
    expect(fake.received).toHaveLength(2);

    // A STOP the phone replied is the phone's word: the page cannot undo it.
    expect((await inbound(app, E164, 'STOP', TWILIO_TOKEN)).statusCode).toBe(200);
    const refused = await app.inject({ method: 'POST', url: `${url}/start` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: MESSAGES.SMS_STOPPED_BY_REPLY });
    expect((await app.inject({ method: 'GET', url })).json()).toEqual({
      texts: 'off',
      phone: '•••701',
      restartable: false,
    });
  });

  it('stops texts from the tracking page', async () => {
    clock = new Date();
    const fake = await stand();
    const { app, notifier } = await serverOn(twilioConfig(fake));
    const { trackingToken } = await book(app);
    await notifier.run();
    expect(fake.received).toHaveLength(1);

    const before = await app.inject({ method: 'GET', url: `/api/track/${trackingToken}/sms` });
    expect(before.json()).toEqual({ texts: 'on', phone: '•••701', restartable: false });
    const stopped = await app.inject({
      method: 'POST',
      url: `/api/track/${trackingToken}/sms/stop`,
    });
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json()).toEqual({ texts: 'off', phone: '•••701', restartable: true });
    const unknown = await app.inject({
      method: 'POST',
      url: `/api/track/${'x'.repeat(22)}/sms/stop`,
    });
    expect(unknown.statusCode).toBe(404);

    await book(app);
    await notifier.run();
    expect(fake.received).toHaveLength(1);
  });

  it('caps job texts per number and in all per hour, as documented, apart from bookings', async () => {
    clock = new Date();
    const fake = await stand();
    const { app, notifier, cookie } = await serverOn(
      twilioConfig(fake, { SMS_PER_NUMBER_PER_HOUR: '2', SMS_PER_HOUR: '3' }),
    );
    /** A job phoned in for `phone`, sent on its way: one "on the way" text each. */
    const jobOnItsWay = async (phone: string) => {
      const made = await app.inject({
        method: 'POST',
        url: '/api/jobs',
        headers: { cookie },
        payload: { customerName: 'Pat', phone, service: 'Emergency Towing', location: 'Karratha' },
      });
      expect(made.statusCode, made.body).toBe(201);
      const moved = await app.inject({
        method: 'PATCH',
        url: `/api/jobs/${made.json().job.id}`,
        headers: { cookie },
        payload: { status: 'En Route', progress: 25 },
      });
      expect(moved.statusCode, moved.body).toBe(200);
    };
    const jobTexts = () => textRows(app).filter((row) => row.event === 'job_en_route');

    // A booking's acknowledgement counts against its own budget, not the job texts'.
    await book(app, { phone: '0423 456 709' });
    for (let i = 0; i < 3; i += 1) await jobOnItsWay(PHONE);
    await notifier.run();
    expect(fake.received.map((text) => text.to)).toEqual(['+61423456709', E164, E164]);
    expect(jobTexts()[2]).toMatchObject({ status: 'failed', error: SMS_NOT_SENT.numberCap(2) });

    // Another number still gets its text, up to the cap for everyone.
    await jobOnItsWay('0423 456 702');
    await jobOnItsWay('0423 456 703');
    await notifier.run();
    expect(fake.received.map((text) => text.to)).toEqual([
      '+61423456709',
      E164,
      E164,
      '+61423456702',
    ]);
    expect(jobTexts()[4]).toMatchObject({ status: 'failed', error: SMS_NOT_SENT.globalCap(3) });

    // An hour on, staff send the capped one again by hand; it goes.
    clock = new Date(clock.getTime() + 60 * 60 * 1000 + 1000);
    const capped = app.db
      .prepare(
        "SELECT id FROM notifications WHERE type = 'sms' AND event = 'job_en_route' ORDER BY id LIMIT 1 OFFSET 4",
      )
      .get() as { id: number };
    const resend = await app.inject({
      method: 'POST',
      url: `/api/notifications/${capped.id}/resend`,
      headers: { cookie },
    });
    expect(resend.statusCode, resend.body).toBe(201);
    expect(resend.json().message).toMatchObject({ status: 'pending', resendOf: capped.id });
    // A second click while it waits sends nothing more.
    const again = await app.inject({
      method: 'POST',
      url: `/api/notifications/${capped.id}/resend`,
      headers: { cookie },
    });
    expect(again.statusCode).toBe(409);
    await notifier.run();
    expect(fake.received.map((text) => text.to)).toEqual([
      '+61423456709',
      E164,
      E164,
      '+61423456702',
      '+61423456703',
    ]);
  });

  it('retries a provider failure with back-off, then shows staff the reason; never sends twice', async () => {
    clock = new Date();
    const fake = await stand();
    const { app, notifier, cookie } = await serverOn(twilioConfig(fake));

    // Twilio is down twice, then takes it.
    fake.failNext({ status: 503, code: 20503, message: 'Service Unavailable' }, 2);
    await book(app);
    await notifier.run();
    expect(fake.received).toHaveLength(0);
    expect(textRows(app)).toEqual([expect.objectContaining({ status: 'pending', attempts: 1 })]);
    expect(textRows(app)[0]!.error).toContain('Twilio error 20503 (HTTP 503)');
    // Not before its time.
    clock = new Date(clock.getTime() + SMS_RETRY_DELAYS_MS[0] - 1000);
    await notifier.run();
    expect(textRows(app)[0]).toMatchObject({ attempts: 1 });
    clock = new Date(clock.getTime() + 2000);
    await notifier.run();
    expect(textRows(app)[0]).toMatchObject({ status: 'pending', attempts: 2 });
    clock = new Date(clock.getTime() + SMS_RETRY_DELAYS_MS[1]);
    await notifier.run();
    await notifier.run();
    expect(fake.received).toHaveLength(1);
    expect(textRows(app)[0]).toMatchObject({ status: 'sent', attempts: 3, error: null });

    // A refusal (not a number Twilio can text) is not retried: failed with Twilio's reason.
    fake.failNext({
      status: 400,
      code: 21610,
      message: 'Attempt to send to unsubscribed recipient',
    });
    const { id: bookingId } = await book(app, { phone: '0423 456 799' });
    await notifier.run();
    clock = new Date(clock.getTime() + 2 * 60 * 60 * 1000);
    await notifier.run();
    const failed = textRows(app)[1]!;
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
    expect(failed.error).toBe(
      'Twilio error 21610 (HTTP 400): Attempt to send to unsubscribed recipient',
    );

    // Down for every retry: failed after the last, with the reason, sent never.
    fake.failNext(
      { status: 500, code: 20500, message: 'Internal Server Error' },
      SMS_RETRY_DELAYS_MS.length + 1,
    );
    await book(app, { phone: '0423 456 798' });
    for (let i = 0; i <= SMS_RETRY_DELAYS_MS.length; i += 1) {
      await notifier.run();
      clock = new Date(clock.getTime() + 2 * 60 * 60 * 1000);
    }
    await notifier.run();
    expect(textRows(app)[2]).toMatchObject({
      status: 'failed',
      attempts: SMS_RETRY_DELAYS_MS.length + 1,
      error: 'Twilio error 20500 (HTTP 500): Internal Server Error',
    });
    expect(fake.received).toHaveLength(1);

    // The office sees the refusal on the approved job, and resends it by hand.
    const approved = await app.inject({
      method: 'POST',
      url: `/api/bookings/${bookingId}/approve`,
      headers: { cookie },
    });
    const jobId: string = approved.json().job.id;
    await notifier.run();
    const history = await messagesOf(app, cookie, jobId);
    const refused = history.find((message) => message.event === 'booking_received')!;
    expect(refused).toMatchObject({
      type: 'sms',
      status: 'failed',
      error: 'Twilio error 21610 (HTTP 400): Attempt to send to unsubscribed recipient',
    });
    const resend = await app.inject({
      method: 'POST',
      url: `/api/notifications/${refused.id}/resend`,
      headers: { cookie },
    });
    expect(resend.statusCode).toBe(201);
    await notifier.run();
    expect(fake.received.map((text) => text.to)).toEqual([E164, '+61423456799', '+61423456799']);
    // The approval went; then the refused booking text, word for word.
    expect(fake.received[2]!.body).toBe(refused.message);
  });

  it('never resends a text a stopped server was sending; an unreachable provider is retried', async () => {
    clock = new Date();
    const fake = await stand();
    const config = twilioConfig(fake);
    let server = await serverOn(config);
    await book(server.app);
    // The claim is made, and the process dies while Twilio is being asked.
    claimJobEvents(customerDeps(server.app));
    const marked = server.app.db
      .prepare("UPDATE notifications SET status = 'sending', attempts = 1 WHERE type = 'sms'")
      .run();
    expect(marked.changes).toBe(1);
    await server.app.close();
    server = await serverOn(config);
    await server.notifier.run();
    expect(fake.received).toHaveLength(0);
    expect(textRows(server.app)).toEqual([
      expect.objectContaining({ status: 'failed', error: SMS_NOT_SENT.interrupted }),
    ]);

    // Twilio cannot be reached at all: certainly not taken, so it is tried again later.
    await fake.close();
    await book(server.app, { phone: '0423 456 797' });
    await server.notifier.run();
    expect(textRows(server.app)[1]).toMatchObject({ status: 'pending', attempts: 1 });
    expect(textRows(server.app)[1]!.error).toContain('Could not reach Twilio (ECONNREFUSED)');
  });

  it('refuses a wrong auth token as Twilio does, and shows why', async () => {
    clock = new Date();
    const fake = await stand();
    const { app, notifier } = await serverOn(
      twilioConfig(fake, { TWILIO_AUTH_TOKEN: 'not-the-right-token' }),
    );
    await book(app);
    await notifier.run();
    expect(fake.received).toHaveLength(0);
    expect(fake.unauthorised).toBe(1);
    expect(textRows(app)).toEqual([
      expect.objectContaining({
        status: 'failed',
        error: 'Twilio error 20003 (HTTP 401): Authenticate',
      }),
    ]);
  });

  it('writes each text to the outbox when no provider is set, and refuses the webhook', async () => {
    clock = new Date();
    const config = testConfig({ PUBLIC_URL });
    const { app, notifier } = await serverOn(config);
    const { id, trackingToken } = await book(app);
    await notifier.run();
    const outbox = path.join(config.dataDir, 'outbox');
    const files = fs.readdirSync(outbox).filter((name) => name.includes('-sms-'));
    expect(files).toHaveLength(1);
    const written = fs.readFileSync(path.join(outbox, files[0]!), 'utf8');
    expect(written).toContain(`To: ${E164}`);
    expect(written).toContain('Segments: 2 (GSM-7');
    expect(written).toContain(
      expected('booking_received', { reference: id, link: trackingUrl(PUBLIC_URL, trackingToken) }),
    );
    expect(textRows(app)).toEqual([expect.objectContaining({ status: 'sent' })]);
    expect((await inbound(app, E164, 'STOP', TWILIO_TOKEN)).statusCode).toBe(503);
  });

  it('keeps the messages to admins', async () => {
    clock = new Date();
    const { app, cookie } = await serverOn(testConfig({ PUBLIC_URL }));
    const guest = await app.inject({ method: 'GET', url: '/api/jobs/JOB-2026-1/messages' });
    expect(guest.statusCode).toBe(401);
    const unknown = await app.inject({
      method: 'GET',
      url: '/api/jobs/JOB-2026-999/messages',
      headers: { cookie },
    });
    expect(unknown.statusCode).toBe(404);
    const resendGuest = await app.inject({ method: 'POST', url: '/api/notifications/1/resend' });
    expect(resendGuest.statusCode).toBe(401);
  });
});
