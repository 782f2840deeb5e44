import { PRODUCT_NAME } from '@pilbara/shared-schema';
import { expect, test } from '../fixtures/server';
import { waitForOfflineReady } from '../page-models/app-shell';

test('the home page loads again from the service worker with the network off', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await expect(page).toHaveTitle(new RegExp(PRODUCT_NAME.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Book Service' }).first()).toBeVisible();

  await waitForOfflineReady(page);
  await context.setOffline(true);
  await page.reload();
  await expect(
    page.getByRole('heading', { name: 'Professional Towing & 4x4 Recovery' }),
  ).toBeVisible();
  await expect(
    page.getByRole('banner').getByRole('link', { name: 'Track Job' }).first(),
  ).toBeVisible();

  // A page never opened before still renders offline: the app shell is precached, and a
  // lazily loaded page chunk is part of the precache manifest.
  await page.getByRole('banner').getByRole('link', { name: 'Pricing' }).first().click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page).toHaveTitle(/^Pricing \|/);
  await context.setOffline(false);
});
