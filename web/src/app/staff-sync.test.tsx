import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { MESSAGES } from '@pilbara/shared-schema';
import { readKeptChanges } from '../lib/kept-changes';
import { fakeApi } from '../lib/testing/fake-api';
// The device's IndexedDB first: the sync module opens its database as it loads.
import { db, resetDevice } from '../sync/testing/device';
import { queueChanges } from '../components/testing/pending-changes';
import { keepOutboxFor, stopSync } from '../sync';
import { StaffSync } from './staff-sync';
import { renderScreen } from './test-providers';

const SAM = { id: 2, name: 'Sam Taylor', username: 'sam' };
const ALEX = { id: 3, name: 'Alex Nguyen', username: 'alex' };

async function keptFor(owner: typeof SAM, count: number) {
  await queueChanges(count);
  await keepOutboxFor(owner);
}

function renderSync(user: typeof SAM) {
  return renderScreen(<StaffSync user={user} onSignedOut={() => undefined} />);
}

beforeEach(async () => {
  localStorage.clear();
  await resetDevice();
});

afterEach(async () => {
  await stopSync();
  localStorage.clear();
});

describe('the staff sync of a shared phone', () => {
  it('says whose kept changes wait, and keeps them and their mark for that person', async () => {
    fakeApi();
    await keptFor(SAM, 3);
    const { unmount } = renderSync(ALEX);
    expect(await screen.findByText(MESSAGES.keptForOtherUser(SAM.name, 3))).toBeTruthy();
    expect(screen.getByText(MESSAGES.SIGN_OUT_PENDING_TITLE)).toBeTruthy();
    expect(await db.outbox.count()).toBe(3);
    expect(readKeptChanges()?.username).toBe(SAM.username);

    // Alex signs out: the notice is about Alex's session and goes with it.
    unmount();
    await waitFor(() =>
      expect(screen.queryByText(MESSAGES.keptForOtherUser(SAM.name, 3))).toBeNull(),
    );
  });

  it('starts for the person whose changes were kept, and drops the mark', async () => {
    const api = fakeApi();
    await keptFor(SAM, 2);
    renderSync(SAM);
    await waitFor(() =>
      expect(api.calls.some((call) => call.path.startsWith('/api/sync/'))).toBe(true),
    );
    expect(readKeptChanges()).toBeNull();
    expect(screen.queryByText(MESSAGES.keptForOtherUser(SAM.name, 2))).toBeNull();
  });
});
