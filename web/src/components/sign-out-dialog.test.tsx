import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { MESSAGES } from '@pilbara/shared-schema';
import { aStaffUser } from '@pilbara/shared-schema/testing';
import { renderScreen } from '../app/test-providers';
import { AuthProvider, useAuth } from '../lib/auth';
import { fakeApi, json, setOnline } from '../lib/testing/fake-api';
import { META, getMeta } from '../sync/local-store';
import { db, resetDevice } from '../sync/testing/device';
import { queueChanges } from './testing/pending-changes';
import { SignOutDialog } from './sign-out-dialog';
import { UnsentWorkPrompt } from './unsent-work-prompt';

const SAM = aStaffUser({ role: 'admin' });

function Who() {
  const { user } = useAuth();
  return <output data-testid="who">{user ? user.username : 'signed out'}</output>;
}

let closed = 0;

function renderDialog() {
  closed = 0;
  return renderScreen(
    <AuthProvider>
      <Who />
      <SignOutDialog onClose={() => (closed += 1)} />
    </AuthProvider>,
    { route: '/admin' },
  );
}

beforeEach(async () => {
  await resetDevice();
  localStorage.clear();
  localStorage.setItem('auth_user', JSON.stringify(SAM));
  setOnline(true);
});

afterEach(() => {
  localStorage.clear();
  setOnline(true);
});

describe('signing out with changes still waiting', () => {
  it('signs out at once when nothing waits', async () => {
    const api = fakeApi({
      'GET /api/auth/me': json({ user: SAM }),
      'POST /api/auth/logout': json({ ok: true }),
    });
    renderDialog();
    await waitFor(() => expect(screen.getByTestId('who').textContent).toBe('signed out'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo('POST /api/auth/logout')).toHaveLength(1);
    expect(closed).toBe(1);
  });

  it('asks first, naming how many changes wait, and Stay keeps the staff member in', async () => {
    const api = fakeApi({ 'GET /api/auth/me': json({ user: SAM }) });
    await queueChanges(3);
    const { user } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: MESSAGES.SIGN_OUT_PENDING_TITLE });
    expect(within(dialog).getByText(MESSAGES.signOutPending(3))).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: MESSAGES.SIGN_OUT_STAY }));
    expect(closed).toBe(1);
    expect(screen.getByTestId('who').textContent).toBe('sam');
    expect(api.callsTo('POST /api/auth/logout')).toHaveLength(0);
    expect(await db.outbox.count()).toBe(3);
  });

  it('keeps the changes on the device under the staff member’s name and signs out', async () => {
    fakeApi({
      'GET /api/auth/me': json({ user: SAM }),
      'POST /api/auth/logout': json({ ok: true }),
    });
    await queueChanges(2);
    const { user } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: MESSAGES.SIGN_OUT_PENDING_TITLE });
    await user.click(within(dialog).getByRole('button', { name: MESSAGES.SIGN_OUT_KEEP }));
    await waitFor(() => expect(screen.getByTestId('who').textContent).toBe('signed out'));
    expect(await db.outbox.count()).toBe(2);
    // Marked as this staff member's, so they go under no one else's name.
    expect(await getMeta(db, META.keptFor, null)).toMatchObject({
      userId: String(SAM.id),
      name: 'Sam',
    });
  });

  it('waits for the changes to go, then signs out by itself', async () => {
    fakeApi({
      'GET /api/auth/me': json({ user: SAM }),
      'POST /api/auth/logout': json({ ok: true }),
    });
    await queueChanges(1);
    const { user } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: MESSAGES.SIGN_OUT_PENDING_TITLE });
    await user.click(within(dialog).getByRole('button', { name: MESSAGES.SIGN_OUT_WAIT }));
    expect(within(dialog).getByRole('status').textContent).toBe(MESSAGES.SIGN_OUT_SENDING);
    expect(screen.getByTestId('who').textContent).toBe('sam');
    // The sync engine delivers the change: the outbox empties.
    await db.outbox.clear();
    await waitFor(() => expect(screen.getByTestId('who').textContent).toBe('signed out'));
  });

  it('says it waits for signal while the phone is offline', async () => {
    fakeApi({ 'GET /api/auth/me': json({ user: SAM }) });
    setOnline(false);
    await queueChanges(1);
    const { user } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: MESSAGES.SIGN_OUT_PENDING_TITLE });
    await user.click(within(dialog).getByRole('button', { name: MESSAGES.SIGN_OUT_WAIT }));
    expect(within(dialog).getByRole('status').textContent).toBe(MESSAGES.SIGN_OUT_WAITING_OFFLINE);
  });
});

describe('the prompt for changes kept on this device', () => {
  function Where() {
    const location = useLocation();
    const state = location.state as { username?: string } | null;
    return <output data-testid="where">{`${location.pathname} ${state?.username ?? ''}`}</output>;
  }

  function renderPrompt(kept: Parameters<typeof UnsentWorkPrompt>[0]['kept']) {
    return renderScreen(
      <AuthProvider>
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
        <UnsentWorkPrompt kept={kept} />
      </AuthProvider>,
      { route: '/' },
    );
  }

  const KEPT = { userId: '2', name: 'Sam Taylor', username: 'sam' };

  it('says whose changes wait and leads to their sign-in', async () => {
    localStorage.removeItem('auth_user');
    fakeApi({ 'GET /api/auth/me': json({ user: null }) });
    await queueChanges(2);
    const { user } = renderPrompt(KEPT);
    const bar = await screen.findByTestId('unsent-work-prompt');
    expect(bar.textContent).toContain(MESSAGES.keptChangesWait('Sam Taylor', 2));
    await user.click(within(bar).getByRole('button', { name: MESSAGES.SIGN_IN_AGAIN }));
    expect(screen.getByTestId('where').textContent).toBe('/auth sam');
  });

  it('says nothing with no signal: the chip already tells the whole truth', async () => {
    localStorage.removeItem('auth_user');
    fakeApi({ 'GET /api/auth/me': json({ user: null }) });
    setOnline(false);
    await queueChanges(2);
    renderPrompt(KEPT);
    await waitFor(async () => expect(await db.outbox.count()).toBe(2));
    expect(screen.queryByTestId('unsent-work-prompt')).toBeNull();
  });
});
