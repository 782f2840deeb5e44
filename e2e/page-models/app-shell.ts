import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';

/** Separate devices of one journey (each a browser context of its own), closed together. */
export interface Devices<K extends string> {
  contexts: Record<K, BrowserContext>;
  closeAll(): Promise<void>;
}

/** Opens one browser context per name, as separate devices (a driver, an office, a customer). */
export async function openDevices<const K extends string>(
  browser: Browser,
  baseURL: string | undefined,
  names: readonly K[],
): Promise<Devices<K>> {
  const opened = await Promise.all(names.map(() => browser.newContext({ baseURL })));
  const contexts = Object.fromEntries(names.map((name, i) => [name, opened[i]])) as Record<
    K,
    BrowserContext
  >;
  return { contexts, closeAll: async () => void (await Promise.all(opened.map((c) => c.close()))) };
}

/** The phone sizes the journeys use: a common one and the small one a cheap phone has. */
export const PHONE = { width: 390, height: 844 };
export const SMALL_PHONE = { width: 360, height: 740 };

/** Where the drivers' phones are, for the journeys that record a location. */
export const KARRATHA = { latitude: -20.73611, longitude: 116.84633, accuracy: 12 };

/**
 * Opens a phone as a device of its own: a touch screen at `viewport` (PHONE unless said) with
 * twice the pixels unless said; with `at`, the driver has let the app read the location there.
 */
export async function openPhone(
  browser: Browser,
  baseURL: string | undefined,
  options: { viewport?: typeof PHONE; deviceScaleFactor?: number; at?: typeof KARRATHA } = {},
): Promise<BrowserContext> {
  const { viewport = PHONE, deviceScaleFactor = 2, at } = options;
  return browser.newContext({
    baseURL,
    viewport,
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor,
    ...(at ? { geolocation: at, permissions: ['geolocation'] } : {}),
  });
}

/**
 * Waits until the service worker has precached the app and controls the page, so that the page
 * and its lazily loaded code keep working with no signal.
 *
 * `ready` resolves once a worker is active, which is after its install step (precaching). The
 * worker then claims the open pages (clientsClaim), but Chromium's `clients.claim()` skips a page
 * that is still loading: a page whose navigation began while the worker was installing (slow
 * precaching on a busy machine) stays uncontrolled for good, and a wait for `controllerchange`
 * never ends. Such a page is reloaded, as a visitor's next visit would be: the activated worker
 * controls every navigation after it. Callers use it right after opening a page.
 */
export async function waitForOfflineReady(page: Page): Promise<void> {
  // A context with the worker blocked (playwright.config.ts) never registers one, so `ready`
  // below would wait out the whole test timeout; Playwright blocks it by replacing `register`,
  // which says so. Fail at once, naming the fix.
  const blocked = await page.evaluate(() =>
    String(ServiceWorkerContainer.prototype.register).includes('blocked by Playwright'),
  );
  if (blocked) {
    throw new Error(
      'The service worker is blocked on this device: a test working offline needs ' +
        'test.use(WITH_SERVICE_WORKER) (fixtures/server.ts).',
    );
  }
  const controlled = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const worker = registration.active;
    if (worker && worker.state !== 'activated') {
      await new Promise<void>((resolve) => {
        const onChange = () => {
          if (worker.state !== 'activated') return;
          worker.removeEventListener('statechange', onChange);
          resolve();
        };
        worker.addEventListener('statechange', onChange);
        onChange();
      });
    }
    return navigator.serviceWorker.controller !== null;
  });
  if (!controlled) await page.reload();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), {
      message: 'the service worker controls the page',
      timeout: 30_000,
    })
    .toBe(true);
}

/**
 * How long a staff write may take to land on this device: the dialog or form that made it
 * closes, and its toast appears. It is a few IndexedDB transactions and the re-renders between
 * them, which on a busy two-core machine (CI's is shared) took 10 to 12 s, past the default
 * expect timeout. Tests wait for that event (the dialog closing), then for what follows.
 */
export const DEVICE_WRITE_TIMEOUT = 30_000;
