/**
 * Public pages are pre-rendered to HTML at build time and hydrated in the browser (DESIGN §11).
 * Hydration needs the browser's first render to produce exactly the HTML the build produced, so
 * anything only the browser knows (the signed-in user, saved customer details, whether the app
 * is installed) is read after hydration. `useHydrated` is false while React hydrates — on the
 * server and during the browser's hydration of any part of the page — and true otherwise,
 * including every render of a page the browser draws itself (client-side navigation).
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
