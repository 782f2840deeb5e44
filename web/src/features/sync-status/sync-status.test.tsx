import 'fake-indexeddb/auto';
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { db } from '../../sync';
import { AuthProvider } from '../../lib/auth';
import { NeedsAttentionList } from './needs-attention-list';
import { SyncStatusChip, describeSyncStatus, lastSyncedText } from './sync-status-chip';

afterEach(async () => {
  await db.syncIssues.clear();
  await db.meta.delete('status');
  await db.meta.delete('persistence');
});

const base = {
  pending: 0,
  uploading: { photos: 0, signatures: 0 },
  needsAttention: 0,
  lastSyncedAt: null,
  persistence: 'granted' as const,
  message: null,
};

describe('describeSyncStatus', () => {
  it('shows pending writes while offline and while syncing', () => {
    expect(describeSyncStatus({ ...base, state: 'offline', pending: 2 }).label).toBe(
      'Offline · 2 pending',
    );
    expect(describeSyncStatus({ ...base, state: 'syncing', pending: 2 }).label).toBe(
      'Syncing · 2 pending',
    );
    expect(describeSyncStatus({ ...base, state: 'online' }).label).toBe('Synced');
    expect(describeSyncStatus({ ...base, state: 'update-required' }).label).toBe('Update required');
  });

  it('says what a device signed in offline waits for, not a stale state', () => {
    // The engine last stored "offline" before the sign-out; the browser has signal now.
    const waiting = { ...base, state: 'offline' as const, pending: 3 };
    const session = { offline: true, needsPassword: true, online: true };
    expect(describeSyncStatus(waiting, session).label).toBe('Sign in to send · 3');
    expect(describeSyncStatus(waiting, { ...session, needsPassword: false }).label).toBe(
      'Signing in…',
    );
    // With no signal at all, offline is the whole truth.
    expect(describeSyncStatus(waiting, { ...session, online: false }).label).toBe(
      'Offline · 3 pending',
    );
  });
});

/** The chip as the header shows it: inside the theme and the signed-in session. */
function renderChip() {
  render(
    <MantineProvider env="test">
      <AuthProvider>
        <SyncStatusChip />
      </AuthProvider>
    </MantineProvider>,
  );
}

describe('SyncStatusChip', () => {
  it('shows its details on a tap (a phone has no hover), with the storage warning', async () => {
    await db.meta.put({
      key: 'status',
      value: {
        state: 'offline',
        lastSyncedAt: '2026-11-24T05:30:00.000Z',
        transport: null,
        message: 'No answer from the server',
      },
    });
    await db.meta.put({ key: 'persistence', value: { promise: 'not-asked', askedAt: null } });
    renderChip();
    // The status comes from a live query of the local database: give a busy machine time.
    const chip = screen.getByTestId('sync-status-label');
    await waitFor(
      () => expect(chip.getAttribute('aria-label')).toMatch(/^Offline, offline data at risk/),
      { timeout: 10_000 },
    );
    expect(chip.tagName).toBe('BUTTON');
    expect(screen.getByTestId('sync-storage-warning')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(chip);
    const details = await screen.findByRole('dialog', {}, { timeout: 10_000 });
    expect(details.dataset.testid).toBe('sync-details');
    expect(details.textContent).toContain('Last synced 24 Nov 2026, 1:30 pm');
    expect(details.textContent).toContain('No answer from the server');
    expect(details.textContent).toContain('The browser may clear offline data');
  });

  it('says when the browser cannot promise to keep the data (WebKitGTK has no persist())', async () => {
    await db.meta.put({ key: 'persistence', value: { promise: 'unsupported', askedAt: null } });
    renderChip();
    const chip = screen.getByTestId('sync-status-label');
    await waitFor(() => expect(chip.getAttribute('aria-label')).toMatch(/offline data at risk/), {
      timeout: 10_000,
    });
    fireEvent.click(chip);
    const details = await screen.findByRole('dialog', {}, { timeout: 10_000 });
    expect(details.textContent).toContain(
      'This browser makes no promise to keep offline data. Sync before closing.',
    );
  });

  it('says when it has not synced yet', () => {
    expect(lastSyncedText(null)).toBeNull();
    expect(lastSyncedText('2026-11-24T05:30:00.000Z')).toBe('Last synced 24 Nov 2026, 1:30 pm');
  });
});

describe('NeedsAttentionList', () => {
  it('lists a rejected change with its reason and data, and discards it', async () => {
    await db.syncIssues.put({
      id: 'm1',
      seq: 3,
      mutationId: 'm1',
      name: 'job.markEnRoute',
      args: { id: 'JOB-2026-7', updateId: 12 },
      code: 'invalid_state',
      message: 'This job is already finished',
      createdAt: '2026-11-21T01:00:00.000Z',
      rejectedAt: '2026-11-21T02:00:00.000Z',
    });
    render(
      <MantineProvider>
        <NeedsAttentionList />
      </MantineProvider>,
    );
    // A step the job has passed: said plainly, nothing to retry.
    expect(await screen.findByText('Mark En Route was not applied to job JOB-2026-7')).toBeTruthy();
    expect(screen.getByText('This job is already finished')).toBeTruthy();
    expect(screen.getByText('1 change needs attention')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByTestId('needs-attention')).toBeNull());
    expect(await db.syncIssues.count()).toBe(0);
  });
});
