import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { lazy } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { DEFAULT_BUSINESS_PROFILE, MESSAGES } from '@pilbara/shared-schema';
import { AuthProvider } from '../lib/auth';
import { telHref } from '../lib/format';
import { clearKeptChanges, writeKeptChanges } from '../lib/kept-changes';
import { fakeApi, json, setOnline } from '../lib/testing/fake-api';
import { queueChanges } from '../components/testing/pending-changes';
import { resetDevice } from '../sync/testing/device';
import { Layout } from './layout';
import { NAV_LINKS } from './nav-links';
import { renderScreen } from './test-providers';

const [MAIN, SECOND] = DEFAULT_BUSINESS_PROFILE.owners;
const HOME = NAV_LINKS[0]!;

/** A page whose chunk does not arrive: no signal, and no service worker holding it yet. */
const NoSignalPage = lazy(() =>
  Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
);

/** A page whose chunk is on its way until the test lets it arrive. */
let arrive: () => void = () => undefined;
const SlowPage = lazy(
  () =>
    new Promise<{ default: () => React.JSX.Element }>((resolve) => {
      arrive = () => resolve({ default: () => <p>The slow page</p> });
    }),
);

function SignInStandIn() {
  const state = useLocation().state as { username?: string } | null;
  return <p>{`sign in as ${state?.username ?? '?'}`}</p>;
}

function renderApp(route: string) {
  return renderScreen(
    <AuthProvider>
      <Routes>
        <Route element={<Layout />}>
          <Route path={HOME.to} element={<p>The home page</p>} />
          <Route path="/no-signal" element={<NoSignalPage />} />
          <Route path="/slow" element={<SlowPage />} />
          <Route path="/auth" element={<SignInStandIn />} />
        </Route>
      </Routes>
    </AuthProvider>,
    { route },
  );
}

beforeEach(() => {
  localStorage.clear();
  setOnline(true);
  fakeApi({ 'GET /api/auth/me': json({ user: null }) });
});

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('the frame of every page', () => {
  it('skips to the page itself, and keeps the frame while a page’s code loads', async () => {
    renderApp('/slow');
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip.getAttribute('href')).toBe('#main');
    const main = screen.getByRole('main');
    expect(main.id).toBe('main');
    expect(within(main).getByRole('status', { name: 'Loading page' })).toBeTruthy();
    expect(await screen.findByRole('contentinfo')).toBeTruthy();

    act(() => arrive());
    expect(await within(main).findByText('The slow page')).toBeTruthy();
    expect(within(main).queryByRole('status', { name: 'Loading page' })).toBeNull();
  });

  it('says a page needs signal when its code cannot load, gives both lines, and the next address tries again', async () => {
    // React reports the caught error on the console; the test is about what the user sees.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderApp('/no-signal');
    const notice = await within(screen.getByRole('main')).findByRole('alert');
    expect(within(notice).getByRole('heading').textContent).toBe('This page needs signal to open');
    const lines = within(notice).getAllByRole('link');
    expect(lines.map((line) => [line.textContent, line.getAttribute('href')])).toEqual(
      [MAIN!, SECOND!].map((owner) => [`${owner.name}: ${owner.phone}`, telHref(owner.phone)]),
    );
    // The header still works: the visitor goes on to a page that is here.
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('link', { name: HOME.label }));
    expect(await screen.findByText('The home page')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('someone’s changes kept on a signed-out phone', () => {
  beforeEach(async () => {
    await resetDevice();
  });

  afterEach(() => clearKeptChanges());

  it('says whose changes wait and sends them to sign in as that person', async () => {
    await queueChanges(2);
    writeKeptChanges({ userId: '2', name: 'Sam Taylor', username: 'sam' });
    const { user } = renderApp(HOME.to);
    const bar = await screen.findByTestId('unsent-work-prompt');
    expect(within(bar).getByText(MESSAGES.keptChangesWait('Sam Taylor', 2))).toBeTruthy();
    await user.click(within(bar).getByRole('button', { name: MESSAGES.SIGN_IN_AGAIN }));
    expect(await screen.findByText('sign in as sam')).toBeTruthy();
  });

  it('appears as soon as changes are kept, and goes once they are no one’s to send', async () => {
    await queueChanges(1);
    renderApp(HOME.to);
    await screen.findByText('The home page');
    act(() => writeKeptChanges({ userId: '3', name: 'Alex Nguyen', username: 'alex' }));
    const bar = await screen.findByTestId('unsent-work-prompt');
    expect(bar.textContent).toContain(MESSAGES.keptChangesWait('Alex Nguyen', 1));

    act(() => clearKeptChanges());
    await waitFor(() => expect(screen.queryByTestId('unsent-work-prompt')).toBeNull());
  });
});
