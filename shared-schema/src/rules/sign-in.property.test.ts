import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loginInputSchema } from '../api/auth';
import { checkLogin } from './sign-in';

/** Text around the limits, with the whitespace trimming sees, or something that is not text. */
const field = (max: number) =>
  fc.oneof(
    fc.string({ maxLength: max + 10 }),
    fc
      .tuple(
        fc.constantFrom('', ' ', '\t', '\n ', '\u00a0'),
        fc.string({ minLength: max - 2, maxLength: max + 2 }),
        fc.constantFrom('', ' ', '  \r\n'),
      )
      .map(([before, text, after]) => before + text + after),
    fc.constantFrom(undefined, null, 0, true, ['x']),
  );

describe('the sign-in rule without zod', () => {
  it('answers every body as the server’s schema does, with the same messages', () => {
    fc.assert(
      fc.property(field(50), field(255), (username, password) => {
        const body = { username, password };
        const parsed = loginInputSchema.safeParse(body);
        const checked = checkLogin(body);
        expect(checked.ok).toBe(parsed.success);
        if (parsed.success && checked.ok) {
          expect(checked.value).toEqual(parsed.data);
          return;
        }
        if (parsed.success || checked.ok) return;
        const firstIssue: Record<string, string> = {};
        for (const issue of parsed.error.issues) {
          const key = String(issue.path[0]);
          firstIssue[key] ??= issue.message;
        }
        expect(checked.issues).toEqual(firstIssue);
      }),
      { numRuns: 2000 },
    );
  });
});
