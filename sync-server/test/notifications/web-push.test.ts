/**
 * Web Push for the customer, end to end with no stand-in but the push
 * service: a browser's subscription (a real P-256 key pair and auth secret made here) is sent
 * to the real server through the tracking link, a job goes En Route through an offline device's
 * sync batch delivered twice, and the local push service receives one POST that this test
 * decrypts and whose VAPID token it verifies. Also: the key survives a restart and a push due
 * before a restart is sent after it, once; a gone subscription is deleted; bad input is refused.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MESSAGES, pushMessageFor } from '@pilbara/shared-schema';
import type { Config } from '../../src/config';
import type { Notifier } from '../../src/services/notifier';
import { VAPID_FILE } from '../../src/services/push';
import { MAX_SUBSCRIPTIONS_PER_JOB } from '../../src/db/repositories/push-subscriptions';
import {
  buildTestApp,
  login,
  snapshotDatabase,
  testConfig,
  type TestApp,
  syncCall,
} from '../helper';
import { browserKeys, startPushService, verifyVapid, type TestPushService } from './push-service';
import { createJob, testNotifier } from './notifier-helper';

const PUBLIC_URL = 'https://tow.example.com';

async function appOn(config: Config, service: TestPushService) {
  const app = await buildTestApp({ config, pushNetwork: service.network });
  const notifier: Notifier = testNotifier(
    app,
    { publicUrl: PUBLIC_URL, push: app.push },
    { pollMs: 60_000, afterChangeMs: 60_000 },
  );
  await notifier.run();
  return { app, notifier, cookie: await login(app) };
}

/** A job with no email, so only its pushes are sent. */
async function newJob(app: TestApp, cookie: string): Promise<{ id: string; token: string }> {
  const job = await createJob(app, cookie, { email: undefined });
  return { id: job.id, token: job.trackingToken };
}

async function subscribe(app: TestApp, token: string, endpoint: string, keys = browserKeys()) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/track/${token}/push`,
    payload: { endpoint, expirationTime: null, keys: { p256dh: keys.p256dh, auth: keys.auth } },
  });
  expect(response.statusCode, response.body).toBe(201);
  return keys;
}

/** The batch an offline device pushes when it reconnects: the job goes En Route. */
async function pushEnRoute(app: TestApp, cookie: string, jobId: string, clientId = 'cab-phone') {
  const lease = await syncCall(app, cookie, 'lease', { clientId, series: 'job_updates' });
  const batch = {
    clientId,
    mutations: [
      {
        seq: 1,
        mutationId: `${clientId}-1`,
        name: 'job.markEnRoute',
        args: { id: jobId, updateId: (lease.json() as { start: number }).start },
        createdAt: new Date().toISOString(),
      },
    ],
  };
  const send = async () => {
    const response = await syncCall(app, cookie, 'push', batch);
    expect(response.statusCode).toBe(200);
  };
  return send;
}

const quiet = () => new Promise((resolve) => setTimeout(resolve, 200));

describe('Web Push to the customer', () => {
  it('pushes En Route once, encrypted for the browser and signed with the served VAPID key', async () => {
    const service = await startPushService();
    const config = testConfig({ PUBLIC_URL });
    const { app, notifier, cookie } = await appOn(config, service);
    const key = (await app.inject({ method: 'GET', url: '/api/push/key' })).json() as {
      publicKey: string;
    };
    expect(Buffer.from(key.publicKey, 'base64url')).toHaveLength(65);
    const job = await newJob(app, cookie);
    const phone = await subscribe(app, job.token, `${service.origin}/push/phone-1`);
    // A browser that has since unsubscribed: the push service answers 410.
    service.gone.add('/push/old-tablet');
    await subscribe(app, job.token, `${service.origin}/push/old-tablet`);

    const send = await pushEnRoute(app, cookie, job.id);
    await send();
    await notifier.run();
    // The device never got the answer and pushes the same batch again.
    await send();
    await notifier.run();
    await quiet();

    const toPhone = service.received.filter((push) => push.path === '/push/phone-1');
    expect(toPhone).toHaveLength(1);
    const [push] = toPhone;
    expect(push?.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(push?.headers.ttl)).toBeGreaterThan(0);
    const message = JSON.parse(phone.decrypt(push!.body)) as Record<string, string>;
    const link = `${PUBLIC_URL}/customer-portal?token=${job.token}`;
    // The push names the job by the number the customer was told.
    const number = (
      app.db.prepare('SELECT number FROM jobs WHERE id = ?').get(job.id) as { number: string }
    ).number;
    expect(message).toEqual(pushMessageFor('job_en_route', number, link));
    expect(message.title).toBe('Your driver is on the way');

    const claims = verifyVapid(push?.headers.authorization as string, key.publicKey);
    expect(claims.aud).toBe(service.origin);
    expect(claims.sub).toBe(PUBLIC_URL);
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());
    expect(claims.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 3600 * 1000);

    // The gone browser was tried once, and its subscription is no more.
    expect(service.received.filter((p) => p.path === '/push/old-tablet')).toHaveLength(1);
    const endpoints = app.db.prepare('SELECT endpoint FROM push_subscriptions').all();
    expect(endpoints).toEqual([{ endpoint: `${service.origin}/push/phone-1` }]);
    expect(app.db.prepare('SELECT status FROM push_sends').all()).toEqual([{ status: 'sent' }]);
  });

  it('keeps its VAPID key across restarts and sends a push due before one after it, once', async () => {
    const service = await startPushService();
    const config = testConfig({ PUBLIC_URL });
    const first = await appOn(config, service);
    const file = path.join(config.dataDir, VAPID_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const servedKey = first.app.push.publicKey;
    const job = await newJob(first.app, first.cookie);
    const phone = await subscribe(first.app, job.token, `${service.origin}/push/phone-2`);
    // The server stops right after the change commits, before the notifier reads it.
    await first.notifier.stop();
    await (
      await pushEnRoute(first.app, first.cookie, job.id)
    )();
    await first.app.close();

    const second = await appOn(config, service);
    expect(second.app.push.publicKey).toBe(servedKey);
    const [push] = await service.waitFor(1);
    expect(JSON.parse(phone.decrypt(push!.body)).title).toBe('Your driver is on the way');
    verifyVapid(push?.headers.authorization as string, servedKey);
    await second.app.close();

    const third = await appOn(config, service);
    await third.notifier.run();
    await quiet();
    expect(service.received).toHaveLength(1);
  });

  it('pushes Completed too, and nothing for a job nobody subscribed to', async () => {
    const service = await startPushService();
    const { app, notifier, cookie } = await appOn(testConfig({ PUBLIC_URL }), service);
    const watched = await newJob(app, cookie);
    const unwatched = await newJob(app, cookie);
    const phone = await subscribe(app, watched.token, `${service.origin}/push/phone-3`);
    for (const id of [watched.id, unwatched.id]) {
      for (const status of ['En Route', 'Completed']) {
        const response = await app.inject({
          method: 'PATCH',
          url: `/api/jobs/${id}`,
          headers: { cookie },
          payload: { status, progress: status === 'Completed' ? 100 : 25 },
        });
        expect(response.statusCode).toBe(200);
        await notifier.run();
      }
    }
    await quiet();
    expect(service.received.map((push) => JSON.parse(phone.decrypt(push.body)).title)).toEqual([
      'Your driver is on the way',
      'Job complete',
    ]);
  });

  it('takes a subscription only for a job its tracking token opens, with valid keys', async () => {
    const app = await buildTestApp({
      config: testConfig({ PUBLIC_URL, PUBLIC_WRITES_PER_HOUR: '100' }),
    });
    const cookie = await login(app);
    const job = await newJob(app, cookie);
    const keys = browserKeys();
    const body = (overrides: Record<string, unknown> = {}) => ({
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
      keys: { p256dh: keys.p256dh, auth: keys.auth },
      ...overrides,
    });
    const before = snapshotDatabase(app);
    const cases = [
      [`/api/track/${'x'.repeat(22)}/push`, body(), 404, 'token', MESSAGES.TRACKING_LINK_NOT_FOUND],
      [
        `/api/track/${job.token}/push`,
        body({ endpoint: 'http://fcm.googleapis.com/a' }),
        400,
        'endpoint',
        MESSAGES.PUSH_ENDPOINT_INVALID,
      ],
      [
        `/api/track/${job.token}/push`,
        body({ endpoint: 'not a url' }),
        400,
        'endpoint',
        MESSAGES.PUSH_ENDPOINT_INVALID,
      ],
      [
        `/api/track/${job.token}/push`,
        body({ keys: { p256dh: 'short', auth: keys.auth } }),
        400,
        'keys.p256dh',
        MESSAGES.PUSH_KEYS_INVALID,
      ],
      [
        `/api/track/${job.token}/push`,
        body({ keys: { p256dh: keys.p256dh } }),
        400,
        'keys.auth',
        MESSAGES.PUSH_KEYS_INVALID,
      ],
      [
        `/api/track/${job.token}/push`,
        body({ keys: undefined }),
        400,
        'keys',
        MESSAGES.PUSH_KEYS_INVALID,
      ],
    ] as const;
    for (const [url, payload, status, field, message] of cases) {
      const response = await app.inject({ method: 'POST', url, payload });
      expect(response.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(status);
      expect(response.json()).toMatchObject({ error: message, fields: { [field]: message } });
    }
    expect(snapshotDatabase(app)).toEqual(before);

    // A browser subscribing again keeps one row with its new keys; ten browsers a job at most,
    // and an eleventh is refused rather than pushing one of the ten out.
    for (let n = 0; n < MAX_SUBSCRIPTIONS_PER_JOB; n += 1) {
      await subscribe(app, job.token, `https://fcm.googleapis.com/fcm/send/${n}`);
    }
    const again = await subscribe(app, job.token, 'https://fcm.googleapis.com/fcm/send/5');
    const eleventh = await app.inject({
      method: 'POST',
      url: `/api/track/${job.token}/push`,
      payload: body({ endpoint: 'https://fcm.googleapis.com/fcm/send/10' }),
    });
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json()).toEqual({
      error: MESSAGES.PUSH_SUBSCRIPTIONS_FULL,
      fields: { endpoint: MESSAGES.PUSH_SUBSCRIPTIONS_FULL },
    });
    const rows = app.db
      .prepare('SELECT endpoint, p256dh FROM push_subscriptions ORDER BY id')
      .all() as { endpoint: string; p256dh: string }[];
    expect(rows.map((row) => row.endpoint.split('/').pop())).toEqual([
      '0',
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
    ]);
    expect(rows[5]?.p256dh).toBe(again.p256dh);
  });
});
