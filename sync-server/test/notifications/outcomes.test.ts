/**
 * The loops a customer opens, closed: a booking confirmed by email when it comes in, a booking
 * staff decline and a job they cancel, each told to the customer once by text and email with the
 * reason and the business's phone, through the real notifier, Twilio's stand-in, a real SMTP
 * server on loopback and a restart on the same SQLite file. The tracking link says so too.
 */
import { describe, expect, it } from 'vitest';
import {
  OUTCOME_TEXT,
  bookingDeclinedEmail,
  jobCancelledEmail,
  smsText,
  trackingUrl,
  type TrackResponse,
} from '@pilbara/shared-schema';
import type { Config } from '../../src/config';
import { createNotifier, notifierDepsOf, type Notifier } from '../../src/services/notifier';
import { buildTestApp, login, onTestEnd, signedIn, syncCall, testConfig } from '../helper';
import { bookingBody } from '../fixtures';
import { startSmtp, type TestSmtp } from '../smtp';
import {
  TWILIO_FROM,
  TWILIO_SID,
  TWILIO_TOKEN,
  startFakeTwilio,
  type FakeTwilio,
} from './fake-twilio';

const PUBLIC_URL = 'https://tow.example.com';
const BUSINESS = 'Pilbara Towing & Recovery';
const MAIN_PHONE = '0412 000 111';
const CUSTOMER = '+61423456701';

async function stands() {
  const twilio = await startFakeTwilio();
  onTestEnd(() => twilio.close());
  return { twilio, smtp: await startSmtp() };
}

function configOf(stand: { twilio: FakeTwilio; smtp: TestSmtp }): Config {
  return testConfig({
    PUBLIC_URL,
    SMTP_URL: stand.smtp.url,
    SMS_PROVIDER: 'twilio',
    TWILIO_ACCOUNT_SID: TWILIO_SID,
    TWILIO_AUTH_TOKEN: TWILIO_TOKEN,
    SMS_FROM: TWILIO_FROM,
    TWILIO_API_BASE: stand.twilio.url,
    OWNER1_PHONE: MAIN_PHONE,
  });
}

async function serverOn(config: Config) {
  const app = await buildTestApp({ config });
  // The customers' messages alone: staff alerts have their own test (staff-alerts.test.ts).
  const notifier: Notifier = createNotifier(
    { ...notifierDepsOf(app), staff: undefined },
    { pollMs: 600_000, afterChangeMs: 600_000 },
  );
  onTestEnd(() => notifier.stop());
  await notifier.run();
  return { app, notifier, cookie: await login(app) };
}

function toCustomer(twilio: FakeTwilio) {
  return twilio.received.filter((text) => text.to === CUSTOMER).map((text) => text.body);
}

describe('a declined booking and a cancelled job reach the customer once', () => {
  it('confirms a booking by email, then tells the customer once that it was declined and why', async () => {
    const stand = await stands();
    const config = configOf(stand);
    let server = await serverOn(config);
    const booked = await server.app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: bookingBody(),
    });
    const { id, trackingToken } = booked.json() as { id: string; trackingToken: string };
    await server.notifier.run();
    const [confirmation] = await stand.smtp.waitFor(1);
    const link = trackingUrl(PUBLIC_URL, trackingToken);
    expect(confirmation?.subject).toBe(`Booking ${id} received`);
    expect(confirmation?.text).toContain(link);
    expect(confirmation?.html).toContain(`href="${link}"`);

    const admin = signedIn(server.app, server.cookie);
    const bad = await admin.post(`/api/bookings/${id}/decline`, { reason: 'no' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      fields: { reason: 'Give a reason (at least 3 characters)' },
    });
    const reason = 'Outside our service area';
    const declined = await admin.post(`/api/bookings/${id}/decline`, { reason });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toMatchObject({
      booking: { status: 'declined', declineReason: reason, acknowledgedBy: 'Admin' },
    });
    // Declining again is refused and changes nothing.
    const again = await admin.post(`/api/bookings/${id}/decline`, { reason: 'Duplicate booking' });
    expect(again.statusCode).toBe(409);
    await server.notifier.run();
    await server.notifier.run();
    await server.app.close();
    server = await serverOn(config);
    await server.notifier.run();

    await stand.smtp.waitFor(2);
    expect(stand.smtp.messages).toHaveLength(2);
    const words = bookingDeclinedEmail({
      reference: id,
      service: 'Jump Start Service',
      reason,
      phone: MAIN_PHONE,
    });
    expect(stand.smtp.messages[1]?.subject).toBe(words.subject);
    expect(stand.smtp.messages[1]?.text).toContain(words.news);
    expect(toCustomer(stand.twilio)).toEqual([
      smsText('booking_received', { business: BUSINESS, reference: id, link }).text,
      smsText('booking_declined', {
        business: BUSINESS,
        reference: id,
        link,
        reason,
        phone: MAIN_PHONE,
      }).text,
    ]);
    expect(toCustomer(stand.twilio)[1]).toContain(`${reason}. Please call us on ${MAIN_PHONE}`);

    // The tracking link shows the booking declined, with the reason; it cannot be approved.
    const track = await server.app.inject({ method: 'GET', url: `/api/track/${trackingToken}` });
    expect((track.json() as TrackResponse & { booking: object }).booking).toMatchObject({
      status: 'declined',
      declineReason: reason,
    });
    expect(OUTCOME_TEXT.declinedNews(reason, MAIN_PHONE)).toContain(reason);
    const approve = await signedIn(server.app, server.cookie).post(
      `/api/bookings/${id}/approve`,
      {},
    );
    expect(approve.statusCode).toBe(409);
  });

  it('tells the customer once when a job cancelled offline syncs, however often it is sent', async () => {
    const stand = await stands();
    const config = configOf(stand);
    let server = await serverOn(config);
    const created = await signedIn(server.app, server.cookie).post('/api/jobs', {
      customerName: 'Jo Smith',
      phone: '0423 456 701',
      email: 'jo.smith@example.com',
      service: '4x4 Recovery',
      location: 'Millstream Rd',
    });
    expect(created.statusCode, created.body).toBe(201);
    const job = (created.json() as { job: { id: string; number: string; trackingToken: string } })
      .job;
    await server.notifier.run();

    const lease = await syncCall(server.app, server.cookie, 'lease', {
      clientId: 'cab-phone',
      series: 'job_updates',
    });
    const reason = 'Customer cancelled';
    const batch = {
      clientId: 'cab-phone',
      mutations: [
        {
          seq: 1,
          mutationId: 'cab-phone-cancel-1',
          name: 'job.cancel',
          args: { id: job.id, updateId: (lease.json() as { start: number }).start, reason },
          createdAt: new Date().toISOString(),
        },
      ],
    };
    for (let sent = 0; sent < 2; sent += 1) {
      const pushed = await syncCall(server.app, server.cookie, 'push', batch);
      expect(pushed.statusCode, pushed.body).toBe(200);
      await server.notifier.run();
    }
    await server.app.close();
    server = await serverOn(config);
    expect((await syncCall(server.app, server.cookie, 'push', batch)).statusCode).toBe(200);
    await server.notifier.run();

    const link = trackingUrl(PUBLIC_URL, job.trackingToken);
    expect(toCustomer(stand.twilio)).toEqual([
      smsText('job_cancelled', {
        business: BUSINESS,
        reference: job.number,
        link,
        reason,
        phone: MAIN_PHONE,
      }).text,
    ]);
    await stand.smtp.waitFor(1);
    const words = jobCancelledEmail({
      reference: job.number,
      service: '4x4 Recovery',
      reason,
      phone: MAIN_PHONE,
    });
    expect(stand.smtp.messages.map((mail) => mail.subject)).toEqual([words.subject]);
    expect(stand.smtp.messages[0]?.text).toContain(words.news);

    const track = await server.app.inject({
      method: 'GET',
      url: `/api/track/${job.trackingToken}`,
    });
    expect(track.json()).toMatchObject({ job: { status: 'Cancelled', cancelReason: reason } });
  });
});
