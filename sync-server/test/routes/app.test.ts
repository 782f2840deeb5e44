import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@pilbara/shared-schema';
import { buildApp } from '../../src/app';
import { requireAdmin, requireUser } from '../../src/plugins/auth';
import {
  buildTestApp,
  login,
  onTestEnd,
  registerCustomer,
  TEST_PASSWORD_COST,
  testConfig,
} from '../helper';

describe('buildApp', () => {
  it('loads demo data only when asked, and the lookups find it', async () => {
    const plain = await buildTestApp();
    expect(plain.db.prepare('SELECT count(*) AS n FROM jobs').get()).toEqual({ n: 0 });
    const demo = await buildTestApp({ demoData: true });
    // A name finds nothing; the customer's phone does.
    expect((await demo.inject({ url: '/api/jobs/search?query=megan%20clarke' })).statusCode).toBe(
      404,
    );
    const search = await demo.inject({ url: '/api/jobs/customer/0412%20345%20601' });
    expect(search.statusCode).toBe(200);
    expect(search.json().jobs[0]).toMatchObject({ customerName: 'Megan Clarke' });
    expect(search.json().jobs[0].trackingToken).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('answers a thrown fault with a plain 500 and no details', async () => {
    const app = await buildApp(testConfig(), { logger: false, passwordCost: TEST_PASSWORD_COST });
    onTestEnd(() => app.close());
    app.get('/api/test-fault', async () => {
      throw new Error('secret internal detail');
    });
    const response = await app.inject({ url: '/api/test-fault' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: MESSAGES.INTERNAL_ERROR });
  });

  it('labels every response with its request id, keeping a safe one the caller sent', async () => {
    const app = await buildTestApp();
    const given = await app.inject({ url: '/api/health', headers: { 'x-request-id': 'trace-42' } });
    expect(given.headers['x-request-id']).toBe('trace-42');
    const forged = await app.inject({ url: '/api/health', headers: { 'x-request-id': 'bad\nid' } });
    expect(forged.headers['x-request-id']).not.toBe('bad\nid');
    const generated = await app.inject({ url: '/api/health' });
    expect(String(generated.headers['x-request-id'])).toMatch(/^[\w-]{8}$/);
  });

  it('refuses to start on a database whose migrations diverge', async () => {
    const config = testConfig();
    const first = await buildApp(config, { logger: false, passwordCost: TEST_PASSWORD_COST });
    first.db
      .prepare(
        "INSERT INTO schema_migrations (id, checksum, appliedAt) VALUES ('9999_gone', 'x', 'now')",
      )
      .run();
    await first.close();
    await expect(
      buildApp(config, { logger: false, passwordCost: TEST_PASSWORD_COST }),
    ).rejects.toThrow(/diverge/);
  });

  it('answers rate-limited calls with the shared message', async () => {
    const app = await buildTestApp({ rateLimits: { lookup: { max: 1, timeWindow: 60_000 } } });
    await app.inject({ url: '/api/jobs/customer/0400000000' });
    const limited = await app.inject({ url: '/api/jobs/customer/0400000000' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: MESSAGES.RATE_LIMITED });
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('guards routes: requireUser lets any signed-in user in, requireAdmin only admins', async () => {
    const app = await buildApp(testConfig(), { logger: false, passwordCost: TEST_PASSWORD_COST });
    onTestEnd(() => app.close());
    app.get('/api/test-user', { preHandler: requireUser }, async (request) => ({
      who: request.user?.username,
    }));
    app.get('/api/test-admin', { preHandler: requireAdmin }, async () => ({ ok: true }));
    await app.ready();
    const customer = await registerCustomer(app, { username: 'casey' });
    const admin = await login(app);

    const guestUser = await app.inject({ url: '/api/test-user' });
    expect(guestUser.statusCode).toBe(401);
    expect(guestUser.json()).toEqual({ error: MESSAGES.UNAUTHORIZED });
    expect(
      (await app.inject({ url: '/api/test-user', headers: { cookie: customer } })).json(),
    ).toEqual({ who: 'casey' });

    expect((await app.inject({ url: '/api/test-admin' })).statusCode).toBe(401);
    const forbidden = await app.inject({ url: '/api/test-admin', headers: { cookie: customer } });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ error: MESSAGES.ADMIN_REQUIRED });
    expect(
      (await app.inject({ url: '/api/test-admin', headers: { cookie: admin } })).statusCode,
    ).toBe(200);
  });
});
