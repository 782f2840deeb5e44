import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { TRACKING_MESSAGES, customerJobsResponseSchema } from '@pilbara/shared-schema';
import { aJob } from '@pilbara/shared-schema/testing';
import { renderScreen } from '../app/test-providers';
import { saveBooking } from '../lib/my-bookings';
import { fakeApi, json } from '../lib/testing/fake-api';
import { fill } from '../lib/testing/user-input';
import { DashboardPage } from './dashboard-page';

const PHONE = '0412345678';

function jobsAnswer() {
  return json(
    customerJobsResponseSchema.parse({
      jobs: [
        aJob({
          id: 'JOB-2026-3',
          status: 'En Route',
          phone: '04•• ••• 678',
          email: 'd•••@example.com',
          createdAt: '2026-11-20T08:00:00.000Z',
        }),
      ],
      bookings: [],
      reviewedJobIds: [],
    }),
  );
}

function renderDashboard() {
  return renderScreen(<DashboardPage />, { route: '/dashboard' });
}

async function lookUp(user: ReturnType<typeof renderDashboard>['user'], value: string) {
  await fill(user, await screen.findByLabelText('Phone number or Job ID'), value);
}

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('the customer dashboard’s lookup', () => {
  it('does nothing for an empty lookup', async () => {
    const api = fakeApi();
    const { user } = renderDashboard();
    await user.click(await screen.findByRole('button', { name: 'Access Dashboard' }));
    expect(screen.getByRole('heading', { name: 'Access Your Dashboard' })).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('opens the dashboard for the phone the customer booked with, and keeps it open', async () => {
    fakeApi({ [`GET /api/jobs/customer/${PHONE}`]: jobsAnswer() });
    const { user, unmount } = renderDashboard();
    await lookUp(user, PHONE);
    await user.click(screen.getByRole('button', { name: 'Access Dashboard' }));
    expect(await screen.findByRole('heading', { name: 'Welcome back, Dana Reid!' })).toBeTruthy();
    expect(await screen.findByTestId('active-job')).toBeTruthy();
    unmount();
    // Back on the page later: no lookup needed.
    renderDashboard();
    expect(await screen.findByRole('heading', { name: 'Welcome back, Dana Reid!' })).toBeTruthy();
  });

  it('says no jobs were found for a number it does not know', async () => {
    fakeApi({ 'GET /api/jobs/customer/0499000111': json({ error: 'Not found' }, 404) });
    const { user } = renderDashboard();
    await lookUp(user, '0499000111');
    await user.click(screen.getByRole('button', { name: 'Access Dashboard' }));
    expect((await screen.findByRole('status')).textContent).toContain('“0499000111”');
  });

  it('asks for the phone’s last four digits before looking up a job ID', async () => {
    const api = fakeApi({ 'GET /api/jobs/customer/JOB-2026-3': jobsAnswer() });
    const { user } = renderDashboard();
    await lookUp(user, 'JOB-2026-3');
    const digits = await screen.findByLabelText('Last 4 digits of your phone');
    await user.click(screen.getByRole('button', { name: 'Access Dashboard' }));
    expect(await screen.findByText(TRACKING_MESSAGES.PHONE_PROOF_REQUIRED)).toBeTruthy();
    expect(api.calls).toHaveLength(0);
    await fill(user, digits, '5678');
    await user.click(screen.getByRole('button', { name: 'Access Dashboard' }));
    expect(await screen.findByRole('heading', { name: 'Welcome back, Dana Reid!' })).toBeTruthy();
    expect(api.callsTo('GET /api/jobs/customer/JOB-2026-3')[0]?.query).toBe('phone=5678');
  });

  it('opens with the bookings made on this phone when the server cannot be reached', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeApi();
    saveBooking({
      outboxId: '4f3a9c2e-0000-4000-8000-000000000000',
      status: 'waiting',
      reference: null,
      trackingToken: null,
      customerName: 'Kim Lee',
      phone: '0498 765 432',
      service: 'Local Towing',
      urgency: 'scheduled',
      location: 'Karratha',
      preferredDate: '2026-11-30',
      preferredTime: '09:00 AM',
      savedAt: '2026-11-20T08:00:00.000Z',
    });
    const { user } = renderDashboard();
    await lookUp(user, '0498765432');
    await user.click(screen.getByRole('button', { name: 'Access Dashboard' }));
    expect(await screen.findByRole('heading', { name: 'Welcome back, Kim Lee!' })).toBeTruthy();
    // The bookings kept on this phone come from its own database, a moment after the heading.
    expect(await screen.findByText('Booked on this phone')).toBeTruthy();
  });

  it('forgets the customer at Sign Out and asks again', async () => {
    fakeApi({ [`GET /api/jobs/customer/${PHONE}`]: jobsAnswer() });
    const { user } = renderDashboard();
    await lookUp(user, PHONE);
    await user.click(screen.getByRole('button', { name: 'Access Dashboard' }));
    await screen.findByRole('heading', { name: 'Welcome back, Dana Reid!' });
    await user.click(screen.getByRole('tab', { name: 'Profile' }));
    await user.click(await screen.findByRole('button', { name: 'Sign Out of Dashboard' }));
    expect(await screen.findByRole('heading', { name: 'Access Your Dashboard' })).toBeTruthy();
    await waitFor(() => expect(localStorage.getItem('customerInfo')).toBeNull());
    expect(within(document.body).queryByText('Welcome back, Dana Reid!')).toBeNull();
  });
});
