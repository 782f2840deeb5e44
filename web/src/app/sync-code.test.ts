import { describe, expect, it } from 'vitest';
// The device's IndexedDB first: the sync module opens its database as it loads.
import '../sync/testing/device';
import { loadStaffSync, loadSyncStatus } from './sync-code';

describe('the sync code, loaded in steps', () => {
  it('gives every caller the one sync status module, loaded once', async () => {
    const [first, second] = await Promise.all([loadSyncStatus(), loadSyncStatus()]);
    expect(first).toBe(second);
    expect(first).toBe(await import('../features/sync-status'));
    expect(typeof first.SyncStatusChip).toBe('function');
  });

  it('gives the shell the staff sync component after the sync code under it', async () => {
    const module = await loadStaffSync();
    expect(module.StaffSync).toBe((await import('./staff-sync')).StaffSync);
  });
});
