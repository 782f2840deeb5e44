/**
 * Every public write gets malformed requests of many kinds: each answers 4xx with a message,
 * never 5xx, and no row changes.
 */
import { describe, expect, it } from 'vitest';
import { BODY_LIMIT } from '../../src/app';
import { TEST_ADMIN, buildTestApp, login, snapshotDatabase, type TestApp } from '../helper';
import { bookingBody, contactBody, feedbackBody, insertJob } from '../fixtures';

const huge = 'x'.repeat(20_000);

type Case = [
  name: string,
  body: string | Record<string, unknown> | unknown[],
  contentType?: string,
];

/**
 * The limits on every public write, by field name: phones must be real numbers, dates real
 * calendar dates within a year, proofs the right shape, ids never chosen by a guest.
 */
const LIMIT_CASES: Record<string, unknown[]> = {
  phone: [
    '2026-11-21 10:00',
    '🚗🚗🚗🚗🚗🚗🚗🚗🚗🚗',
    '0400-000-000-000',
    '+61 0412 345 678',
    '1'.repeat(20),
  ],
  preferredDate: [
    '2026-12-99',
    '2027-02-30',
    '2026-13-01',
    '9999-99-99',
    '2020-01-01',
    '2099-01-15',
  ],
  rating: [0, 6, 2.5, 1e308],
  serviceQuality: [9007199254740991],
  email: ['a@b', 'x'.repeat(95) + '@example.com'],
  password: ['short', 'p'.repeat(256)],
  username: ['a b', 'u'.repeat(51)],
};

/** `optional` fields may be left out, so only the required ones get a "missing" case. */
function cases(valid: Record<string, unknown>, optional: string[] = []): Case[] {
  const fields = Object.keys(valid);
  const required = fields.filter((field) => !optional.includes(field));
  const first = fields[0] as string;
  return [
    ['invalid JSON', '{"firstName": "Jo",', 'application/json'],
    ['truncated JSON', '{', 'application/json'],
    ['empty JSON body', '', 'application/json'],
    ['JSON null', 'null', 'application/json'],
    ['JSON array', [valid], undefined],
    ['JSON string', '"hello"', 'application/json'],
    ['JSON number', '42', 'application/json'],
    ['form-encoded body', 'a=1&b=2', 'application/x-www-form-urlencoded'],
    ['plain text body', 'hello', 'text/plain'],
    ['empty object', {}, undefined],
    ...required.map((field): Case => [`${field} missing`, { ...valid, [field]: undefined }]),
    ...fields.map((field): Case => [`${field} a huge string`, { ...valid, [field]: huge }]),
    ...fields.map((field): Case => [`${field} an object`, { ...valid, [field]: { $gt: '' } }]),
    ...fields.map((field): Case => [`${field} an array`, { ...valid, [field]: ['a', 'b'] }]),
    [`${first} a number`, { ...valid, [first]: 12345 }],
    [`${first} true`, { ...valid, [first]: true }],
    [`${first} null`, { ...valid, [first]: null }],
    ['body over the size limit', { ...valid, extra: 'y'.repeat(BODY_LIMIT + 10) }],
    ...fields.flatMap((field) =>
      (LIMIT_CASES[field] ?? []).map((value): Case => [
        `${field} over a limit: ${String(value).slice(0, 20)}`,
        { ...valid, [field]: value },
      ]),
    ),
    [
      'prototype pollution attempt',
      JSON.stringify({ ...valid, ['__proto__']: { admin: true }, [first]: 1 }),
      'application/json',
    ],
  ];
}

async function expectRejected(app: TestApp, url: string, [name, body, contentType]: Case) {
  const before = snapshotDatabase(app);
  const payload = typeof body === 'string' ? body : JSON.stringify(body);
  const response = await app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'content-type': contentType ?? 'application/json' },
  });
  const label = `${url} with ${name}: ${response.statusCode} ${response.body.slice(0, 200)}`;
  expect(response.statusCode, label).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, label).toBeLessThan(500);
  expect(typeof response.json().error, label).toBe('string');
  expect(response.json().error.length, label).toBeGreaterThan(0);
  expect(snapshotDatabase(app), label).toEqual(before);
}

/** One app per call; every case runs against it, and each must leave the database unchanged. */
async function expectAllRejected(app: TestApp, url: string, all: Case[]) {
  expect(all.length).toBeGreaterThanOrEqual(20);
  for (const testCase of all) await expectRejected(app, url, testCase);
}

/** The per-address budget is lifted so every case reaches validation (the limit has its own test). */
const OPEN = { rateLimits: { publicWrite: { max: 100_000, timeWindow: 60_000 } } };

describe('bad input on public writes', () => {
  it('POST /api/contact refuses every kind of malformed request', async () => {
    const app = await buildTestApp(OPEN);
    await expectAllRejected(app, '/api/contact', cases(contactBody()));
  });

  it('POST /api/bookings refuses every kind of malformed request', async () => {
    const app = await buildTestApp({ ...OPEN, now: () => new Date('2026-11-21T02:00:00Z') });
    await expectAllRejected(
      app,
      '/api/bookings',
      cases(bookingBody({ vehicleDetails: 'Hilux', preferredDate: '2026-11-28' }), [
        'vehicleDetails',
      ]),
    );
  });

  it('POST /api/feedback refuses every kind of malformed request', async () => {
    const app = await buildTestApp(OPEN);
    const job = insertJob(app, { id: 'JOB-2026-901', status: 'Completed', progress: 100 });
    const valid = feedbackBody('JOB-2026-901', { improvements: 'none' });
    await expectAllRejected(app, '/api/feedback', [
      ...cases(valid, ['improvements']),
      ['no token and no phone', { ...valid, phone: undefined }],
      ["a phone that is not the job's", { ...valid, phone: '0499 000 111' }],
      ["last digits that are not the job's", { ...valid, phone: '0000' }],
      ["a token that is not the job's", { ...valid, phone: undefined, token: 'B'.repeat(22) }],
      ['a token of the wrong form', { ...valid, phone: undefined, token: job.trackingToken + '/' }],
    ]);
  });

  it('POST /api/auth/change-password refuses every kind of malformed request', async () => {
    const app = await buildTestApp({ rateLimits: { login: { max: 1000, timeWindow: 60_000 } } });
    const cookie = await login(app);
    const valid = { currentPassword: TEST_ADMIN.password, newPassword: 'a-new-password-1' };
    for (const testCase of [
      ...cases(valid),
      ['wrong current password', { ...valid, currentPassword: 'not-it-at-all' }] as Case,
    ]) {
      const before = snapshotDatabase(app);
      const [name, body, contentType] = testCase;
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        payload: typeof body === 'string' ? body : JSON.stringify(body),
        headers: { cookie, 'content-type': contentType ?? 'application/json' },
      });
      const label = `change-password with ${name}: ${response.statusCode} ${response.body.slice(0, 120)}`;
      expect(response.statusCode, label).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, label).toBeLessThan(500);
      expect(snapshotDatabase(app), label).toEqual(before);
    }
  });

  it('the public payment calls refuse malformed and tokenless requests', async () => {
    const app = await buildTestApp(OPEN);
    for (const action of ['create-payment-intent', 'confirm-payment']) {
      for (const [name, url, body] of [
        ['no token', `/api/quotes/Q-2026-1/${action}`, undefined],
        ['a wrong token', `/api/quotes/Q-2026-1/${action}?token=${'C'.repeat(22)}`, undefined],
        ['a huge token', `/api/quotes/Q-2026-1/${action}`, { token: 'x'.repeat(5000) }],
        ['a malformed id', `/api/quotes/Q-99999999999999/${action}`, {}],
        ['a plain-text body', `/api/quotes/Q-2026-1/${action}`, 'token=x'],
      ] as const) {
        const before = snapshotDatabase(app);
        const response = await app.inject({
          method: 'POST',
          url,
          ...(body === undefined
            ? {}
            : {
                payload: typeof body === 'string' ? body : JSON.stringify(body),
                headers: {
                  'content-type': typeof body === 'string' ? 'text/plain' : 'application/json',
                },
              }),
        });
        const label = `${action} with ${name}: ${response.statusCode}`;
        expect(response.statusCode, label).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, label).toBeLessThan(500);
        expect(snapshotDatabase(app), label).toEqual(before);
      }
    }
  });

  it('POST /api/auth/register refuses every kind of malformed request', async () => {
    const app = await buildTestApp({ rateLimits: { register: { max: 1000, timeWindow: 60_000 } } });
    await expectAllRejected(
      app,
      '/api/auth/register',
      cases({
        username: 'casey',
        password: 'customer-password',
        email: 'c@example.com',
        firstName: 'Casey',
      }),
    );
  });

  it('POST /api/auth/login refuses every kind of malformed request', async () => {
    const app = await buildTestApp({ rateLimits: { login: { max: 1000, timeWindow: 60_000 } } });
    await expectAllRejected(
      app,
      '/api/auth/login',
      cases({ username: 'admin', password: 'wrong-password' }),
    );
  });

  it('answers unknown /api paths with 404 JSON', async () => {
    const app = await buildTestApp();
    for (const url of ['/api/nope', '/api', '/api/jobs/customer']) {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Not found' });
    }
    const post = await app.inject({ method: 'POST', url: '/api/nope', payload: {} });
    expect(post.statusCode).toBe(404);
  });

  it('answers a wrong method on a known path with 404 JSON, not 500', async () => {
    const app = await buildTestApp();
    const response = await app.inject({ method: 'DELETE', url: '/api/contact' });
    expect(response.statusCode).toBe(404);
  });
});
