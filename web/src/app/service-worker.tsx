/**
 * The service worker, registered on every page. A page a worker already controls may be offered
 * a newer version: the update prompt (with workbox-window, which watches for one) is loaded for
 * it. A first visit has no older version to replace, so it registers the worker with the
 * browser's own call, and neither the prompt nor workbox-window is part of the first download
 * (about 4 KB, and two requests, on one bar of signal). Once the new worker has installed and
 * taken control of the page, the prompt is loaded too, so an app left open from its first
 * visit (a depot tablet) still hears of the next version.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { LoadBoundary } from './load-boundary';

const UpdatePrompt = lazy(() =>
  import('./update-prompt').then((m) => ({ default: m.UpdatePrompt })),
);

/** Where vite-plugin-pwa writes the worker (generateSW), served at the site's root. */
const WORKER_URL = '/sw.js';

function isControlled(): boolean {
  return typeof navigator !== 'undefined' && Boolean(navigator.serviceWorker?.controller);
}

export function ServiceWorker() {
  const [controlled, setControlled] = useState(isControlled);

  useEffect(() => {
    const container = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
    // No worker support (or a development server, which builds none): nothing to register.
    if (controlled || !container || !import.meta.env.PROD) return;
    const onControllerChange = () => setControlled(isControlled());
    container.addEventListener('controllerchange', onControllerChange);
    container.register(WORKER_URL, { scope: '/' }).catch((error: unknown) => {
      // Private windows and blocked storage refuse it: the page works online all the same.
      console.warn('Service worker registration failed', error);
    });
    return () => container.removeEventListener('controllerchange', onControllerChange);
  }, [controlled]);

  if (!controlled) return null;
  return (
    <LoadBoundary>
      <Suspense fallback={null}>
        <UpdatePrompt />
      </Suspense>
    </LoadBoundary>
  );
}
