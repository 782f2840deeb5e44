import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@pilbara/shared-schema';
import { buildTestApp, login, TEST_ADMIN } from '../helper';

describe('auth routes', () => {
  it('logs the configured admin in and returns the user without the password', async () => {
    const app = await buildTestApp();
    const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: TEST_ADMIN });
    expect(response.statusCode).toBe(200);
    const { user } = response.json();
    expect(user).toMatchObject({ username: 'admin', role: 'admin' });
    expect(user).not.toHaveProperty('password');
    const cookie = response.cookies.find((c) => c.name === 'sid');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
  });

  it('answers me with the signed-in user, and null after logout', async () => {
    const app = await buildTestApp();
    const cookie = await login(app);
    const me = await app.inject({ url: '/api/auth/me', headers: { cookie } });
    expect(me.json().user).toMatchObject({ username: 'admin' });
    const out = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    const after = await app.inject({ url: '/api/auth/me', headers: { cookie } });
    expect(after.json()).toEqual({ user: null });
  });

  it('rejects a wrong password with the invalid-credentials message', async () => {
    const app = await buildTestApp();
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'admin', password: 'wrong-password' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: MESSAGES.INVALID_CREDENTIALS });
  });
});
