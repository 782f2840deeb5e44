import { beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { DEFAULT_PRICE_ITEMS } from '@pilbara/shared-schema';
import { anAccount } from '@pilbara/shared-schema/testing';
import { fakeApi } from '../../lib/testing/fake-api';
import { choose, fill, selectInput } from '../../lib/testing/user-input';
import { FIRST_ID, db, resetDevice } from '../../sync/testing/device';
import { priceRows, renderPricesTab as renderTab, savedVersion } from './prices-fixture';

const ITEM_PROBLEM = 'A new item needs a name like storage.daily and a label.';

async function addItem(view: ReturnType<typeof renderTab>, key: string, label: string) {
  await fill(view.user, screen.getByLabelText('New item name'), key);
  if (label) await fill(view.user, screen.getByLabelText('Label'), label);
  await view.user.click(screen.getByRole('button', { name: 'Add item' }));
}

beforeEach(async () => {
  await resetDevice();
  fakeApi();
});

describe('an item of the owners’ own', () => {
  it('is refused without a name of lower-case words and a label, or when already listed', async () => {
    const view = renderTab();
    await addItem(view, 'Storage Daily', 'Storage per day');
    expect(await screen.findByText(ITEM_PROBLEM)).toBeTruthy();
    await view.user.clear(screen.getByLabelText('New item name'));
    await view.user.clear(screen.getByLabelText('Label'));
    await addItem(view, 'storage.daily', '');
    expect(await screen.findByText(ITEM_PROBLEM)).toBeTruthy();
    await view.user.clear(screen.getByLabelText('New item name'));
    await addItem(view, 'towing.local', 'Local again');
    expect(await screen.findByText('That item is in the list already.')).toBeTruthy();
    expect(priceRows()).toHaveLength(DEFAULT_PRICE_ITEMS.length);
  });

  it('joins the list at $0 with its unit, and is saved with its price', async () => {
    const view = renderTab();
    await choose(view.user, selectInput(document.body, 'Unit'), 'per day');
    await addItem(view, 'storage.daily', 'Storage per day');
    expect(view.price('Storage per day').value).toBe('$0');
    expect(screen.getByText('storage.daily · per day')).toBeTruthy();
    expect((screen.getByLabelText('New item name') as HTMLInputElement).value).toBe('');
    expect(screen.queryByText(ITEM_PROBLEM)).toBeNull();

    await view.setPrice('Storage per day', '35');
    await view.save();
    const version = await savedVersion();
    expect(version.items.find((entry) => entry.key === 'storage.daily')).toEqual({
      key: 'storage.daily',
      label: 'Storage per day',
      unit: 'day',
      amount: 3500,
      category: 'misc',
      note: null,
    });
  });
});

describe('an account’s own prices', () => {
  it('keeps only what differs from the default list, under the account, multipliers too', async () => {
    await db.accounts.put(anAccount({ id: 1 }));
    const view = renderTab();
    await choose(
      view.user,
      selectInput(document.body, 'Price list'),
      "Cape Lambert Iron's own prices",
    );
    expect(await screen.findByText(/^This account pays these prices instead/)).toBeTruthy();
    expect(screen.getByText(/^No version saved yet/).textContent).toBe(
      'No version saved yet: the default prices apply.',
    );
    expect(view.price('Port Hedland').value).toBe('×1.35');
    await view.setPrice('Call-out Fee', '60');
    await view.setPrice('Port Hedland', '1.45');
    await view.save();

    // A multiplier is kept in basis points.
    const version = await savedVersion();
    expect(version.items).toEqual([
      expect.objectContaining({ key: 'misc.call-out', amount: 6000 }),
      expect.objectContaining({ key: 'location.port-hedland', unit: 'multiplier', amount: 14_500 }),
    ]);
    expect((await db.price_lists.get(FIRST_ID))?.accountId).toBe(1);
    expect(view.price('Call-out Fee').value).toBe('$60');
  });
});
