import 'fake-indexeddb/auto';
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { db } from '../../sync';
import { NeedsAttentionList } from './needs-attention-list';
import { describeSyncStatus } from './sync-status-chip';

afterEach(async () => {
  await db.syncIssues.clear();
});

const base = {
  pending: 0,
  uploading: { photos: 0, signatures: 0 },
  needsAttention: 0,
  lastSyncedAt: null,
  persisted: true,
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
    expect(await screen.findByText('Mark job En Route · JOB-2026-7')).toBeTruthy();
    expect(screen.getByText('This job is already finished')).toBeTruthy();
    expect(screen.getByText('1 change needs attention')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByTestId('needs-attention')).toBeNull());
    expect(await db.syncIssues.count()).toBe(0);
  });
});
