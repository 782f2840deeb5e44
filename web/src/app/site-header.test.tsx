import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MESSAGES, type PublicUser } from '@pilbara/shared-schema';
import { aStaffUser } from '@pilbara/shared-schema/testing';
import { queueChanges } from '../components/testing/pending-changes';
import { resetDevice } from '../sync/testing/device';
import { AuthProvider } from '../lib/auth';
import { fakeApi, json } from '../lib/testing/fake-api';
import { ACCOUNT_LINK, ADMIN_LINK, DRIVER_LINK } from './nav-links';
import { SiteHeader } from './site-header';
import { renderScreen } from './test-providers';

const DRIVER = aStaffUser();

function signedIn(user: PublicUser) {
  localStorage.setItem('auth_user', JSON.stringify(user));
  return fakeApi({
    'GET /api/auth/me': json({ user }),
    'POST /api/auth/logout': json({ ok: true }),
  });
}

function renderHeader() {
  return renderScreen(
    <AuthProvider>
      <SiteHeader />
    </AuthProvider>,
    { route: '/' },
  );
}

function logout(scope: HTMLElement = document.body) {
  return within(scope).getAllByRole('button', { name: 'Logout' })[0]!;
}

beforeEach(async () => {
  localStorage.clear();
  await resetDevice();
});

afterEach(() => localStorage.clear());

describe('the header by who is signed in', () => {
  it('gives an account’s contact their portal, and no staff screen', () => {
    signedIn(aStaffUser({ id: 40, username: 'priya', role: 'account', accountId: 1 }));
    renderHeader();
    const links = within(screen.getByRole('navigation', { name: 'Main' })).getAllByRole('link');
    expect(links.at(-1)).toMatchObject({ textContent: ACCOUNT_LINK.label });
    expect(links.at(-1)?.getAttribute('href')).toBe(ACCOUNT_LINK.to);
    const labels = links.map((link) => link.textContent);
    expect(labels).not.toContain(ADMIN_LINK.label);
    expect(labels).not.toContain(DRIVER_LINK.label);
  });
});

describe('a staff member’s Logout', () => {
  it('asks first while changes wait, and Stay keeps them signed in', async () => {
    const api = signedIn(DRIVER);
    await queueChanges(2);
    const { user } = renderHeader();
    await user.click(logout());
    const dialog = await screen.findByRole('dialog', { name: MESSAGES.SIGN_OUT_PENDING_TITLE });
    expect(within(dialog).getByText(MESSAGES.signOutPending(2))).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: MESSAGES.SIGN_OUT_STAY }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('welcome-line')).toBeTruthy();
    expect(api.callsTo('POST /api/auth/logout')).toHaveLength(0);
  });

  it('signs out at once when nothing waits', async () => {
    const api = signedIn(DRIVER);
    const { user } = renderHeader();
    await user.click(logout());
    await waitFor(() => expect(screen.queryByTestId('welcome-line')).toBeNull());
    expect(api.callsTo('POST /api/auth/logout')).toHaveLength(1);
    expect(screen.getAllByRole('link', { name: 'Login' })[0]?.getAttribute('href')).toBe('/auth');
  });

  it('is in the phone’s menu too', async () => {
    signedIn(DRIVER);
    await queueChanges(1);
    const { user } = renderHeader();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = (await screen.findByRole('navigation', { name: 'Mobile' })).closest<HTMLElement>(
      '[role=dialog]',
    )!;
    await user.click(logout(menu));
    expect(
      await screen.findByRole('dialog', { name: MESSAGES.SIGN_OUT_PENDING_TITLE }),
    ).toBeTruthy();
  });
});
