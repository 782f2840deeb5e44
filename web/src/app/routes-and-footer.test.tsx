import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import {
  DEFAULT_BUSINESS_PROFILE,
  PRODUCT_NAME,
  serviceAreaText,
  type BusinessProfile,
} from '@pilbara/shared-schema';
import { aStaffUser } from '@pilbara/shared-schema/testing';
import { ProfileProvider } from '../components/profile-provider';
import { AuthProvider } from '../lib/auth';
import { telHref } from '../lib/format';
import { fakeApi, json } from '../lib/testing/fake-api';
import { HomePage } from '../pages/home-page';
import { DriverRoute } from './driver-route';
import { SiteFooter } from './site-footer';
import { renderScreen } from './test-providers';

const MAIN = DEFAULT_BUSINESS_PROFILE.owners[0]!;

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  localStorage.clear();
});

describe('the driver’s route', () => {
  function AuthPageStandIn() {
    const location = useLocation();
    const state = location.state as { from?: string } | null;
    return <p>{`sign in first, then ${state?.from ?? '?'}`}</p>;
  }

  function renderRoute() {
    return renderScreen(
      <AuthProvider>
        <Routes>
          <Route path="/driver" element={<DriverRoute />} />
          <Route path="/auth" element={<AuthPageStandIn />} />
        </Routes>
      </AuthProvider>,
      { route: '/driver' },
    );
  }

  it('sends someone signed out to sign in, and back here after', async () => {
    fakeApi({ 'GET /api/auth/me': json({ user: null }) });
    renderRoute();
    expect(await screen.findByText('sign in first, then /driver')).toBeTruthy();
  });

  it('sends a customer to sign in as staff', async () => {
    const customer = aStaffUser({ id: 9, username: 'dana', role: 'customer' });
    localStorage.setItem('auth_user', JSON.stringify(customer));
    fakeApi({ 'GET /api/auth/me': json({ user: customer }) });
    renderRoute();
    expect(await screen.findByText('sign in first, then /driver')).toBeTruthy();
  });

  it('opens the jobs of a driver signed in before the script ran (nobody stored)', async () => {
    fakeApi({ 'GET /api/auth/me': json({ user: aStaffUser() }) });
    renderRoute();
    expect(await screen.findByRole('heading', { name: 'My Jobs' })).toBeTruthy();
    expect(screen.queryByText(/sign in first/)).toBeNull();
  });

  it('opens a driver’s own jobs and the trucks’ pre-start check', async () => {
    localStorage.setItem('auth_user', JSON.stringify(aStaffUser()));
    fakeApi({ 'GET /api/auth/me': json({ user: aStaffUser() }) });
    renderRoute();
    expect(await screen.findByRole('heading', { name: 'My Jobs' })).toBeTruthy();
    expect(await screen.findByTestId('driver-prestart')).toBeTruthy();
    expect(screen.queryByText(/sign in first/)).toBeNull();
  });
});

describe('the footer', () => {
  function renderFooter(profile: BusinessProfile) {
    return renderScreen(
      <ProfileProvider initial={{ profile, cardPaymentsEnabled: false }}>
        <SiteFooter />
      </ProfileProvider>,
    );
  }

  it('rings each owner, writes to the business and gives the hours', () => {
    renderFooter(DEFAULT_BUSINESS_PROFILE);
    const footer = screen.getByRole('contentinfo');
    const links = within(footer)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    for (const owner of DEFAULT_BUSINESS_PROFILE.owners)
      expect(links).toContain(telHref(owner.phone));
    expect(links).toContain(`mailto:${DEFAULT_BUSINESS_PROFILE.email}`);
    // The hours and the area are the business profile's: a 24/7 business, no office hours.
    expect(within(footer).getByText(DEFAULT_BUSINESS_PROFILE.hours)).toBeTruthy();
    expect(
      within(footer).getByText(`Serving ${serviceAreaText(DEFAULT_BUSINESS_PROFILE)}`),
    ).toBeTruthy();
    expect(within(footer).queryByText(/Mon-Fri|Greater Metro|mile/)).toBeNull();
    expect(within(footer).getAllByText(PRODUCT_NAME).length).toBeGreaterThan(0);
  });

  it('shows the ABN only once it is a valid one', () => {
    const { unmount } = renderFooter(DEFAULT_BUSINESS_PROFILE);
    expect(screen.queryByText(/^ABN /)).toBeNull();
    unmount();
    renderFooter({ ...DEFAULT_BUSINESS_PROFILE, abn: '51 824 753 556' });
    expect(screen.getByText('ABN 51 824 753 556')).toBeTruthy();
  });
});

describe('the home page', () => {
  it('leads to a call, a booking and tracking a job from the first screen', () => {
    renderScreen(<HomePage />);
    const links = screen.getAllByRole('link');
    const call = links.find((link) => link.getAttribute('href') === telHref(MAIN.phone));
    expect(call?.textContent).toContain(MAIN.phone);
    expect(screen.getAllByRole('link', { name: 'Book Service' })[0]?.getAttribute('href')).toBe(
      '/book-service',
    );
    expect(screen.getAllByRole('link', { name: 'Track Job' })[0]?.getAttribute('href')).toBe(
      '/customer-portal',
    );
  });

  it('offers each service with its next step', () => {
    renderScreen(<HomePage />);
    for (const title of ['Towing Services', '4x4 Recovery', 'Automotive Repairs'])
      expect(screen.getByRole('heading', { name: title })).toBeTruthy();
    const hrefs = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(hrefs).toContain('/booking');
    expect(hrefs).toContain('/contact');
    expect(hrefs).toContain('/service-history');
    expect(hrefs).toContain('/feedback');
  });
});
