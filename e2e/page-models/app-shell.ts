import type { Page } from '@playwright/test';

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
