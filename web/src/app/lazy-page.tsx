/**
 * A route's page, loaded on demand like React.lazy, that can also be loaded ahead: the browser
 * entry loads the current page's module before it hydrates (main.tsx), so the pre-rendered page
 * is hydrated in one pass. With a plain React.lazy the page would still be suspended at
 * hydration; an update arriving meanwhile (the business profile fetched from the server) makes
 * React drop the pre-rendered HTML for the loading spinner and draw the page again, which moves
 * everything below it twice.
 */
import { lazy, type ComponentType, type ReactElement } from 'react';

export interface LazyPage<P extends object> {
  (props: P): ReactElement;
  preload(): Promise<void>;
}

export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): LazyPage<P> {
  let loaded: ComponentType<P> | null = null;
  const preload = () =>
    load().then((component) => {
      loaded = component;
    });
  const Lazy = lazy(() => load().then((component) => ({ default: component })));
  const Page = (props: P) => {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  };
  return Object.assign(Page, { preload });
}
