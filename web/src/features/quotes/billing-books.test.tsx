import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { MESSAGES, formatCents } from '@pilbara/shared-schema';
import { anInvoice } from '@pilbara/shared-schema/testing';
import { renderScreen } from '../../app/test-providers';
import { BillingBooks } from './billing-books';

// 10:00 in Perth on 9 December 2026: the books open on December.
const NOW = new Date('2026-12-09T02:00:00.000Z');

const ROWS = {
  invoices: [
    anInvoice({ id: 'INV-2026-1', number: 'INV-2026-1', createdAt: '2026-11-20T02:00:00.000Z' }),
    anInvoice({
      id: 'INV-2026-2',
      number: 'INV-2026-2',
      amount: 33_000,
      createdAt: '2026-12-02T02:00:00.000Z',
    }),
  ],
  payments: [],
  creditNotes: [],
};

function renderBooks() {
  return renderScreen(<BillingBooks rows={ROWS} />, { route: '/admin' });
}

/** Opens the date field `label`, goes back a month, and picks `day` of November. */
async function pickNovember(user: UserEvent, label: string, day: number): Promise<void> {
  await user.click(screen.getByLabelText(label));
  const previous = document.querySelector<HTMLButtonElement>(
    '[data-direction="previous"]:not([data-disabled])',
  );
  if (!previous) throw new Error('no previous month control');
  await user.click(previous);
  await user.click(await screen.findByRole('button', { name: `${day} November 2026` }));
}

function g1(): string {
  return screen.getByTestId('gst-g1').textContent ?? '';
}

function csvButtons(): HTMLButtonElement[] {
  return within(screen.getByRole('region', { name: 'Books and GST' }))
    .getAllByRole('button', { name: /CSV/ })
    .map((button) => button as HTMLButtonElement);
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the books of a date range', () => {
  it('opens on this month and counts only its tax invoices', () => {
    renderBooks();
    expect((screen.getByLabelText('From') as HTMLButtonElement).textContent).toBe('1 Dec 2026');
    expect((screen.getByLabelText('To') as HTMLButtonElement).textContent).toBe('31 Dec 2026');
    expect(g1()).toBe(formatCents(33_000));
    expect(csvButtons().every((button) => !button.disabled)).toBe(true);
  });

  it('takes in last month’s invoice once the range starts in it', async () => {
    const { user } = renderBooks();
    await pickNovember(user, 'From', 1);
    expect(g1()).toBe(formatCents(43_000));
    expect(screen.getByText('Tax invoices issued (2)')).toBeTruthy();
  });

  it('refuses a range that ends before it starts, and offers no export', async () => {
    const { user } = renderBooks();
    await pickNovember(user, 'To', 30);
    expect(screen.getAllByText(MESSAGES.DATE_RANGE_ORDER).length).toBeGreaterThan(0);
    expect(screen.queryByTestId('gst-summary')).toBeNull();
    expect(csvButtons().every((button) => button.disabled)).toBe(true);
  });
});
