import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MESSAGES, PROVISIONAL_TEXT, type Quote } from '@pilbara/shared-schema';
import { aQuote } from '@pilbara/shared-schema/testing';
import { renderScreen } from '../../app/test-providers';
import { fakeApi, setOnline } from '../../lib/testing/fake-api';
import { choose, fill, selectInput } from '../../lib/testing/user-input';
import { businessYear } from '../../sync/leases';
import { db, resetDevice } from '../../sync/testing/device';
import { QuotesManager } from './quotes-manager';
import { QUOTES_TEXT } from './quotes-text';

const YEAR = businessYear();
const NOW = new Date().toISOString();

function renderManager() {
  return renderScreen(<QuotesManager />, { route: '/admin' });
}

async function card(id: string): Promise<HTMLElement> {
  return screen.findByRole('article', { name: new RegExp(`^Quote ${id} for`) });
}

function draft(overrides: Partial<Quote> = {}): Quote {
  return aQuote({
    id: `Q-${YEAR}-5`,
    number: `Q-${YEAR}-5`,
    createdAt: NOW,
    updatedAt: NOW,
    validUntil: new Date(Date.now() + 14 * 86_400_000).toISOString(),
    ...overrides,
  });
}

async function openNewQuote(user: ReturnType<typeof renderManager>['user']) {
  await user.click(screen.getByRole('button', { name: 'New Quote' }));
  return screen.findByRole('region', { name: 'New Quote' });
}

beforeEach(async () => {
  await resetDevice();
  setOnline(true);
  fakeApi();
});

describe('the quote form', () => {
  it('says there are no quotes before the first', async () => {
    renderManager();
    expect(await screen.findByText(QUOTES_TEXT.NO_QUOTES)).toBeTruthy();
  });

  it('raises the price by the location’s multiplier and says by how much', async () => {
    const { user } = renderManager();
    const form = await openNewQuote(user);
    await user.click(within(form).getByRole('button', { name: 'Add Emergency Towing $180.00' }));
    await waitFor(() =>
      expect(within(form).getByTestId('quote-final-price').textContent).toBe('$180.00'),
    );
    await choose(user, selectInput(form, /^From location/), 'Tom Price (×1.4)');
    await waitFor(() =>
      expect(within(form).getByTestId('quote-final-price').textContent).toBe('$252.00'),
    );
    const totals = within(form).getByRole('group', { name: 'Quote totals' });
    expect(totals.textContent).toContain('Tom Price');
    // GST is one-eleventh of the GST-inclusive price.
    expect(totals.textContent).toContain('$22.91');
  });

  it('keeps Save off and says what is missing until the customer is named', async () => {
    const { user } = renderManager();
    const form = await openNewQuote(user);
    await user.click(within(form).getByRole('button', { name: 'Add Emergency Towing $180.00' }));
    const save = within(form).getByRole('button', { name: 'Save Quote' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    expect(within(form).getByText(MESSAGES.QUOTE_CUSTOMER_REQUIRED)).toBeTruthy();
    await fill(user, within(form).getByLabelText(/^Customer name/), 'Kim Lee');
    await fill(user, within(form).getByLabelText(/^Phone/), '0411222333');
    await waitFor(() => expect(save.disabled).toBe(false));
    expect(within(form).queryByText(MESSAGES.QUOTE_CUSTOMER_REQUIRED)).toBeNull();
  });

  it('closes without saving anything from its close button', async () => {
    const { user } = renderManager();
    const form = await openNewQuote(user);
    await user.click(within(form).getByRole('button', { name: 'Add Emergency Towing $180.00' }));
    await user.click(within(form).getByRole('button', { name: 'Close the quote form' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Save Quote' })).toBeNull());
    expect(await db.quotes.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('edits a draft with its values filled in and says it was updated', async () => {
    await db.quotes.put(draft());
    const { user } = renderManager();
    await user.click(within(await card(`Q-${YEAR}-5`)).getByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('region', { name: 'Edit Quote' });
    const phone = within(form).getByLabelText(/^Phone/) as HTMLInputElement;
    expect((within(form).getByLabelText(/^Customer name/) as HTMLInputElement).value).toBe(
      'Dana Reid',
    );
    expect(phone.value).toBe('0412345678');
    await user.clear(phone);
    await fill(user, phone, '0499000111');
    await user.click(within(form).getByRole('button', { name: 'Update Quote' }));
    expect(await screen.findByText(MESSAGES.QUOTE_UPDATED)).toBeTruthy();
    await waitFor(async () =>
      expect((await db.quotes.get(`Q-${YEAR}-5`))?.customerPhone).toBe('0499000111'),
    );
    expect((await db.outbox.toArray()).map((entry) => entry.name)).toEqual(['quote.save']);
  });

  it('offers no Edit on a quote already sent to the customer', async () => {
    await db.quotes.put(draft({ status: 'sent' }));
    renderManager();
    const element = await card(`Q-${YEAR}-5`);
    expect(within(element).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(element).getByRole('button', { name: 'Duplicate' })).toBeTruthy();
  });

  it('duplicates a quote into a new draft on this device', async () => {
    await db.quotes.put(draft({ status: 'sent' }));
    const { user } = renderManager();
    await user.click(within(await card(`Q-${YEAR}-5`)).getByRole('button', { name: 'Duplicate' }));
    expect(await screen.findByText(QUOTES_TEXT.QUOTE_DUPLICATED)).toBeTruthy();
    // The copy has no number until the server gives one: it reads as pending, never its key.
    const copy = await screen.findByRole('article', {
      name: `Quote ${PROVISIONAL_TEXT.REF} for Dana Reid (Copy)`,
    });
    expect(copy.dataset.quoteId).toBe(`Q-${YEAR}-P1`);
    expect(within(copy).getByTestId('provisional-ref').textContent).toBe(PROVISIONAL_TEXT.BADGE);
    expect(copy.textContent).not.toContain(`Q-${YEAR}-P1`);
    expect(within(copy).getByTestId('quote-status').textContent).toContain('Draft');
    expect(await db.quotes.get(`Q-${YEAR}-P1`)).toMatchObject({
      status: 'draft',
      customerName: 'Dana Reid (Copy)',
      finalPrice: 10000,
    });
  });
});
