/**
 * Public pages are pre-rendered to HTML at build time and hydrated in the browser
 * (docs/features.md). Hydration needs the browser's first render to produce exactly the HTML the
 * build produced, so anything only the browser knows (the signed-in user, saved customer details,
 * whether the app is installed) is read after hydration. `useHydrated` is false while React
 * hydrates — on the server and during the browser's hydration of any part of the page — and true
 * otherwise, including every render of a page the browser draws itself (client-side navigation).
 */
import { useEffect, useState, useSyncExternalStore } from 'react';

const subscribeNever = () => () => undefined;

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}

/**
 * State whose first value comes from browser storage: `serverValue` while hydrating (what the
 * pre-rendered HTML shows), then `read()` once hydrated. In a client-side render `read()` is the
 * first value at once, so nothing flickers.
 */
export function useBrowserState<T>(
  read: () => T,
  serverValue: T,
): [T, (value: T | ((previous: T) => T)) => void] {
  const hydrated = useHydrated();
  const [value, setValue] = useState<T>(() => (hydrated ? read() : serverValue));
  const [loaded, setLoaded] = useState(hydrated);
  useEffect(() => {
    if (loaded) return;
    setLoaded(true);
    setValue(read());
    // Runs once after hydration; `read` is not expected to change meaning between renders.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded]);
  return [value, setValue];
}

/*
 * The page's own content hydrates after the frame around it (React hydrates each Suspense
 * boundary in a later pass than its parent, and the page sits in one: app/layout.tsx). Anything
 * that updates the app while that pass runs (a lazy chunk arriving, the profile fetched, the
 * install card) interrupts it, and React starts the page's hydration again from the top: on a
 * slow phone that much delays the moment a pre-rendered form is usable. So the
 * extras wait until the page has hydrated: `usePageHydrated` is false until then.
 */
let pageHydrated = true;
const pageListeners = new Set<() => void>();

/** The browser entry says a pre-rendered page is about to be hydrated (main.tsx). */
export function awaitPageHydration(): void {
  pageHydrated = false;
}

/** The page's content has been hydrated (app/layout.tsx, once the page's boundary commits). */
export function pageHasHydrated(): void {
  if (pageHydrated) return;
  pageHydrated = true;
  for (const listener of [...pageListeners]) listener();
}

function subscribePage(listener: () => void) {
  pageListeners.add(listener);
  return () => pageListeners.delete(listener);
}

/** False while React hydrates the page (and on the server), true once it has. */
export function usePageHydrated(): boolean {
  return useSyncExternalStore(
    subscribePage,
    () => pageHydrated,
    () => false,
  );
}
