/**
 * Every booking wakes someone: the staff alerts end to end, with no stand-in but the providers
 * (the push service and Twilio's Messaging API, each a local stand-in strict about what the
 * real API documents), on a real SQLite file, a real restart on it, and a test clock:
 *
 * - a booking pushes once to each admin device (encrypted for it, VAPID-signed, a notification
 *   that stays until tapped and opens the booking), and texts the person on call once for an
 *   emergency or after hours, never in business hours for a scheduled one;
 * - an emergency nobody takes texts the next person on the roster after the configured minutes,
 *   then everyone, and "I've got it" stops it; the tracking link says who has it;
 * - a replayed request, a second notifier run and a restart send nothing more;
 * - staff alert texts have their own hourly budget; a failed one is retried, then shown failed.
 */
import { describe, expect, it } from 'vitest';
import {
  SMS_NOT_SENT,
  SMS_RETRY_DELAYS_MS,
  addCalendarDays,
  perthDate,
  staffAlertText,
  staffBookingUrl,
  staffPushMessage,
  type BookingAlertsResponse,
  type TrackResponse,
} from '@pilbara/shared-schema';
import type { Config } from '../../src/config';
import { createNotifier, notifierDepsOf, type Notifier } from '../../src/services/notifier';
import { buildTestApp, login, onTestEnd, signedIn, testConfig, type TestApp } from '../helper';
import { bookingBody } from '../fixtures';
import {
  TWILIO_FROM,
  TWILIO_SID,
  TWILIO_TOKEN,
  startFakeTwilio,
  type FakeTwilio,
} from './fake-twilio';
import { browserKeys, startPushService, verifyVapid, type TestPushService } from './push-service';

const PUBLIC_URL = 'https://tow.example.com';
const OWNER1 = { name: 'Dana Reid', phone: '0412 000 111', e164: '+61412000111' };
const OWNER2 = { name: 'Lee Park', phone: '0412 000 222', e164: '+61412000222' };

/** The server's clock, moved by the tests. Monday 1 March 2027, 10:00 in Perth: open hours. */
const MONDAY_10AM = new Date('2027-03-01T02:00:00.000Z');
/** The same Monday at 23:00 in Perth: after hours. */
const MONDAY_11PM = new Date('2027-03-01T15:00:00.000Z');
let clock = MONDAY_10AM;
const now = () => clock;
const minutes = (count: number) => count * 60_000;

interface Stands {
  twilio: FakeTwilio;
  push: TestPushService;
}

async function stands(): Promise<Stands> {
  const twilio = await startFakeTwilio();
  onTestEnd(() => twilio.close());
  return { twilio, push: await startPushService() };
}

function configOf(stand: Stands, env: Record<string, string> = {}): Config {
  return testConfig({
    PUBLIC_URL,
    SMS_PROVIDER: 'twilio',
    TWILIO_ACCOUNT_SID: TWILIO_SID,
    TWILIO_AUTH_TOKEN: TWILIO_TOKEN,
    SMS_FROM: TWILIO_FROM,
    TWILIO_API_BASE: stand.twilio.url,
    OWNER1_NAME: OWNER1.name,
    OWNER1_PHONE: OWNER1.phone,
    OWNER2_NAME: OWNER2.name,
    OWNER2_PHONE: OWNER2.phone,
    ...env,
  });
}

/** The app on `config`, its notifier running only when the test says. */
async function serverOn(config: Config, stand: Stands) {
  const app = await buildTestApp({ config, now, pushNetwork: stand.push.network });
  const notifier: Notifier = createNotifier(notifierDepsOf(app), {
    pollMs: 600_000,
    afterChangeMs: 600_000,
  });
  onTestEnd(() => notifier.stop());
  await notifier.run();
  return { app, notifier, cookie: await login(app) };
}

/** A booking from the public form, dated by the test clock. */
async function book(app: TestApp, fields: Record<string, unknown>, key?: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/bookings',
    headers: key ? { 'idempotency-key': key } : {},
    payload: bookingBody({ preferredDate: addCalendarDays(perthDate(clock), 1), ...fields }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as {
    id: string;
    trackingToken: string;
    booking: { service: string; location: string; urgency: string };
  };
}

const EMERGENCY = {
  urgency: 'emergency',
  service: 'Emergency Towing',
  location: 'Dampier Road near the salt ponds',
};

/** The booking form's customer (fixtures `bookingBody`), who is texted too. */
const CUSTOMER = '+61423456701';

/** The texts to staff, in order (not the customer's "we have your booking"). */
/** A second customer's number (one that never had a job gets one acknowledgement a day). */
const OTHER_CUSTOMER = { phone: '0423 456 799', e164: '+61423456799' };

function staffTexts(twilio: FakeTwilio) {
  return twilio.received.filter((text) => text.to !== CUSTOMER && text.to !== OTHER_CUSTOMER.e164);
}

function textsTo(twilio: FakeTwilio, e164: string) {
  return twilio.received.filter((text) => text.to === e164).map((text) => text.body);
}

async function alertsOf(app: TestApp, cookie: string, bookingId: string) {
  const answer = await signedIn(app, cookie).get(`/api/bookings/${bookingId}/alerts`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as BookingAlertsResponse;
}

async function subscribeDevice(app: TestApp, cookie: string, stand: Stands, device: string) {
  const keys = browserKeys();
  const answer = await signedIn(app, cookie).post('/api/staff-alerts/push', {
    endpoint: `${stand.push.origin}/push/${device}`,
    expirationTime: null,
    keys: { p256dh: keys.p256dh, auth: keys.auth },
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return keys;
}

describe('staff alerts: every booking wakes someone', () => {
  it('pushes once to each admin device and texts the person on call once for an emergency', async () => {
    clock = MONDAY_10AM;
    const stand = await stands();
    const config = configOf(stand);
    let server = await serverOn(config, stand);
    const phone = await subscribeDevice(server.app, server.cookie, stand, 'owner-phone');
    const tablet = await subscribeDevice(server.app, server.cookie, stand, 'office-tablet');
    // A driver's device cannot ask for booking alerts: bookings are the admins'.
    const staff = await signedIn(server.app, server.cookie).post('/api/staff', {
      username: 'jo.driver',
      password: 'driver-password-2',
      firstName: 'Jo',
      lastName: 'Kerr',
      email: 'jo@example.com',
      role: 'driver',
    });
    expect(staff.statusCode, staff.body).toBe(201);
    const driver = await login(server.app, {
      username: 'jo.driver',
      password: 'driver-password-2',
    });
    const refused = await signedIn(server.app, driver).post('/api/staff-alerts/push', {
      endpoint: `${stand.push.origin}/push/driver-phone`,
      keys: { p256dh: browserKeys().p256dh, auth: browserKeys().auth },
    });
    expect(refused.statusCode).toBe(403);

    const booked = await book(server.app, EMERGENCY, 'emergency-booking-1');
    await server.notifier.run();
    await stand.push.waitFor(2);
    await stand.twilio.waitFor(2);

    const link = staffBookingUrl(PUBLIC_URL, booked.id);
    const facts = { id: booked.id, ...EMERGENCY };
    const key = (
      (await server.app.inject({ method: 'GET', url: '/api/push/key' })).json() as {
        publicKey: string;
      }
    ).publicKey;
    for (const [device, keys] of [
      ['/push/owner-phone', phone],
      ['/push/office-tablet', tablet],
    ] as const) {
      const pushes = stand.push.received.filter((push) => push.path === device);
      expect(pushes).toHaveLength(1);
      expect(pushes[0]!.headers['content-encoding']).toBe('aes128gcm');
      expect(pushes[0]!.headers.urgency).toBe('high');
      expect(verifyVapid(pushes[0]!.headers.authorization as string, key).aud).toBe(
        stand.push.origin,
      );
      const shown = JSON.parse(keys.decrypt(pushes[0]!.body)) as Record<string, unknown>;
      expect(shown).toEqual(staffPushMessage(facts, link));
      expect(shown).toMatchObject({
        requireInteraction: true,
        title: `EMERGENCY booking ${booked.id}`,
      });
    }
    // The first person on call (the default roster: both owners, the first one first).
    expect(textsTo(stand.twilio, OWNER1.e164)).toEqual([staffAlertText(facts, link, 0).text]);
    expect(textsTo(stand.twilio, OWNER1.e164)[0]).toContain(EMERGENCY.location);
    expect(textsTo(stand.twilio, OWNER2.e164)).toEqual([]);

    // The phone never got the answer and sends the booking again; the notifier runs again.
    const replay = await server.app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: { 'idempotency-key': 'emergency-booking-1' },
      payload: bookingBody({ preferredDate: addCalendarDays(perthDate(clock), 1), ...EMERGENCY }),
    });
    expect(replay.json()).toMatchObject({ id: booked.id });
    await server.notifier.run();
    await server.notifier.run();
    // Restart on the same database.
    await server.app.close();
    server = await serverOn(config, stand);
    await server.notifier.run();

    expect(stand.push.received).toHaveLength(2);
    expect(staffTexts(stand.twilio)).toHaveLength(1);
    expect(textsTo(stand.twilio, CUSTOMER)).toHaveLength(1);
    const log = await alertsOf(server.app, server.cookie, booked.id);
    expect(log.alerts.map((alert) => [alert.channel, alert.status])).toEqual([
      ['sms', 'sent'],
      ['push', 'sent'],
      ['push', 'sent'],
    ]);
  });

  it('texts on call after hours but not in open hours for a scheduled booking', async () => {
    const stand = await stands();
    const server = await serverOn(configOf(stand), stand);
    await subscribeDevice(server.app, server.cookie, stand, 'owner-phone');

    clock = MONDAY_10AM;
    const daytime = await book(server.app, { urgency: 'scheduled' });
    await server.notifier.run();
    await stand.push.waitFor(1);
    await stand.twilio.waitFor(1);
    expect(staffTexts(stand.twilio)).toEqual([]);

    clock = MONDAY_11PM;
    const night = await book(server.app, {
      urgency: 'same-day',
      location: 'Karratha airport',
      phone: OTHER_CUSTOMER.phone,
    });
    await server.notifier.run();
    await stand.push.waitFor(2);
    await stand.twilio.waitFor(3);
    const received = staffTexts(stand.twilio);
    expect(received.map((text) => text.to)).toEqual([OWNER1.e164]);
    expect(received[0]!.body).toContain(`New same day booking ${night.id} (after hours)`);
    // No escalation for a booking that is not an emergency.
    clock = new Date(MONDAY_11PM.getTime() + minutes(30));
    await server.notifier.run();
    expect(staffTexts(stand.twilio)).toHaveLength(1);
    expect((await alertsOf(server.app, server.cookie, night.id)).nextEscalationAt).toBeNull();
    expect((await alertsOf(server.app, server.cookie, daytime.id)).alerts).toEqual([
      expect.objectContaining({ channel: 'push', status: 'sent' }),
    ]);
  });

  it('escalates an untaken emergency to the next on the roster, then everyone, until taken', async () => {
    clock = MONDAY_10AM;
    const stand = await stands();
    const config = configOf(stand, { ALERT_ESCALATE_MINUTES: '5' });
    let server = await serverOn(config, stand);
    const booked = await book(server.app, EMERGENCY);
    const start = clock.getTime();
    await server.notifier.run();
    await stand.twilio.waitFor(2);

    clock = new Date(start + minutes(5) - 1_000);
    await server.notifier.run();
    expect(staffTexts(stand.twilio)).toHaveLength(1);

    // Five minutes and nobody: the next person on the roster.
    clock = new Date(start + minutes(5));
    await server.notifier.run();
    await stand.twilio.waitFor(3);
    const link = staffBookingUrl(PUBLIC_URL, booked.id);
    const facts = { id: booked.id, ...EMERGENCY };
    expect(textsTo(stand.twilio, OWNER2.e164)).toEqual([staffAlertText(facts, link, 1, 5).text]);

    // A restart in between loses no step and repeats none.
    await server.app.close();
    server = await serverOn(config, stand);
    await server.notifier.run();
    expect(staffTexts(stand.twilio)).toHaveLength(2);

    // Ten minutes: everyone on the roster.
    clock = new Date(start + minutes(10));
    await server.notifier.run();
    await stand.twilio.waitFor(5);
    expect(textsTo(stand.twilio, OWNER1.e164)).toHaveLength(2);
    expect(textsTo(stand.twilio, OWNER2.e164)).toHaveLength(2);
    expect(textsTo(stand.twilio, OWNER1.e164)[1]).toBe(staffAlertText(facts, link, 2, 10).text);

    // Someone acts: "I've got it".
    clock = new Date(start + minutes(12));
    const taken = await signedIn(server.app, server.cookie).post(
      `/api/bookings/${booked.id}/acknowledge`,
    );
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json()).toMatchObject({
      already: false,
      booking: { acknowledgedBy: 'Admin', acknowledgedAt: clock.toISOString() },
    });
    await server.notifier.run();
    expect((await alertsOf(server.app, server.cookie, booked.id)).nextEscalationAt).toBeNull();
    for (const later of [15, 20, 60]) {
      clock = new Date(start + minutes(later));
      await server.notifier.run();
    }
    expect(staffTexts(stand.twilio)).toHaveLength(4);

    // The customer's tracking link says who has it.
    const track = await server.app.inject({
      method: 'GET',
      url: `/api/track/${booked.trackingToken}`,
    });
    expect((track.json() as TrackResponse & { booking: object }).booking).toMatchObject({
      status: 'pending',
      acknowledgedBy: 'Admin',
      acknowledgedAt: new Date(start + minutes(12)).toISOString(),
    });
    // A second "I've got it" changes nothing and says who had it first.
    const again = await signedIn(server.app, server.cookie).post(
      `/api/bookings/${booked.id}/acknowledge`,
    );
    expect(again.json()).toMatchObject({ already: true, booking: { acknowledgedBy: 'Admin' } });
  });

  it('stops before the first escalation when someone approves the booking in time', async () => {
    clock = MONDAY_10AM;
    const stand = await stands();
    const server = await serverOn(configOf(stand), stand);
    const booked = await book(server.app, EMERGENCY);
    const start = clock.getTime();
    await server.notifier.run();
    await stand.twilio.waitFor(2);
    clock = new Date(start + minutes(3));
    const approved = await signedIn(server.app, server.cookie).post(
      `/api/bookings/${booked.id}/approve`,
      {},
    );
    expect(approved.statusCode, approved.body).toBe(200);
    // The approval's own text to the customer, and nothing more to staff.
    for (const later of [5, 10, 30]) {
      clock = new Date(start + minutes(later));
      await server.notifier.run();
    }
    const toStaff = stand.twilio.received.filter((text) =>
      [OWNER1.e164, OWNER2.e164].includes(text.to),
    );
    expect(toStaff).toHaveLength(1);
    const track = await server.app.inject({
      method: 'GET',
      url: `/api/track/${booked.trackingToken}`,
    });
    expect(track.json()).toMatchObject({
      confirmedBy: { name: 'Admin', at: new Date(start + minutes(3)).toISOString() },
    });
  });

  it('spends staff alert texts from their own budget, apart from the customers', async () => {
    clock = MONDAY_10AM;
    const stand = await stands();
    // One booking acknowledgement an hour in all, one staff alert text an hour.
    const config = configOf(stand, { SMS_BOOKING_ACK_PER_HOUR: '1', STAFF_SMS_PER_HOUR: '1' });
    const server = await serverOn(config, stand);
    // Two bookings from customers: the first one's "we have your booking" uses the
    // acknowledgements' budget; the emergencies' staff texts come from the staff budget.
    const first = await book(server.app, { ...EMERGENCY, phone: '0423 456 701' });
    const second = await book(server.app, { ...EMERGENCY, phone: '0423 456 702' });
    await server.notifier.run();
    await stand.twilio.waitFor(2);
    expect(stand.twilio.received.map((text) => text.to).sort()).toEqual(
      [OWNER1.e164, '+61423456701'].sort(),
    );
    const rows = server.app.db
      .prepare(
        "SELECT bookingId, audience, status, error FROM notifications WHERE type = 'sms' ORDER BY id",
      )
      .all();
    expect(rows).toEqual(
      expect.arrayContaining([
        { bookingId: first.id, audience: 'staff', status: 'sent', error: null },
        {
          bookingId: second.id,
          audience: 'staff',
          status: 'failed',
          error: SMS_NOT_SENT.staffCap(1),
        },
        { bookingId: first.id, audience: null, status: 'sent', error: null },
        {
          bookingId: second.id,
          audience: null,
          status: 'failed',
          error: SMS_NOT_SENT.categoryCap('booking-ack', 1),
        },
      ]),
    );
  });

  it('retries a staff text the provider could not take, then shows it failed', async () => {
    // After hours, so a scheduled booking texts the person on call once and never escalates.
    clock = MONDAY_11PM;
    const stand = await stands();
    const server = await serverOn(configOf(stand), stand);
    stand.twilio.failNext(
      { status: 503, code: 20500, message: 'Service unavailable' },
      SMS_RETRY_DELAYS_MS.length + 1,
    );
    // A landline: the customer gets no text, so only the staff text meets the failures.
    const booked = await book(server.app, { urgency: 'scheduled', phone: '08 9144 0000' });
    await server.notifier.run();
    let log = await alertsOf(server.app, server.cookie, booked.id);
    expect(log.alerts).toEqual([
      expect.objectContaining({
        channel: 'sms',
        status: 'pending',
        error: expect.stringContaining('Retrying'),
      }),
    ]);
    const start = clock.getTime();
    let waited = 0;
    for (const delay of SMS_RETRY_DELAYS_MS) {
      waited += delay;
      clock = new Date(start + waited);
      await server.notifier.run();
    }
    log = await alertsOf(server.app, server.cookie, booked.id);
    expect(log.alerts).toEqual([
      expect.objectContaining({
        channel: 'sms',
        recipient: OWNER1.e164,
        status: 'failed',
        error: expect.stringContaining('HTTP 503'),
      }),
    ]);
    expect(stand.twilio.received).toEqual([]);
  });

  it('texts whoever the saved roster has on call, and refuses a roster it cannot text', async () => {
    const stand = await stands();
    const server = await serverOn(configOf(stand), stand);
    const admin = signedIn(server.app, server.cookie);
    const bad = await admin.put('/api/on-call', {
      entries: [{ name: 'Night', phone: '08 9144 0000', days: [], from: '25:00', to: '06:00' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({
      'entries.0.phone': 'Enter a mobile number that can receive texts',
      'entries.0.days': 'Pick at least one day',
      'entries.0.from': 'Enter a time like 06:00',
    });
    const night = {
      name: 'Sam Night',
      phone: '0412 000 333',
      days: [1, 2, 3, 4, 5],
      from: '18:00',
      to: '08:00',
    };
    const saved = await admin.put('/api/on-call', {
      entries: [
        night,
        {
          name: OWNER1.name,
          phone: OWNER1.phone,
          days: [0, 1, 2, 3, 4, 5, 6],
          from: '00:00',
          to: '00:00',
        },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    clock = MONDAY_11PM;
    expect((await admin.get('/api/on-call')).json()).toMatchObject({
      isDefault: false,
      onCallNow: [{ name: 'Sam Night' }, { name: OWNER1.name }],
      escalateAfterMinutes: 5,
    });
    await book(server.app, { urgency: 'same-day' });
    await server.notifier.run();
    await stand.twilio.waitFor(2);
    expect(staffTexts(stand.twilio).map((text) => text.to)).toEqual(['+61412000333']);
  });
});
