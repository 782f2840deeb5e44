/**
 * The registration form's validation: the shared zod schema (the spec's messages) behind
 * react-hook-form's zod resolver, loaded when the form is first used, not with the page
 * (lib/lazy-resolver.ts).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { registerInputSchema } from '@pilbara/shared-schema';

export function registerResolver() {
  return zodResolver(registerInputSchema);
}
