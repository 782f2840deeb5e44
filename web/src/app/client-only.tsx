import type { ReactNode } from 'react';
import { useHydrated } from '../lib/hydration';

/** Renders its children only in the browser, after hydration (never in pre-rendered HTML). */
export function ClientOnly({ children }: { children: ReactNode }) {
  return useHydrated() ? children : null;
}
