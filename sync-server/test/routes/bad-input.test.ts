/**
 * Every public write gets malformed requests of many kinds: each answers 4xx with a message,
 * never 5xx, and no row changes.
 */
import { describe, expect, it } from 'vitest';
import { BODY_LIMIT } from '../../src/app';
import { buildTestApp, snapshotDatabase, type TestApp } from '../helper';
import { bookingBody, contactBody, feedbackBody, insertJob } from '../fixtures';

const huge = 'x'.repeat(20_000);

type Case = [name: string, body: string | Record<string, unknown> | unknown[], contentType?: string];

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
    ['prototype pollution attempt', JSON.stringify({ ...valid, ['__proto__']: { admin: true }, [first]: 1 }), 'application/json'],
  ];
}

async function expectRejected(app: TestApp, url: string, [, body, contentType]: Case) {
  const before = snapshotDatabase(app);
  const payload = typeof body === 'string' ? body : JSON.stringify(body);
  const response = await app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'content-type': contentType ?? 'application/json' },
  });
  expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, response.body).toBeLessThan(500);
  expect(typeof response.json().error).toBe('string');
  expect(response.json().error.length).toBeGreaterThan(0);
  expect(snapshotDatabase(app)).toEqual(before);
}

describe('bad input on public writes', () => {
  it.each(cases(contactBody()))('POST /api/contact: %s', async (...testCase) => {
    const app = await buildTestApp();
    await expectRejected(app, '/api/contact', testCase);
  });

  it.each(cases(bookingBody({ vehicleDetails: 'Hilux' }), ['vehicleDetails']))('POST /api/bookings: %s', async (...testCase) => {
    const app = await buildTestApp();
    await expectRejected(app, '/api/bookings', testCase);
  });

  it.each(cases(feedbackBody('JOB-2026-901', { improvements: 'none' }), ['improvements']))('POST /api/feedback: %s', async (...testCase) => {
    const app = await buildTestApp();
    insertJob(app, { id: 'JOB-2026-901', status: 'Completed', progress: 100 });
    await expectRejected(app, '/api/feedback', testCase);
  });

  it.each(cases({ username: 'casey', password: 'customer-password', email: 'c@example.com', firstName: 'Casey' }))(
    'POST /api/auth/register: %s',
    async (...testCase) => {
      const app = await buildTestApp();
      await expectRejected(app, '/api/auth/register', testCase);
    },
  );

  it.each(cases({ username: 'admin', password: 'wrong-password' }))('POST /api/auth/login: %s', async (...testCase) => {
    const app = await buildTestApp();
    await expectRejected(app, '/api/auth/login', testCase);
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
