import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { formatPrice } from '@pilbara/shared-schema';
import { renderScreen } from '../app/test-providers';
import { fill } from '../lib/testing/user-input';
import { SAMPLE_HISTORY, ServiceHistoryPage, historyTotals } from './service-history-page';

function renderPage() {
  return renderScreen(<ServiceHistoryPage />, { route: '/service-history' });
}

function shownIds(): string[] {
  return screen
    .queryAllByRole('article')
    .map((card) => (card.getAttribute('aria-label') ?? '').split(' ').at(-1) ?? '');
}

describe('the service history screen', () => {
  it('says plainly it is a sample, and where a customer’s own jobs are', () => {
    renderPage();
    const notice = screen.getByTestId('sample-notice');
    expect(within(notice).getByRole('link', { name: 'My Dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    );
    expect(screen.getByText('Total services (sample)')).toBeTruthy();
    expect(screen.getByText('Total spent (sample)')).toBeTruthy();
  });

  it('shows every sample entry with its totals and average rating', () => {
    renderPage();
    const totals = historyTotals(SAMPLE_HISTORY);
    expect(shownIds()).toEqual(SAMPLE_HISTORY.map((entry) => entry.id));
    expect(screen.getByTestId('total-services').textContent).toContain(String(totals.count));
    expect(screen.getByTestId('total-spent').textContent).toContain(formatPrice(totals.spentCents));
    expect(screen.getByTestId('average-rating').textContent).toContain(
      `${totals.averageRating?.toFixed(1)} / 5`,
    );
  });

  it('narrows the list as the visitor searches, and says when nothing matches', async () => {
    const { user } = renderPage();
    const search = screen.getByLabelText('Search');
    await fill(user, search, 'landcruiser');
    await waitFor(() => expect(shownIds()).toEqual(['JOB-2025-131']));
    expect(screen.getByTestId('total-services').textContent).toContain('1');
    await user.clear(search);
    await fill(user, search, 'nothing like this');
    expect(await screen.findByText('No services match your search.')).toBeTruthy();
    expect(screen.getByTestId('average-rating').textContent).toContain('No ratings');
  });

  it('filters by service and by status together', async () => {
    const { user } = renderPage();
    await user.selectOptions(screen.getByLabelText('Status'), 'Cancelled');
    await waitFor(() => expect(shownIds()).toEqual(['JOB-2025-150']));
    await user.selectOptions(screen.getByLabelText('Status'), 'All');
    await user.selectOptions(screen.getByLabelText('Service'), 'Emergency Towing');
    await waitFor(() => expect(shownIds()).toEqual(['JOB-2025-118']));
  });

  it('books a similar service with that service chosen, and offers no invoice a sample lacks', () => {
    renderPage();
    const first = screen.getByRole('article', { name: 'Emergency Towing JOB-2025-118' });
    expect(
      within(first)
        .getByRole('link', { name: /Book Similar Service/ })
        .getAttribute('href'),
    ).toBe(`/booking?service=${encodeURIComponent('Emergency Towing')}`);
    expect(
      (within(first).getByRole('button', { name: /Download Invoice/ }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
    expect(within(first).getByRole('img', { name: 'Rated 5 out of 5' })).toBeTruthy();
  });
});
