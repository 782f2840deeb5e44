import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { portalResponseSchema } from '@pilbara/shared-schema';
import { aStaffUser, anAccount } from '@pilbara/shared-schema/testing';
import { AuthProvider } from '../lib/auth';
import { fakeApi, json } from '../lib/testing/fake-api';
import { AccountRoute } from './account-route';
import { renderScreen } from './test-providers';

const ACCOUNT = anAccount();
const CONTACT = aStaffUser({
  id: 40,
  username: 'priya',
  firstName: 'Priya',
  role: 'account',
  accountId: ACCOUNT.id,
});

/** The portal's answer for the account: its details and, today, no records yet. */
const PORTAL = portalResponseSchema.parse({
  account: ACCOUNT,
  jobs: [],
  updates: [],
  bookings: [],
  quotes: [],
  invoices: [],
  creditNotes: [],
  statements: [],
  asOf: '2026-11-21T01:00:00.000Z',
});

function SignInStandIn() {
  const state = useLocation().state as { from?: string } | null;
  return <p>{`sign in first, then ${state?.from ?? '?'}`}</p>;
}

function renderRoute(signedIn: ReturnType<typeof aStaffUser> | null) {
  if (signedIn) localStorage.setItem('auth_user', JSON.stringify(signedIn));
  const api = fakeApi({
    'GET /api/auth/me': json({ user: signedIn }),
    'GET /api/account/portal': json(PORTAL),
  });
  renderScreen(
    <AuthProvider>
      <Routes>
        <Route path="/account" element={<AccountRoute />} />
        <Route path="/auth" element={<SignInStandIn />} />
      </Routes>
    </AuthProvider>,
    { route: '/account?tab=invoices' },
  );
  return api;
}

beforeEach(() => localStorage.clear());
afterEach(() => localStorage.clear());

describe('the account portal’s route', () => {
  it.each([
    ['someone signed out', null],
    ['a customer', aStaffUser({ id: 9, username: 'dana', role: 'customer' })],
    ['a driver', aStaffUser()],
    ['an owner', aStaffUser({ id: 1, username: 'owner', role: 'admin' })],
  ])('sends %s to sign in, and back to the same page after', async (_, signedIn) => {
    const api = renderRoute(signedIn);
    expect(await screen.findByText('sign in first, then /account?tab=invoices')).toBeTruthy();
    expect(api.callsTo('GET /api/account/portal')).toHaveLength(0);
  });

  it('opens the account’s own portal for its contact', async () => {
    const api = renderRoute(CONTACT);
    expect(await screen.findByRole('heading', { level: 1, name: ACCOUNT.name })).toBeTruthy();
    expect(api.callsTo('GET /api/account/portal').length).toBeGreaterThan(0);
    expect(screen.queryByText(/sign in first/)).toBeNull();
  });
});
