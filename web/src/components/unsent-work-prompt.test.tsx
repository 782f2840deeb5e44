import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MESSAGES } from '@pilbara/shared-schema';
import { aStaffUser } from '@pilbara/shared-schema/testing';
import { renderScreen } from '../app/test-providers';
import { AuthProvider } from '../lib/auth';
import { fakeApi, json, setOnline } from '../lib/testing/fake-api';
import { fill } from '../lib/testing/user-input';
import { db, resetDevice } from '../sync/testing/device';
import { queueChanges } from './testing/pending-changes';
import { UnsentWorkPrompt } from './unsent-work-prompt';

const SAM = aStaffUser();

function renderPrompt() {
  return renderScreen(
    <AuthProvider>
      <UnsentWorkPrompt kept={null} />
    </AuthProvider>,
    { route: '/driver' },
  );
}

beforeEach(async () => {
  await resetDevice();
  localStorage.clear();
  // Signed in with no signal on an earlier page: the password is not held any more.
  localStorage.setItem('auth_user', JSON.stringify(SAM));
  localStorage.setItem('auth_offline', JSON.stringify(SAM.username));
  setOnline(true);
});

afterEach(() => {
  localStorage.clear();
  setOnline(true);
});

describe('changes waiting for a sign-in that only the staff member can give', () => {
  it('says how many changes wait and that signing in again sends them', async () => {
    fakeApi();
    await queueChanges(3);
    renderPrompt();
    const bar = await screen.findByTestId('unsent-work-prompt');
    expect(bar.textContent).toContain(MESSAGES.signInToSend(3));
    expect(within(bar).getByRole('button', { name: MESSAGES.SIGN_IN_AGAIN })).toBeTruthy();
  });

  it('signs in with the password typed again, and the prompt goes', async () => {
    const api = fakeApi({ 'POST /api/auth/login': json({ user: SAM }) });
    await queueChanges(2);
    const { user } = renderPrompt();
    const bar = await screen.findByTestId('unsent-work-prompt');
    await user.click(within(bar).getByRole('button', { name: MESSAGES.SIGN_IN_AGAIN }));
    const form = await screen.findByRole('form', { name: MESSAGES.SIGN_IN_AGAIN });
    expect(within(form).getByText(MESSAGES.SIGN_IN_TO_SEND_WHY)).toBeTruthy();
    await fill(user, within(form).getByLabelText(/^Password for sam/), 'correct horse');
    await user.click(within(form).getByRole('button', { name: MESSAGES.SIGN_IN_AGAIN }));
    await waitFor(() => expect(screen.queryByTestId('unsent-work-prompt')).toBeNull());
    expect(api.callsTo('POST /api/auth/login')[0]?.body).toEqual({
      username: 'sam',
      password: 'correct horse',
    });
    expect(localStorage.getItem('auth_offline')).toBeNull();
    // The changes are still there, for the sync to send now that there is a session.
    expect(await db.outbox.count()).toBe(2);
  });

  it('shows the server’s refusal under the password and keeps asking', async () => {
    fakeApi({ 'POST /api/auth/login': json({ error: MESSAGES.INVALID_CREDENTIALS }, 401) });
    await queueChanges(1);
    const { user } = renderPrompt();
    await user.click(
      within(await screen.findByTestId('unsent-work-prompt')).getByRole('button', {
        name: MESSAGES.SIGN_IN_AGAIN,
      }),
    );
    const form = await screen.findByRole('form', { name: MESSAGES.SIGN_IN_AGAIN });
    await fill(user, within(form).getByLabelText(/^Password for sam/), 'wrong one');
    await user.click(within(form).getByRole('button', { name: MESSAGES.SIGN_IN_AGAIN }));
    expect(await within(form).findByText(MESSAGES.INVALID_CREDENTIALS)).toBeTruthy();
  });

  it('stays quiet while nothing waits', async () => {
    fakeApi();
    renderPrompt();
    await waitFor(async () => expect(await db.outbox.count()).toBe(0));
    expect(screen.queryByTestId('unsent-work-prompt')).toBeNull();
  });
});
