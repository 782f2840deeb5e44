import type { ReactNode } from 'react';
import { usePageHydrated } from '../lib/hydration';

/**
 * Renders its children only in the browser, once the page has hydrated (never in pre-rendered
 * HTML, and never while the page's hydration runs: lib/hydration.ts `usePageHydrated`).
 */
export function ClientOnly({ children }: { children: ReactNode }) {
  return usePageHydrated() ? children : null;
}
