import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import {
  DEFAULT_BUSINESS_PROFILE,
  TRACKING_MESSAGES,
  trackResponseSchema,
  type Job,
} from '@pilbara/shared-schema';
import { aBooking, aJob } from '@pilbara/shared-schema/testing';
import { renderScreen } from '../app/test-providers';
import { fill } from '../lib/testing/user-input';
import { fakeApi, json, setOnline } from '../lib/testing/fake-api';
import { CustomerPortalPage } from './customer-portal-page';

const TOKEN = 'job-token-aaaaaaaaaaaaaa';

function tracked(overrides: Partial<Job> = {}) {
  // Checked against the server's schema: the page gets what the server sends, nothing looser.
  return trackResponseSchema.parse({
    job: aJob({
      status: 'En Route',
      progress: 25,
      assignedTo: 'Sam',
      estimatedArrival: '40 minutes',
      location: 'Millstream Rd, 40 km south of Karratha',
      ...overrides,
    }),
    position: null,
    timeline: [
      { key: 'created', message: 'Booking received', at: '2026-11-20T08:00:00.000Z' },
      { key: 'en-route', message: 'Your driver is on the way', at: '2026-11-20T08:10:00.000Z' },
    ],
    reviewed: false,
  });
}

/** Where the page has put the address bar. */
function Address() {
  const location = useLocation();
  return <output data-testid="address">{`${location.pathname}${location.search}`}</output>;
}

function renderPortal(route = '/customer-portal') {
  return renderScreen(
    <Routes>
      <Route
        path="/customer-portal"
        element={
          <>
            <CustomerPortalPage />
            <Address />
          </>
        }
      />
    </Routes>,
    { route },
  );
}

beforeEach(() => {
  localStorage.clear();
  setOnline(true);
});

afterEach(() => {
  setOnline(true);
});

describe('the tracking page', () => {
  it('opens the job of a tracking link at once, with driver, estimate, place and timeline', async () => {
    const api = fakeApi({ [`GET /api/track/${TOKEN}`]: json(tracked()) });
    renderPortal(`/customer-portal?token=${TOKEN}`);
    const details = await screen.findByTestId('job-details');
    expect(within(details).getByTestId('job-id').textContent).toBe('JOB-2026-1');
    // The status in the customer's words, with what happens next.
    expect(within(details).getByText('On the way')).toBeTruthy();
    expect(within(details).getByTestId('next-step').textContent).toMatch(/is driving to you/);
    expect(within(details).getByText('25%')).toBeTruthy();
    expect(within(details).getByText('Sam')).toBeTruthy();
    expect(within(details).getByTestId('arrival-estimate').textContent).toBe('40 minutes');
    expect(within(details).getByText('Millstream Rd, 40 km south of Karratha')).toBeTruthy();
    expect(within(details).getByText('Your driver is on the way')).toBeTruthy();
    expect(api.callsTo(`GET /api/track/${TOKEN}`).length).toBeGreaterThan(0);
  });

  it('says the driver is being assigned while nobody has the job yet', async () => {
    fakeApi({
      [`GET /api/track/${TOKEN}`]: json(tracked({ status: 'Scheduled', assignedTo: null })),
    });
    renderPortal(`/customer-portal?token=${TOKEN}`);
    const details = await screen.findByTestId('job-details');
    expect(within(details).getByText('Being assigned')).toBeTruthy();
  });

  it('shows a booking still waiting for approval as pending, with its preferred time', async () => {
    const booking = aBooking();
    fakeApi({
      [`GET /api/track/${booking.trackingToken}`]: json(
        trackResponseSchema.parse({
          booking: {
            id: booking.id,
            customerName: booking.customerName,
            phone: '•••• ••• 432',
            email: 's•••@example.com',
            service: booking.service,
            location: booking.location,
            preferredDate: booking.preferredDate,
            preferredTime: booking.preferredTime,
            urgency: booking.urgency,
            status: booking.status,
            trackingToken: booking.trackingToken,
            createdAt: booking.createdAt,
          },
        }),
      ),
    });
    renderPortal(`/customer-portal?token=${booking.trackingToken}`);
    const details = await screen.findByTestId('booking-details');
    expect(within(details).getByTestId('booking-id').textContent).toBe('BKG-2026-1');
    expect(within(details).getByText('Pending')).toBeTruthy();
    expect(within(details).getByText('Preferred: 22 Nov 2026, 8:30 am')).toBeTruthy();
  });

  it('finds a job by its ID and phone digits, and keeps its link in the address bar', async () => {
    const api = fakeApi({ 'GET /api/jobs/search': json(tracked()) });
    const { user } = renderPortal();
    const form = await screen.findByRole('search', { name: 'Track your job' });
    await fill(user, within(form).getByLabelText('Job ID or Name'), 'JOB-2026-1');
    await fill(user, within(form).getByLabelText('Last 4 digits of your phone'), '5678');
    await user.click(within(form).getByRole('button', { name: 'Track Job' }));

    expect(await screen.findByTestId('job-details')).toBeTruthy();
    const [search] = api.callsTo('GET /api/jobs/search');
    expect(search).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId('address').textContent).toBe(`/customer-portal?token=${TOKEN}`),
    );
  });

  it('says no job was found, and Try Another Search starts again', async () => {
    fakeApi({ 'GET /api/jobs/search': json({ error: 'Not found' }, 404) });
    const { user } = renderPortal();
    const form = await screen.findByRole('search', { name: 'Track your job' });
    await fill(user, within(form).getByLabelText('Job ID or Name'), 'JOB-2026-99');
    await fill(user, within(form).getByLabelText('Last 4 digits of your phone'), '5678');
    await user.click(within(form).getByRole('button', { name: 'Track Job' }));

    const notFound = await screen.findByTestId('job-not-found');
    expect(within(notFound).getByText(TRACKING_MESSAGES.JOB_NOT_FOUND_PAGE)).toBeTruthy();
    expect(notFound.textContent).toContain('“JOB-2026-99”');
    expect(screen.getByText(TRACKING_MESSAGES.JOB_NOT_FOUND_TITLE)).toBeTruthy();
    await user.click(within(notFound).getByRole('button', { name: 'Try Another Search' }));
    await waitFor(() => expect(screen.queryByTestId('job-not-found')).toBeNull());
    expect((within(form).getByLabelText('Job ID or Name') as HTMLInputElement).value).toBe('');
  });

  it('says a link it does not know opens no job', async () => {
    fakeApi({ [`GET /api/track/${TOKEN}`]: json({ error: 'Not found' }, 404) });
    renderPortal(`/customer-portal?token=${TOKEN}`);
    const notFound = await screen.findByTestId('job-not-found');
    expect(notFound.textContent).toContain('“this link”');
  });

  it('offers both operators’ numbers when it cannot look the job up offline', async () => {
    fakeApi();
    setOnline(false);
    renderPortal(`/customer-portal?token=${TOKEN}`);
    const offline = await screen.findByTestId('portal-offline');
    expect(offline.textContent).toContain("You're offline");
    const calls = within(offline).getAllByRole('link');
    expect(calls.map((link) => link.getAttribute('href'))).toEqual(
      DEFAULT_BUSINESS_PROFILE.owners.map((owner) => `tel:${owner.phone.replace(/[^\d+]/g, '')}`),
    );
    // No error toast for a phone with no signal: the card says it plainly.
    expect(screen.queryByText(TRACKING_MESSAGES.SEARCH_FAILED_TITLE)).toBeNull();
  });

  it('says the search failed, with the numbers to call, when the server errs', async () => {
    fakeApi({ [`GET /api/track/${TOKEN}`]: json({ error: 'boom' }, 500) });
    renderPortal(`/customer-portal?token=${TOKEN}`);
    expect(
      await screen.findByText(TRACKING_MESSAGES.SEARCH_FAILED_DESCRIPTION, {
        selector: '[role=alert]',
      }),
    ).toBeTruthy();
    expect(screen.getByText(TRACKING_MESSAGES.SEARCH_FAILED_TITLE)).toBeTruthy();
  });

  it('fills in the job ID of a ?search= link and asks for the phone digits first', async () => {
    const api = fakeApi();
    renderPortal('/customer-portal?search=JOB-2026-7');
    const form = await screen.findByRole('search', { name: 'Track your job' });
    await waitFor(() =>
      expect((within(form).getByLabelText('Job ID or Name') as HTMLInputElement).value).toBe(
        'JOB-2026-7',
      ),
    );
    expect(api.calls.filter((call) => call.path.startsWith('/api/jobs'))).toHaveLength(0);
  });
});
