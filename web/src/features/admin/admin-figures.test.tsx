import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { LIVE_STATUS } from '@pilbara/shared-schema';
import { aBooking, aJob } from '@pilbara/shared-schema/testing';
import { renderScreen } from '../../app/test-providers';
import { fakeApi } from '../../lib/testing/fake-api';
import { fill } from '../../lib/testing/user-input';
import { db, resetDevice } from '../../sync/testing/device';
import { ADMIN_TEXT } from './admin-text';
import { AdminPage } from './admin-page';

const NOW = new Date().toISOString();

/** A phone's screen: the media queries of a narrow window match. */
function onAPhone() {
  const original = window.matchMedia;
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
    ...original(query),
    matches: query.includes('max-width'),
  }));
}

function renderPanel() {
  return renderScreen(
    <AdminPage
      liveStatus={({ availableDrivers }) => (
        <p data-testid="live">{`${availableDrivers} on shift`}</p>
      )}
    />,
    { route: '/admin' },
  );
}

beforeEach(async () => {
  await resetDevice();
  localStorage.clear();
  fakeApi();
});

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the drivers on shift', () => {
  it('starts at the default and tells the live status what the owner sets', async () => {
    const { user } = renderPanel();
    const input = screen.getByLabelText(ADMIN_TEXT.tiles.availableDrivers) as HTMLInputElement;
    expect(input.value).toBe(String(LIVE_STATUS.defaultDrivers));
    expect(screen.getByTestId('live').textContent).toBe(`${LIVE_STATUS.defaultDrivers} on shift`);
    await user.clear(input);
    await fill(user, input, '4');
    await waitFor(() => expect(screen.getByTestId('live').textContent).toBe('4 on shift'));
    // Kept in the browser, so the public live-status widget and other tabs read the same.
    expect(localStorage.getItem('availableDrivers')).toBe('4');
  });

  it('never takes more drivers than the business has', async () => {
    const { user } = renderPanel();
    const input = screen.getByLabelText(ADMIN_TEXT.tiles.availableDrivers) as HTMLInputElement;
    await user.clear(input);
    await fill(user, input, String(LIVE_STATUS.maxDrivers + 5));
    await user.tab();
    await waitFor(() =>
      expect(Number(screen.getByTestId('live').textContent?.split(' ')[0])).toBeLessThanOrEqual(
        LIVE_STATUS.maxDrivers,
      ),
    );
  });
});

describe('the admin panel on a phone', () => {
  it('folds the figures behind one button that says how many jobs and bookings wait', async () => {
    onAPhone();
    await db.jobs.put(aJob({ status: 'En Route', createdAt: NOW, updatedAt: NOW }));
    await db.bookings.bulkPut([
      aBooking({ id: 'BKG-2026-1', createdAt: NOW }),
      aBooking({ id: 'BKG-2026-2', createdAt: NOW }),
    ]);
    const { user } = renderPanel();
    const toggle = await screen.findByTestId('figures-toggle');
    await waitFor(() => expect(toggle.textContent).toBe(ADMIN_TEXT.figures(1, 2)));
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByTestId('summary-tiles')).toBeTruthy();
  });

  it('shows the figures at once on a wide screen, with no button', async () => {
    renderPanel();
    expect(screen.getByTestId('summary-tiles')).toBeTruthy();
    expect(screen.queryByTestId('figures-toggle')).toBeNull();
  });
});
