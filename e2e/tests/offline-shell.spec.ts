import type { BrowserContext, Page } from '@playwright/test';
import { PRODUCT_NAME } from '@pilbara/shared-schema';
import { expect, test, WITH_SERVICE_WORKER } from '../fixtures/server';
import { waitForOfflineReady } from '../page-models/app-shell';

// Works with no signal: the app's code comes from the service worker.
test.use(WITH_SERVICE_WORKER);

/**
 * Once the worker is ready: with the network off the home page reloads, and a page never opened
 * before renders too (the app shell is precached, and a lazily loaded page chunk is part of the
 * precache manifest).
 */
async function expectWorksOffline(page: Page, context: BrowserContext): Promise<void> {
  await waitForOfflineReady(page);
  await context.setOffline(true);
  await page.reload();
  await expect(
    page.getByRole('heading', { name: 'Professional Towing & 4x4 Recovery' }),
  ).toBeVisible();
  await expect(
    page.getByRole('banner').getByRole('link', { name: 'Track Job' }).first(),
  ).toBeVisible();
  await page.getByRole('banner').getByRole('link', { name: 'Pricing' }).first().click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page).toHaveTitle(/^Pricing \|/);
  await context.setOffline(false);
}

test('the home page loads again from the service worker with the network off', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await expect(page).toHaveTitle(new RegExp(PRODUCT_NAME.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Book Service' }).first()).toBeVisible();

  await expectWorksOffline(page, context);
});

test('a first install that lost a file on the way is tried again, and the app then works offline', async ({
  page,
  context,
}) => {
  // One bar of signal: the first precache request of a script fails, so the browser drops the
  // worker. Without a retry the app would stay online-only until the next page load.
  let failedOnce = '';
  await context.route(/\/assets\/.+\.js$/, async (route) => {
    if (!failedOnce && route.request().serviceWorker()) {
      failedOnce = route.request().url();
      await route.abort('internetdisconnected');
      return;
    }
    await route.fallback();
  });
  await page.goto('/');
  await expect(
    page.getByRole('heading', { name: 'Professional Towing & 4x4 Recovery' }),
  ).toBeVisible();
  await expect.poll(() => failedOnce, { message: 'a precache request was cut' }).not.toBe('');

  await expectWorksOffline(page, context);
});
