/**
 * The portal search's validation: the shared zod schema (the spec's messages) behind
 * react-hook-form's zod resolver, loaded when the search is first used, not with the page
 * (lib/lazy-resolver.ts). A tracking link shows its job without ever needing it.
 */
import type { Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { portalSearchFormSchema, type PortalSearch } from '@pilbara/shared-schema';

export type PortalSearchInput = { query: string; phone?: string };

export function portalSearchResolver(): Resolver<PortalSearchInput, unknown, PortalSearch> {
  return zodResolver(portalSearchFormSchema) as Resolver<PortalSearchInput, unknown, PortalSearch>;
}
