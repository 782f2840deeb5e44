import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_BUSINESS_PROFILE } from '@pilbara/shared-schema';
import { aStaffUser } from '@pilbara/shared-schema/testing';
import { AuthProvider } from '../lib/auth';
import { telHref } from '../lib/format';
import { fakeApi, json, setOnline } from '../lib/testing/fake-api';
import { EmergencyCallButton } from './emergency-call-button';
import { InstallCard } from './install-card';
import { ADMIN_LINK, DRIVER_LINK, NAV_LINKS } from './nav-links';
import { OfflineBanner } from './offline-banner';
import { SiteHeader } from './site-header';
import { renderScreen } from './test-providers';

const MAIN = DEFAULT_BUSINESS_PROFILE.owners[0]!;

beforeEach(() => {
  localStorage.clear();
  setOnline(true);
});

afterEach(() => {
  localStorage.clear();
  setOnline(true);
});

/** The browser's own install offer (Chromium's beforeinstallprompt), answered as given. */
function offerInstall(outcome: 'accepted' | 'dismissed') {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
    prompt: () => Promise<void>;
    userChoice: Promise<{ outcome: string }>;
  };
  const prompt = vi.fn(async () => {});
  Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome }) });
  act(() => {
    window.dispatchEvent(event);
  });
  return { event, prompt };
}

describe('the install card', () => {
  it('points to the browser menu until the browser offers its own install', async () => {
    renderScreen(<InstallCard />);
    const card = await screen.findByRole('region', { name: 'Install the app' });
    expect(card.textContent).toContain('Open your browser menu');
    expect(within(card).queryByRole('button', { name: 'Install' })).toBeNull();
  });

  it('installs through the browser’s prompt and stays gone once installed', async () => {
    const { user, unmount } = renderScreen(<InstallCard />);
    await screen.findByRole('region', { name: 'Install the app' });
    const { event, prompt } = offerInstall('accepted');
    expect(event.defaultPrevented).toBe(true);
    const card = screen.getByRole('region', { name: 'Install the app' });
    expect(card.textContent).toContain('Call, book and track your job in one tap');
    await user.click(within(card).getByRole('button', { name: 'Install' }));
    expect(prompt).toHaveBeenCalledTimes(1);
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Install the app' })).toBeNull(),
    );
    unmount();
    renderScreen(<InstallCard />);
    // Asked on the next page view: still gone.
    await waitFor(() => expect(localStorage.getItem('appInstalled')).toBe('1'));
    expect(screen.queryByRole('region', { name: 'Install the app' })).toBeNull();
  });

  it('keeps offering the install when the visitor says no to the browser’s prompt', async () => {
    const { user } = renderScreen(<InstallCard />);
    await screen.findByRole('region', { name: 'Install the app' });
    offerInstall('dismissed');
    await user.click(screen.getByRole('button', { name: 'Install' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Install' })).toBeNull());
    expect(screen.getByRole('region', { name: 'Install the app' })).toBeTruthy();
  });

  it('is dismissed for good with its close button', async () => {
    const { user, unmount } = renderScreen(<InstallCard />);
    await user.click(await screen.findByRole('button', { name: 'Dismiss install card' }));
    expect(screen.queryByRole('region', { name: 'Install the app' })).toBeNull();
    unmount();
    renderScreen(<InstallCard />);
    expect(screen.queryByRole('region', { name: 'Install the app' })).toBeNull();
  });

  it('steps aside while a field is being typed in', async () => {
    const { user } = renderScreen(
      <>
        <label>
          Location
          <input />
        </label>
        <InstallCard />
      </>,
    );
    await screen.findByRole('region', { name: 'Install the app' });
    await user.click(screen.getByLabelText('Location'));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Install the app' })).toBeNull(),
    );
    await user.click(document.body);
    expect(await screen.findByRole('region', { name: 'Install the app' })).toBeTruthy();
  });
});

describe('the offline banner', () => {
  it('appears when the connection drops and goes when it returns', async () => {
    renderScreen(<OfflineBanner />);
    expect(screen.queryByTestId('offline-banner')).toBeNull();
    act(() => setOnline(false));
    expect((await screen.findByTestId('offline-banner')).textContent).toBe(
      'Offline: your work is kept and sent later',
    );
    act(() => setOnline(true));
    await waitFor(() => expect(screen.queryByTestId('offline-banner')).toBeNull());
  });
});

describe('the emergency call button', () => {
  it('rings the main operator from every page', () => {
    renderScreen(<EmergencyCallButton />);
    const call = screen.getByRole('link', { name: `Emergency call ${MAIN.phone}` });
    expect(call.getAttribute('href')).toBe(telHref(MAIN.phone));
    expect(call.dataset.hidden).toBeUndefined();
  });

  it('is not on staff screens, and the page keeps no room for it there', () => {
    const { unmount } = renderScreen(<EmergencyCallButton />, { route: '/driver' });
    expect(screen.queryByRole('link', { name: `Emergency call ${MAIN.phone}` })).toBeNull();
    expect(document.documentElement.dataset.staffScreen).toBe('true');
    unmount();
    expect(document.documentElement.dataset.staffScreen).toBeUndefined();
  });

  it('steps aside while a field is being typed in, so it never covers the input', async () => {
    const { user } = renderScreen(
      <>
        <input aria-label="Phone" />
        <EmergencyCallButton />
      </>,
    );
    await user.click(screen.getByLabelText('Phone'));
    await waitFor(() =>
      expect(
        screen.getByRole('link', { name: `Emergency call ${MAIN.phone}` }).dataset.hidden,
      ).toBe('true'),
    );
  });
});

describe('the site header', () => {
  function renderHeader() {
    return renderScreen(
      <AuthProvider>
        <SiteHeader />
      </AuthProvider>,
      { route: '/services' },
    );
  }

  function mainNav() {
    return screen.getByRole('navigation', { name: 'Main' });
  }

  it('lists the spec’s links in order, marks the page open, and offers Login', () => {
    fakeApi({ 'GET /api/auth/me': json({ user: null }) });
    renderHeader();
    const links = within(mainNav()).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(NAV_LINKS.map((item) => item.label));
    expect(
      within(mainNav()).getByRole('link', { name: 'Services' }).getAttribute('aria-current'),
    ).toBe('page');
    expect(screen.getAllByRole('link', { name: 'Login' })[0]?.getAttribute('href')).toBe('/auth');
    expect(
      screen
        .getAllByRole('link', { name: `Call ${MAIN.name} on ${MAIN.phone}` })[0]
        ?.getAttribute('href'),
    ).toBe(telHref(MAIN.phone));
  });

  it('welcomes an admin, marks them Admin and adds the Admin Panel', async () => {
    localStorage.setItem('auth_user', JSON.stringify(aStaffUser({ role: 'admin' })));
    fakeApi({ 'GET /api/auth/me': json({ user: aStaffUser({ role: 'admin' }) }) });
    renderHeader();
    expect(screen.getByTestId('welcome-line').textContent).toBe('Welcome, SamAdmin');
    const links = within(mainNav()).getAllByRole('link');
    expect(links.at(-1)?.textContent).toBe(ADMIN_LINK.label);
    expect(links.at(-1)?.getAttribute('href')).toBe(ADMIN_LINK.to);
  });

  it('gives a driver a link to their own screen', () => {
    localStorage.setItem('auth_user', JSON.stringify(aStaffUser()));
    fakeApi({ 'GET /api/auth/me': json({ user: aStaffUser() }) });
    renderHeader();
    const links = within(mainNav()).getAllByRole('link');
    expect(links.at(-1)?.textContent).toBe(DRIVER_LINK.label);
    expect(within(mainNav()).queryByRole('link', { name: ADMIN_LINK.label })).toBeNull();
  });

  it('signs a customer out at Logout without asking', async () => {
    const customer = aStaffUser({ id: 9, username: 'dana', firstName: 'Dana', role: 'customer' });
    localStorage.setItem('auth_user', JSON.stringify(customer));
    const api = fakeApi({
      'GET /api/auth/me': json({ user: customer }),
      'POST /api/auth/logout': json({ ok: true }),
    });
    const { user } = renderHeader();
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(screen.queryByTestId('welcome-line')).toBeNull());
    expect(api.callsTo('POST /api/auth/logout')).toHaveLength(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens the menu with every link and both phone lines', async () => {
    fakeApi({ 'GET /api/auth/me': json({ user: null }) });
    const { user } = renderHeader();
    const burger = screen.getByRole('button', { name: 'Open menu' });
    expect(burger.getAttribute('aria-expanded')).toBe('false');
    await user.click(burger);
    const menu = await screen.findByRole('navigation', { name: 'Mobile' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(NAV_LINKS.map((item) => item.label));
    const drawer = menu.closest<HTMLElement>('[role=dialog]')!;
    const calls = within(drawer)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'))
      .filter((href) => href?.startsWith('tel:'));
    expect(calls).toEqual([telHref(MAIN.phone), telHref(DEFAULT_BUSINESS_PROFILE.staffPhone)]);
    // Following a link closes the menu.
    await user.click(within(menu).getByRole('link', { name: 'Pricing' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).toBe(
        'false',
      ),
    );
  });
});
