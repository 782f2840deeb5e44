import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { DEFAULT_BUSINESS_PROFILE, type Booking, type Job } from '@pilbara/shared-schema';
import { aBooking, aJob } from '@pilbara/shared-schema/testing';
import { renderScreen } from '../../app/test-providers';
import type { SavedBooking } from '../../lib/my-bookings';
import { DashboardView } from './dashboard-view';

const [SAM, ALEX] = DEFAULT_BUSINESS_PROFILE.owners;
const INFO = { name: 'Dana Reid', phone: '0412345678', email: 'dana@example.com' };

function job(overrides: Partial<Job> & Pick<Job, 'id'>): Job {
  return aJob({ createdAt: '2026-03-04T02:00:00.000Z', ...overrides });
}

function saved(overrides: Partial<SavedBooking> = {}): SavedBooking {
  return {
    outboxId: '4f3a9c2e-0000-4000-8000-000000000000',
    status: 'waiting',
    reference: null,
    trackingToken: null,
    customerName: 'Dana Reid',
    phone: '0412 345 678',
    service: 'Local Towing',
    urgency: 'scheduled',
    location: 'Karratha',
    preferredDate: '2026-11-30',
    preferredTime: '09:00 AM',
    savedAt: '2026-11-20T08:00:00.000Z',
    ...overrides,
  };
}

function renderDashboard({
  jobs = [],
  bookings = [],
  deviceBookings = [],
  reviewedJobIds = [],
  loading = false,
  onSignOut = () => {},
}: {
  jobs?: Job[];
  bookings?: Booking[];
  deviceBookings?: SavedBooking[];
  reviewedJobIds?: string[];
  loading?: boolean;
  onSignOut?: () => void;
} = {}) {
  return renderScreen(
    <DashboardView
      info={INFO}
      jobs={jobs}
      reviewedJobIds={reviewedJobIds}
      bookings={bookings}
      deviceBookings={deviceBookings}
      bookingsListed
      loading={loading}
      onSignOut={onSignOut}
    />,
    { route: '/dashboard' },
  );
}

describe('the customer dashboard', () => {
  it('welcomes the customer by name, with a way to book', () => {
    renderDashboard();
    expect(screen.getByRole('heading', { name: 'Welcome back, Dana Reid!' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: /Book Service/ })[0]?.getAttribute('href')).toBe(
      '/booking',
    );
  });

  it('invites a booking when nothing is under way', () => {
    renderDashboard();
    expect(screen.getByRole('heading', { name: 'No Active Jobs' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Book a Service' }).getAttribute('href')).toBe(
      '/booking',
    );
  });

  it('says it is loading the active jobs while the lookup runs', () => {
    renderDashboard({ loading: true });
    expect(screen.getByText('Loading your active jobs...')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'No Active Jobs' })).toBeNull();
  });

  it('gives an active job a live tracking link by its token, and calls its driver', () => {
    renderDashboard({
      jobs: [
        job({
          id: 'JOB-2026-4',
          status: 'En Route',
          progress: 25,
          assignedTo: ALEX!.name,
          trackingToken: 'job-token-dddddddddddddd',
        }),
      ],
    });
    const card = screen.getByTestId('active-job');
    expect(
      within(card)
        .getByRole('link', { name: /Track Live/ })
        .getAttribute('href'),
    ).toBe('/customer-portal?token=job-token-dddddddddddddd');
    expect(
      within(card)
        .getByRole('link', { name: /Call Driver/ })
        .getAttribute('href'),
    ).toBe(`tel:${ALEX!.phone.replace(/\D/g, '')}`);
    const message = within(card)
      .getByRole('link', { name: /Message/ })
      .getAttribute('href');
    expect(message).toBe(
      `sms:${ALEX!.phone.replace(/\D/g, '')}?body=${encodeURIComponent('Hi, about my job JOB-2026-4: ')}`,
    );
    expect(within(card).getByText('25%')).toBeTruthy();
  });

  it('calls the main line for a job whose driver is not an owner', () => {
    renderDashboard({ jobs: [job({ id: 'JOB-2026-5', status: 'Assigned', assignedTo: 'Casey' })] });
    const card = screen.getByTestId('active-job');
    expect(
      within(card)
        .getByRole('link', { name: /Call Driver/ })
        .getAttribute('href'),
    ).toBe(`tel:${SAM!.phone.replace(/\D/g, '')}`);
  });

  it('shows a booking waiting for approval above the jobs', () => {
    renderDashboard({
      bookings: [aBooking({ id: 'BKG-2026-3' })],
      jobs: [job({ id: 'JOB-2026-6', status: 'Assigned' })],
    });
    expect(screen.getByTestId('booking-details')).toBeTruthy();
    expect(screen.getByTestId('booking-id').textContent).toBe('BKG-2026-3');
    expect(screen.getAllByTestId('active-job')).toHaveLength(1);
  });

  it('lists the bookings still waiting on this phone for this customer only', () => {
    renderDashboard({
      deviceBookings: [
        saved(),
        saved({ outboxId: '9a9a9a9a-0000-4000-8000-000000000000', phone: '0499 000 111' }),
      ],
    });
    expect(screen.getByText('Booked on this phone')).toBeTruthy();
    expect(screen.getByText(/4F3A-9C2E/)).toBeTruthy();
    expect(screen.queryByText(/9A9A-9A9A/)).toBeNull();
  });

  it('lists finished jobs in History with Rate, or Reviewed once reviewed', async () => {
    const { user } = renderDashboard({
      jobs: [
        job({ id: 'JOB-2026-7', status: 'Completed', progress: 100 }),
        job({ id: 'JOB-2026-8', status: 'Completed', progress: 100 }),
      ],
      reviewedJobIds: ['JOB-2026-8'],
    });
    await user.click(screen.getByRole('tab', { name: 'History' }));
    const cards = await screen.findAllByTestId('history-job');
    const rated = cards.find((card) => within(card).queryByText('JOB-2026-7'))!;
    const reviewed = cards.find((card) => within(card).queryByText('JOB-2026-8'))!;
    expect(within(rated).getByRole('link', { name: /Rate/ }).getAttribute('href')).toBe(
      '/feedback?job=JOB-2026-7',
    );
    expect(within(reviewed).getByTestId('history-reviewed').textContent).toBe('Reviewed');
    expect(within(reviewed).queryByRole('link', { name: /Rate/ })).toBeNull();
    const invoice = within(rated)
      .getByRole('link', { name: /Invoice/ })
      .getAttribute('href');
    expect(invoice).toContain(`mailto:${DEFAULT_BUSINESS_PROFILE.email}`);
    expect(decodeURIComponent(invoice ?? '')).toContain('Tax invoice for job JOB-2026-7');
  });

  it('says there is no history before the first finished job', async () => {
    const { user } = renderDashboard({ jobs: [job({ id: 'JOB-2026-9', status: 'Assigned' })] });
    await user.click(screen.getByRole('tab', { name: 'History' }));
    expect(await screen.findByRole('heading', { name: 'No Service History' })).toBeTruthy();
  });

  it('opens the profile from Settings, where the customer can sign out', async () => {
    let signedOut = 0;
    const { user } = renderDashboard({ onSignOut: () => (signedOut += 1) });
    await user.click(screen.getByRole('button', { name: 'Settings' }));
    expect(screen.getByRole('tab', { name: 'Profile' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByText('dana@example.com')).toBeTruthy();
    expect(screen.getByText('New Member')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Sign Out of Dashboard' }));
    expect(signedOut).toBe(1);
  });
});
