import type { Browser, BrowserContext, Page } from '@playwright/test';

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

/** Waits until the service worker controls the page and has finished precaching the app. */
export async function waitForOfflineReady(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), {
          once: true,
        }),
      );
    }
    // `ready` resolves once the worker is active, which is after its install step (precaching).
    return registration.active?.state;
  });
}
