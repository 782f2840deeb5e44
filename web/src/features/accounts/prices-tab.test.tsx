import { beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { ACCOUNT_MESSAGES, DEFAULT_PRICE_ITEMS, formatCents } from '@pilbara/shared-schema';
import { fakeApi } from '../../lib/testing/fake-api';
import { fill } from '../../lib/testing/user-input';
import { FIRST_ID, db, resetDevice } from '../../sync/testing/device';
import { TODAY, daysFrom } from './accounts-fixture';
import { EMERGENCY, priceRows, renderPricesTab as renderTab, savedVersion } from './prices-fixture';

beforeEach(async () => {
  await resetDevice();
  fakeApi();
});

describe('the default price list', () => {
  it('shows the built-in prices until a version is saved, and says so', async () => {
    const view = renderTab();
    expect(priceRows()).toHaveLength(DEFAULT_PRICE_ITEMS.length);
    expect(view.price(EMERGENCY.label).value).toBe('$180');
    expect(screen.getByText(/^No version saved yet/).textContent).toBe(
      'No version saved yet: the built-in prices apply.',
    );
  });

  it('saves a new version of every price from the day chosen, on this device', async () => {
    const view = renderTab();
    await view.setPrice(EMERGENCY.label, '195.50');
    await view.save();

    expect(await screen.findByText('Prices saved')).toBeTruthy();
    expect(screen.getByText(`In force from ${TODAY}.`)).toBeTruthy();
    const version = await savedVersion();
    expect(version.effectiveFrom).toBe(TODAY);
    expect(version.items).toHaveLength(DEFAULT_PRICE_ITEMS.length);
    expect(version.items.find((entry) => entry.key === EMERGENCY.key)?.amount).toBe(19_550);
    expect((await db.price_lists.get(FIRST_ID))?.accountId).toBeNull();
    expect((await db.outbox.toArray()).map((entry) => entry.name)).toEqual(['priceList.save']);
    expect(
      await screen.findByText(
        new RegExp(`^From ${TODAY}: ${DEFAULT_PRICE_ITEMS.length} prices, saved by`),
      ),
    ).toBeTruthy();
    expect(view.price(EMERGENCY.label).value).toBe('$195.5');
  });

  it('refuses a day already past, keeping the prices that day had', async () => {
    const view = renderTab();
    const from = screen.getByLabelText('In force from');
    await view.user.clear(from);
    await fill(view.user, from, daysFrom(-1));
    await view.save();
    expect(await screen.findByText('Prices not saved')).toBeTruthy();
    expect(screen.getByText(ACCOUNT_MESSAGES.PRICE_EFFECTIVE_PAST)).toBeTruthy();
    expect(await db.price_lists.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('lists a version for a later day as upcoming without changing today’s prices', async () => {
    await db.price_lists.put({
      id: 3,
      name: 'Default prices',
      accountId: null,
      versions: [
        {
          effectiveFrom: daysFrom(7),
          items: [{ ...EMERGENCY, amount: 21_000 }],
          savedAt: new Date().toISOString(),
          savedBy: 'Mark',
        },
      ],
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
    });
    const view = renderTab();
    const line = await screen.findByText(new RegExp(`^From ${daysFrom(7)} \\(upcoming\\)`));
    expect(line.textContent).toContain(`1 prices, saved by Mark`);
    expect(line.textContent).toContain(`${EMERGENCY.label} ${formatCents(21_000)}`);
    expect(view.price(EMERGENCY.label).value).toBe('$180');
  });
});
