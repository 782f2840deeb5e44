/**
 * What the price list's tests share: the tab with a user to drive it, a price field by its
 * item's label, and the version the tab saved on the device.
 */
import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { DEFAULT_PRICE_ITEMS, type PriceItem, type PriceList } from '@pilbara/shared-schema';
import { renderScreen } from '../../app/test-providers';
import { fill } from '../../lib/testing/user-input';
import { db } from '../../sync/testing/device';
import { PricesTab } from './prices-tab';

/** A built-in price every list starts from. */
export const EMERGENCY = DEFAULT_PRICE_ITEMS.find(
  (entry) => entry.key === 'towing.emergency',
) as PriceItem;

/** The rows of the price table. */
export function priceRows(): NodeListOf<Element> {
  return screen.getByTestId('price-table').querySelectorAll('[data-price-key]');
}

export function renderPricesTab() {
  const view = renderScreen(<PricesTab />, { route: '/admin' });
  const price = (label: string) => screen.getByLabelText(`Price of ${label}`) as HTMLInputElement;
  const setPrice = async (label: string, value: string) => {
    await view.user.clear(price(label));
    await fill(view.user, price(label), value);
  };
  const save = () => view.user.click(screen.getByRole('button', { name: 'Save prices' }));
  return { ...view, price, setPrice, save };
}

/** The one version of the one list saved on this device. */
export async function savedVersion(): Promise<PriceList['versions'][number]> {
  await waitFor(async () => expect(await db.price_lists.count()).toBe(1));
  const [list] = await db.price_lists.toArray();
  return (list as PriceList).versions[0] as PriceList['versions'][number];
}
