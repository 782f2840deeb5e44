/**
 * The service worker, registered on every page. A page a worker already controls may be offered
 * a newer version: the update prompt (with workbox-window, which watches for one) is loaded for
 * it. A first visit has no older version to replace, so it registers the worker with the
 * browser's own call, and neither the prompt nor workbox-window is part of the first download
 * (about 4 KB, and two requests, on one bar of signal). Once the new worker has installed and
 * taken control of the page, the prompt is loaded too, so an app left open from its first
 * visit (a depot tablet) still hears of the next version.
 *
 * A first install can fail: on one bar of signal one of the precached files may not arrive, and
 * the browser then drops the worker and would not try again before the next page load. Until a
 * worker is active the page asks again, sooner at first and then rarely, and at once when the
 * browser says it is back online. Workbox resumes where the failed install stopped (the files
 * already cached are not fetched again), so a retry costs only what is still missing.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { LoadBoundary } from '../components/load-boundary';

const UpdatePrompt = lazy(() =>
  import('./update-prompt').then((m) => ({ default: m.UpdatePrompt })),
);

/** Where vite-plugin-pwa writes the worker (generateSW), served at the site's root. */
const WORKER_URL = '/sw.js';

function isControlled(): boolean {
  return typeof navigator !== 'undefined' && Boolean(navigator.serviceWorker?.controller);
}

/** How long to wait before asking again after a failed install: the last one repeats. */
export const INSTALL_RETRY_DELAYS_MS = [5_000, 15_000, 60_000, 300_000] as const;

/**
 * Registers the worker, and registers it again while no worker is active and none is installing
 * (the last install failed, and the browser removed the registration with it). Answers a function
 * that stops asking.
 */
export function installUntilActive(container: ServiceWorkerContainer): () => void {
  let stopped = false;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const register = () =>
    container.register(WORKER_URL, { scope: '/' }).catch((error: unknown) => {
      // Private windows and blocked storage refuse it: the page works online all the same.
      console.warn('Service worker registration failed', error);
      return undefined;
    });

  const check = async () => {
    if (stopped) return;
    clearTimeout(timer);
    const registration = await container.getRegistration('/').catch(() => undefined);
    if (stopped || registration?.active) return;
    if (!registration?.installing && !registration?.waiting) await register();
    if (stopped) return;
    const delay = INSTALL_RETRY_DELAYS_MS[Math.min(attempt, INSTALL_RETRY_DELAYS_MS.length - 1)];
    attempt += 1;
    timer = setTimeout(() => void check(), delay);
  };
  const onOnline = () => void check();

  void register().then(() => {
    if (stopped) return;
    timer = setTimeout(() => void check(), INSTALL_RETRY_DELAYS_MS[0]);
    attempt = 1;
  });
  window.addEventListener('online', onOnline);
  return () => {
    stopped = true;
    clearTimeout(timer);
    window.removeEventListener('online', onOnline);
  };
}

export function ServiceWorker() {
  const [controlled, setControlled] = useState(isControlled);

  useEffect(() => {
    const container = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
    // No worker support (or a development server, which builds none): nothing to register.
    if (controlled || !container || !import.meta.env.PROD) return;
    const onControllerChange = () => setControlled(isControlled());
    container.addEventListener('controllerchange', onControllerChange);
    const stopRetrying = installUntilActive(container);
    return () => {
      container.removeEventListener('controllerchange', onControllerChange);
      stopRetrying();
    };
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
