/**
 * Every public write gets malformed requests of many kinds: each answers 4xx with a message,
 * never 5xx, and no row changes.
 */
import { describe, expect, it } from 'vitest';
import { BODY_LIMIT } from '../../src/app';
import { buildTestApp, snapshotDatabase, type TestApp } from '../helper';
import { bookingBody, contactBody, feedbackBody, insertJob } from '../fixtures';

const huge = 'x'.repeat(20_000);

type Case = [
  name: string,
  body: string | Record<string, unknown> | unknown[],
  contentType?: string,
];

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

describe('bad input on public writes', () => {
  it('POST /api/contact refuses every kind of malformed request', async () => {
    const app = await buildTestApp();
    await expectAllRejected(app, '/api/contact', cases(contactBody()));
  });

  it('POST /api/bookings refuses every kind of malformed request', async () => {
    const app = await buildTestApp();
    await expectAllRejected(
      app,
      '/api/bookings',
      cases(bookingBody({ vehicleDetails: 'Hilux' }), ['vehicleDetails']),
    );
  });

  it('POST /api/feedback refuses every kind of malformed request', async () => {
    const app = await buildTestApp();
    insertJob(app, { id: 'JOB-2026-901', status: 'Completed', progress: 100 });
    await expectAllRejected(
      app,
      '/api/feedback',
      cases(feedbackBody('JOB-2026-901', { improvements: 'none' }), ['improvements']),
    );
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
