/**
 * The sign-in form's check: shared-schema's `checkLogin`, the server's rule for the sign-in body
 * without zod, and its four messages without the others: under 1 KB, so it comes with the page.
 * The other forms load zod and the schemas at their first focus (lib/lazy-resolver.ts); were the
 * sign-in to do so, a driver's request on a first visit on one bar of signal would leave only
 * once that code was in, well after the tap on Login.
 */
import type { FieldErrors, Resolver } from 'react-hook-form';
import { checkLogin, type LoginFields } from '@pilbara/shared-schema';

export const loginResolver: Resolver<LoginFields> = (values) => {
  const checked = checkLogin(values);
  if (checked.ok) return { values: checked.value, errors: {} };
  const errors: FieldErrors<LoginFields> = {};
  for (const [name, message] of Object.entries(checked.issues) as [keyof LoginFields, string][]) {
    errors[name] = { type: 'validate', message };
  }
  return { values: {}, errors };
};
