/**
 * The sign-in and registration forms' validation: the shared zod schemas (the spec's messages)
 * behind react-hook-form's zod resolver, loaded when the form is first used, not with the page
 * (lib/lazy-resolver.ts).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { loginInputSchema, registerInputSchema } from '@pilbara/shared-schema';

export function loginResolver() {
  return zodResolver(loginInputSchema);
}

export function registerResolver() {
  return zodResolver(registerInputSchema);
}
