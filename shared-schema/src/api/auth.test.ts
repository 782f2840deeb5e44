import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import { LOGIN_PASSWORD_MAX, LOGIN_USERNAME_MAX, loginInputSchema } from './auth';

/** The parsed body, or the message of each failing field's first failing rule (as a form shows). */
function check(body: unknown) {
  const parsed = loginInputSchema.safeParse(body);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issues: Record<string, string> = {};
  for (const issue of parsed.error.issues) issues[String(issue.path[0])] ??= issue.message;
  return { ok: false, issues };
}

describe('the sign-in body', () => {
  it('trims the username and keeps the password as typed', () => {
    expect(check({ username: '  sam.taylor ', password: ' secret ' })).toEqual({
      ok: true,
      value: { username: 'sam.taylor', password: ' secret ' },
    });
  });

  it('names each missing field with its message', () => {
    expect(check({ username: '   ', password: '' })).toEqual({
      ok: false,
      issues: { username: MESSAGES.USERNAME_REQUIRED, password: MESSAGES.PASSWORD_REQUIRED },
    });
    expect(check({})).toEqual({
      ok: false,
      issues: { username: MESSAGES.USERNAME_REQUIRED, password: MESSAGES.PASSWORD_REQUIRED },
    });
  });

  it('refuses what is too long, counting the username after trimming', () => {
    const longest = 'a'.repeat(LOGIN_USERNAME_MAX);
    expect(check({ username: ` ${longest} `, password: 'x' }).ok).toBe(true);
    expect(
      check({ username: `${longest}a`, password: 'x'.repeat(LOGIN_PASSWORD_MAX + 1) }),
    ).toEqual({
      ok: false,
      issues: { username: MESSAGES.USERNAME_MAX, password: MESSAGES.PASSWORD_MAX },
    });
  });

  it('reports only the field that fails', () => {
    expect(check({ username: 'sam', password: '' })).toEqual({
      ok: false,
      issues: { password: MESSAGES.PASSWORD_REQUIRED },
    });
  });
});
