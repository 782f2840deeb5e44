import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@pilbara/shared-schema';
import { buildTestApp, login, snapshotDatabase, TEST_ADMIN } from '../helper';

const customer = {
  username: 'casey',
  password: 'customer-password-1',
  email: 'casey@example.com',
  firstName: 'Casey',
};

describe('POST /api/auth/login', () => {
  it('logs the configured admin in and returns the user without the password', async () => {
    const app = await buildTestApp();
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: TEST_ADMIN,
    });
    expect(response.statusCode).toBe(200);
    const { user } = response.json();
    expect(user).toMatchObject({ username: 'admin', role: 'admin', isActive: true });
    expect(user).not.toHaveProperty('password');
    const cookie = response.cookies.find((c) => c.name === 'sid');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
  });

  it('marks the cookie Secure when the public URL is https', async () => {
    const app = await buildTestApp({ env: { PUBLIC_URL: 'https://towing.example.com' } });
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: TEST_ADMIN,
    });
    expect(response.cookies.find((c) => c.name === 'sid')?.secure).toBe(true);
  });

  it('rejects a wrong password and an unknown user with the same message', async () => {
    const app = await buildTestApp();
    for (const payload of [
      { username: 'admin', password: 'wrong-password' },
      { username: 'nobody', password: 'wrong-password' },
    ]) {
      const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: MESSAGES.INVALID_CREDENTIALS });
      expect(response.cookies).toHaveLength(0);
    }
  });

  it('names each missing field', async () => {
    const app = await buildTestApp();
    const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: {} });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      username: MESSAGES.USERNAME_REQUIRED,
      password: MESSAGES.PASSWORD_REQUIRED,
    });
  });

  it('names a username or password too long with the message the sign-in form shows', async () => {
    const app = await buildTestApp();
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: ` ${'x'.repeat(51)} `, password: 'y'.repeat(256) },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      username: MESSAGES.USERNAME_MAX,
      password: MESSAGES.PASSWORD_MAX,
    });
  });

  it('ignores a forged or tampered session cookie', async () => {
    const app = await buildTestApp();
    const cookie = await login(app);
    const tampered = cookie.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    const me = await app.inject({ url: '/api/auth/me', headers: { cookie: tampered } });
    expect(me.json()).toEqual({ user: null });
    const forged = await app.inject({ url: '/api/auth/me', headers: { cookie: 'sid=abc' } });
    expect(forged.json()).toEqual({ user: null });
  });
});

describe('POST /api/auth/register', () => {
  it('creates a customer, whatever role the body asks for', async () => {
    const app = await buildTestApp();
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { ...customer, role: 'admin' },
    });
    expect(response.statusCode).toBe(201);
    const { user } = response.json();
    expect(user).toMatchObject({
      username: 'casey',
      email: 'casey@example.com',
      firstName: 'Casey',
      role: 'customer',
    });
    expect(user).not.toHaveProperty('password');
    const stored = app.db
      .prepare('SELECT password, role FROM users WHERE username = ?')
      .get('casey') as {
      password: string;
      role: string;
    };
    expect(stored.role).toBe('customer');
    expect(stored.password).toMatch(/^scrypt\$/);
    await login(app, customer);
  });

  it('refuses a taken username (any case) and a taken email with 409', async () => {
    const app = await buildTestApp();
    await app.inject({ method: 'POST', url: '/api/auth/register', payload: customer });
    const before = snapshotDatabase(app);
    const sameName = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { ...customer, username: 'CASEY', email: 'other@example.com' },
    });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toEqual({
      error: MESSAGES.USERNAME_TAKEN,
      fields: { username: MESSAGES.USERNAME_TAKEN },
    });
    const sameEmail = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { ...customer, username: 'casey2', email: 'Casey@Example.com' },
    });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json()).toEqual({
      error: MESSAGES.EMAIL_TAKEN,
      fields: { email: MESSAGES.EMAIL_TAKEN },
    });
    expect(snapshotDatabase(app)).toEqual(before);
  });

  it.each([
    [{ username: '' }, 'username', MESSAGES.USERNAME_REQUIRED],
    [{ username: 'ab' }, 'username', MESSAGES.USERNAME_MIN],
    [{ username: 'x'.repeat(51) }, 'username', MESSAGES.USERNAME_MAX],
    [{ username: 'has space' }, 'username', MESSAGES.USERNAME_CHARACTERS],
    [{ password: '' }, 'password', MESSAGES.PASSWORD_REQUIRED],
    [{ password: 'short' }, 'password', MESSAGES.PASSWORD_MIN],
    [{ password: 'x'.repeat(256) }, 'password', MESSAGES.PASSWORD_MAX],
    [{ email: '' }, 'email', MESSAGES.EMAIL_REQUIRED],
    [{ email: 'not-an-email' }, 'email', MESSAGES.EMAIL_INVALID],
    [{ email: `${'x'.repeat(95)}@example.com` }, 'email', MESSAGES.EMAIL_MAX],
    [{ firstName: '' }, 'firstName', MESSAGES.FIRST_NAME_REQUIRED],
    [{ phone: '0'.repeat(21) }, 'phone', MESSAGES.PHONE_MAX],
  ])('rejects %j with the %s message', async (override, field, message) => {
    const app = await buildTestApp();
    const before = snapshotDatabase(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { ...customer, ...override },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[field]).toBe(message);
    expect(snapshotDatabase(app)).toEqual(before);
  });
});

describe('session', () => {
  it('me is null for a guest and the user once logged in', async () => {
    const app = await buildTestApp();
    expect((await app.inject({ url: '/api/auth/me' })).json()).toEqual({ user: null });
    const cookie = await login(app);
    const me = await app.inject({ url: '/api/auth/me', headers: { cookie } });
    expect(me.json().user).toMatchObject({ username: 'admin', role: 'admin' });
    expect(me.json().user).not.toHaveProperty('password');
  });

  it('logout ends the session on the server, so the old cookie no longer works', async () => {
    const app = await buildTestApp();
    const cookie = await login(app);
    const out = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ success: true });
    expect(app.db.prepare('SELECT count(*) AS n FROM sessions').get()).toEqual({ n: 0 });
    const after = await app.inject({ url: '/api/auth/me', headers: { cookie } });
    expect(after.json()).toEqual({ user: null });
  });

  it('an expired session is a guest', async () => {
    let now = new Date('2026-11-21T00:00:00Z');
    const app = await buildTestApp({ now: () => now });
    const cookie = await login(app);
    now = new Date('2026-12-22T00:00:00Z');
    const me = await app.inject({ url: '/api/auth/me', headers: { cookie } });
    expect(me.json()).toEqual({ user: null });
  });
});

describe('first admin', () => {
  it('generates and reports an admin password once when none is configured', async () => {
    const { testConfig } = await import('../helper');
    const config = testConfig({ ADMIN_PASSWORD: undefined });
    const first = await buildTestApp({ config });
    expect(first.generatedAdmin).toMatchObject({ username: 'admin' });
    const password = first.generatedAdmin?.password ?? '';
    expect(password.length).toBeGreaterThanOrEqual(16);
    await login(first, { username: 'admin', password });
    await first.close();
    const second = await buildTestApp({ config });
    expect(second.generatedAdmin).toBeNull();
    await login(second, { username: 'admin', password });
  });

  it('applies a configured ADMIN_PASSWORD to an existing admin on start', async () => {
    const { testConfig } = await import('../helper');
    const config = testConfig();
    const first = await buildTestApp({ config });
    await first.close();
    const changed = { ...config, adminPassword: 'a-new-admin-password' };
    const second = await buildTestApp({ config: changed });
    await login(second, { username: 'admin', password: 'a-new-admin-password' });
  });
});

describe('rate limits', () => {
  it('answers 429 after too many logins from one address', async () => {
    const app = await buildTestApp({ rateLimits: { login: { max: 3, timeWindow: 60_000 } } });
    const codes: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'admin', password: 'wrong-password' },
      });
      codes.push(response.statusCode);
    }
    expect(codes).toEqual([401, 401, 401, 429]);
  });

  it('answers 429 after too many registrations from one address', async () => {
    const app = await buildTestApp({ rateLimits: { register: { max: 1, timeWindow: 60_000 } } });
    await app.inject({ method: 'POST', url: '/api/auth/register', payload: customer });
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { ...customer, username: 'other', email: 'other@example.com' },
    });
    expect(response.statusCode).toBe(429);
    expect(response.json().error).toBeTruthy();
    expect(
      app.db.prepare("SELECT count(*) AS n FROM users WHERE username = 'other'").get(),
    ).toEqual({ n: 0 });
  });
});
