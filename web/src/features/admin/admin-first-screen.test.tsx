import { afterEach, describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import type { AdminFirstScreen } from '@pilbara/shared-schema';
import { aBooking, aJobOfToday } from '@pilbara/shared-schema/testing';
import { holdAdminPreview, useAdminPreview } from '../../lib/admin-preview';
import { AdminPreviewScreen } from './admin-first-screen';
import { ADMIN_TEXT } from './admin-text';

const NOW = new Date().toISOString();

const SCREEN: AdminFirstScreen = {
  jobs: [
    aJobOfToday({ id: 'JOB-2026-1', customerName: 'Kim Lee', status: 'Assigned' }, NOW),
    aJobOfToday({ id: 'JOB-2026-2', customerName: 'Dana Reid', status: 'Emergency' }, NOW),
    aJobOfToday({ id: 'JOB-2026-3', customerName: 'Pat Moss', status: 'Completed' }, NOW),
  ],
  bookings: [aBooking({ id: 'BKG-2026-1', urgency: 'emergency', status: 'pending' })],
  dueItems: [
    {
      vehicleId: 1,
      vehicleName: 'Big Red',
      kind: 'registration',
      urgent: false,
      text: 'Big Red (1ABC234): registration expires in 9 days',
    },
  ],
};

/** The held screen, as the route and the panel read it. */
function Held() {
  const screenHeld = useAdminPreview();
  return screenHeld ? <AdminPreviewScreen screen={screenHeld} /> : <p>the full panel</p>;
}

afterEach(() => holdAdminPreview(null));

describe('the admin’s first screen from the sign-in', () => {
  it('shows the day’s figures, the due list, the active jobs and the bookings waiting', () => {
    render(
      <MantineProvider env="test">
        <AdminPreviewScreen screen={SCREEN} />
      </MantineProvider>,
    );
    expect(screen.getByRole('heading', { name: ADMIN_TEXT.title })).toBeTruthy();
    // Two active jobs (the completed one is today's but not active), one of them an emergency.
    expect(screen.getByTestId('tile-active-jobs-value').textContent).toBe('2');
    expect(screen.getByTestId('tile-emergency-jobs-value').textContent).toBe('1');
    expect(screen.getByTestId('tile-pending-bookings-value').textContent).toBe('1');
    const due = screen.getByTestId('fleet-due');
    expect(due.textContent).toContain('(1)');
    expect(within(due).getByTestId('due-item').textContent).toContain('registration');
    const jobs = screen.getAllByTestId('first-screen-job');
    // Newest first, as the panel's active list.
    expect(jobs.map((card) => card.getAttribute('data-job-id')).sort()).toEqual([
      'JOB-2026-1',
      'JOB-2026-2',
    ]);
    expect(screen.getByText(ADMIN_TEXT.firstScreenJobs(2))).toBeTruthy();
    expect(screen.getAllByTestId('first-screen-booking')).toHaveLength(1);
    // Read-only: no action of the panel is offered on these rows.
    expect(screen.queryByRole('button', { name: ADMIN_TEXT.approve })).toBeNull();
  });

  it('draws the first three rows of each list in its first frame, then the rest', async () => {
    const many: AdminFirstScreen = {
      ...SCREEN,
      jobs: ['1', '2', '3', '4', '5'].map((n) =>
        aJobOfToday(
          { id: `JOB-2026-${n}`, customerName: `Customer ${n}`, status: 'Assigned' },
          NOW,
        ),
      ),
      bookings: ['1', '2', '3', '4'].map((n) =>
        aBooking({ id: `BKG-2026-${n}`, urgency: 'scheduled', status: 'pending' }),
      ),
    };
    const ui = (
      <MantineProvider env="test">
        <AdminPreviewScreen screen={many} />
      </MantineProvider>
    );
    // The first frame, before the screen has said it is on screen: the figures count every row.
    const first = document.createElement('div');
    first.innerHTML = renderToString(ui);
    expect(first.querySelectorAll('[data-testid="first-screen-job"]')).toHaveLength(3);
    expect(first.querySelectorAll('[data-testid="first-screen-booking"]')).toHaveLength(3);
    expect(first.querySelector('[data-testid="tile-active-jobs-value"]')?.textContent).toBe('5');
    // Once it has been on screen, every row.
    render(ui);
    await waitFor(() => expect(screen.getAllByTestId('first-screen-job')).toHaveLength(5));
    expect(screen.getAllByTestId('first-screen-booking')).toHaveLength(4);
  });

  it('gives way to the full panel when the owner asks', () => {
    holdAdminPreview(SCREEN);
    render(
      <MantineProvider env="test">
        <Held />
      </MantineProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: ADMIN_TEXT.firstScreenOpen }));
    expect(screen.getByText('the full panel')).toBeTruthy();
  });
});
