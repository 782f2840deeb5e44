import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import { checkLogin, LOGIN_PASSWORD_MAX, LOGIN_USERNAME_MAX } from './sign-in';

describe('checkLogin', () => {
  it('trims the username and keeps the password as typed', () => {
    expect(checkLogin({ username: '  sam.taylor ', password: ' secret ' })).toEqual({
      ok: true,
      value: { username: 'sam.taylor', password: ' secret ' },
    });
  });

  it('names each missing field with the spec message', () => {
    expect(checkLogin({ username: '   ', password: '' })).toEqual({
      ok: false,
      issues: { username: MESSAGES.USERNAME_REQUIRED, password: MESSAGES.PASSWORD_REQUIRED },
    });
    expect(checkLogin({})).toEqual({
      ok: false,
      issues: { username: MESSAGES.USERNAME_REQUIRED, password: MESSAGES.PASSWORD_REQUIRED },
    });
  });

  it('refuses what is too long, counting the username after trimming', () => {
    const longest = 'a'.repeat(LOGIN_USERNAME_MAX);
    expect(checkLogin({ username: ` ${longest} `, password: 'x' }).ok).toBe(true);
    expect(
      checkLogin({ username: `${longest}a`, password: 'x'.repeat(LOGIN_PASSWORD_MAX + 1) }),
    ).toEqual({
      ok: false,
      issues: { username: MESSAGES.USERNAME_MAX, password: MESSAGES.PASSWORD_MAX },
    });
  });

  it('reports only the field that fails', () => {
    expect(checkLogin({ username: 'sam', password: '' })).toEqual({
      ok: false,
      issues: { password: MESSAGES.PASSWORD_REQUIRED },
    });
  });
});
