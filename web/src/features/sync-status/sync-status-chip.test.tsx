import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { STORAGE_PROMISE_TEXT, uploadingText } from '@pilbara/shared-schema';
import { renderScreen } from '../../app/test-providers';
import { AuthProvider } from '../../lib/auth';
import { fakeApi, setOnline } from '../../lib/testing/fake-api';
import { db, resetDevice } from '../../sync/testing/device';
import { SyncStatusChip, describeSyncStatus } from './sync-status-chip';

function renderChip() {
  return renderScreen(
    <AuthProvider>
      <SyncStatusChip />
    </AuthProvider>,
  );
}

function engineSaid(state: string, extra: Record<string, unknown> = {}) {
  return db.meta.put({
    key: 'status',
    value: { state, lastSyncedAt: null, transport: null, message: null, ...extra },
  });
}

function queued(count: number) {
  return db.outbox.bulkAdd(
    Array.from({ length: count }, (_, index) => ({
      seq: index + 1,
      mutationId: `m${index + 1}`,
      name: 'job.markEnRoute',
      args: { id: 'JOB-2026-1', updateId: index + 1 },
      createdAt: '2026-11-21T01:00:00.000Z',
      writes: ['jobs:JOB-2026-1'],
    })) as never,
  );
}

function fieldFile(id: string, kind: 'photo' | 'signature', uploaded: boolean) {
  return {
    id,
    kind,
    jobId: 'JOB-2026-1',
    contentHash: `hash-${id}`,
    mimeType: 'image/jpeg' as const,
    full: uploaded ? null : new ArrayBuffer(8),
    thumb: new ArrayBuffer(4),
    size: 8,
    createdAt: '2026-11-21T01:00:00.000Z',
    uploadedAt: uploaded ? '2026-11-21T01:05:00.000Z' : null,
    lastError: null,
  };
}

async function chipLabel(expected: string | RegExp): Promise<HTMLElement> {
  const chip = await screen.findByTestId('sync-status-label');
  await waitFor(() =>
    typeof expected === 'string'
      ? expect(chip.textContent).toBe(expected)
      : expect(chip.textContent).toMatch(expected),
  );
  return chip;
}

beforeEach(async () => {
  await resetDevice();
  setOnline(true);
  fakeApi();
});

describe('the sync status chip', () => {
  it('says Synced once the engine is online with nothing waiting', async () => {
    await engineSaid('online', { lastSyncedAt: '2026-11-24T05:30:00.000Z' });
    await db.meta.put({ key: 'persistence', value: { promise: 'granted', askedAt: null } });
    renderChip();
    const chip = await chipLabel('Synced');
    expect(chip.getAttribute('aria-label')).toBe('Synced. Sync details');
    expect(screen.queryByTestId('sync-storage-warning')).toBeNull();
    expect(screen.getByTestId('sync-status').dataset.state).toBe('online');
  });

  it('counts the changes waiting to be sent while it syncs', async () => {
    await engineSaid('syncing');
    await queued(3);
    renderChip();
    await chipLabel('Syncing · 3 pending');
  });

  it('says Offline with the count when the browser has no network, whatever the engine last said', async () => {
    await engineSaid('online');
    await queued(2);
    setOnline(false);
    try {
      renderChip();
      await chipLabel('Offline · 2 pending');
      expect(screen.getByTestId('sync-status').dataset.state).toBe('offline');
    } finally {
      setOnline(true);
    }
  });

  it('asks for an update when the server needs a newer app, with the server’s words', async () => {
    await engineSaid('update-required', { message: 'Reload to get the new version' });
    const { user } = renderChip();
    const chip = await chipLabel('Update required');
    await user.click(chip);
    const details = await screen.findByRole('dialog');
    expect(within(details).getByText('Reload to get the new version')).toBeTruthy();
    expect(within(details).getByText('Not synced yet on this device.')).toBeTruthy();
  });

  it('shows the photos and signatures still uploading beside the chip', async () => {
    await engineSaid('online');
    await db.fieldFiles.bulkPut([
      fieldFile('p1', 'photo', false),
      fieldFile('p2', 'photo', false),
      fieldFile('s1', 'signature', false),
      // The server holds this one already: it no longer counts.
      fieldFile('p3', 'photo', true),
    ]);
    renderChip();
    expect((await screen.findByTestId('sync-uploading')).textContent).toBe(uploadingText(2, 1));
  });

  it('shows how many refused changes need attention, and nothing when none do', async () => {
    await engineSaid('online');
    renderChip();
    await chipLabel('Synced');
    expect(screen.queryByTestId('sync-needs-attention')).toBeNull();
    await db.syncIssues.put({
      id: 'm1',
      seq: 1,
      mutationId: 'm1',
      name: 'job.markEnRoute',
      args: { id: 'JOB-2026-1' },
      code: 'invalid_state',
      message: 'Already finished',
      createdAt: '2026-11-21T01:00:00.000Z',
      rejectedAt: '2026-11-21T01:01:00.000Z',
    });
    expect((await screen.findByTestId('sync-needs-attention')).textContent).toBe(
      '1 need attention',
    );
  });

  it('tells a device whose browser refused to keep the data, in the details', async () => {
    await engineSaid('online');
    await db.meta.put({ key: 'persistence', value: { promise: 'refused', askedAt: null } });
    const { user } = renderChip();
    const chip = await chipLabel('Synced');
    await waitFor(() =>
      expect(chip.getAttribute('aria-label')).toBe('Synced, offline data at risk. Sync details'),
    );
    await user.click(chip);
    expect(
      within(await screen.findByRole('dialog')).getByText(STORAGE_PROMISE_TEXT.refused),
    ).toBeTruthy();
  });
});

describe('describeSyncStatus', () => {
  const base = {
    pending: 0,
    uploading: { photos: 0, signatures: 0 },
    needsAttention: 0,
    lastSyncedAt: null,
    persistence: 'granted' as const,
    message: null,
  };

  it('names each state of the engine in a word a driver reads at a glance', () => {
    expect(describeSyncStatus({ ...base, state: 'connecting' })).toEqual({
      label: 'Syncing',
      color: 'blue',
    });
    expect(describeSyncStatus({ ...base, state: 'signed-out' })).toEqual({
      label: 'Signed out',
      color: 'gray',
    });
    expect(describeSyncStatus({ ...base, state: 'idle' })).toEqual({
      label: 'Not syncing',
      color: 'gray',
    });
    expect(describeSyncStatus({ ...base, state: 'offline' })).toEqual({
      label: 'Offline',
      color: 'gray',
    });
    expect(describeSyncStatus({ ...base, state: 'online', pending: 1 })).toEqual({
      label: 'Syncing · 1 pending',
      color: 'yellow',
    });
  });

  it('says a device signed in offline with nothing waiting is just that', () => {
    expect(
      describeSyncStatus(
        { ...base, state: 'offline' },
        { offline: true, needsPassword: true, online: true },
      ),
    ).toEqual({ label: 'Signed in offline', color: 'gray' });
  });
});
