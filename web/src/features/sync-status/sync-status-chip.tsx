/**
 * The sync status chip (DESIGN §5): online / offline / syncing / k pending / k need attention,
 * and whether the browser promised to keep the data. Read from Dexie, so every tab shows what
 * the leader tab's engine is doing.
 */
import { Badge, Group, Tooltip } from '@mantine/core';
import { uploadingText } from '@pilbara/shared-schema';
import { useSyncStatus, type SyncStatus } from '../../sync';

/** The chip's main text and colour for a status. */
export function describeSyncStatus(status: SyncStatus): { label: string; color: string } {
  if (status.state === 'update-required') return { label: 'Update required', color: 'orange' };
  if (status.state === 'signed-out') return { label: 'Signed out', color: 'gray' };
  if (status.state === 'offline') {
    return {
      label: status.pending > 0 ? `Offline · ${status.pending} pending` : 'Offline',
      color: 'gray',
    };
  }
  if (status.pending > 0) return { label: `Syncing · ${status.pending} pending`, color: 'yellow' };
  if (status.state === 'syncing' || status.state === 'connecting')
    return { label: 'Syncing', color: 'blue' };
  if (status.state === 'online') return { label: 'Synced', color: 'green' };
  return { label: 'Not syncing', color: 'gray' };
}

function persistenceText(persisted: boolean | null): string {
  if (persisted === true) return 'This device keeps your offline data.';
  if (persisted === false)
    return 'The browser may clear offline data when storage is low. Sync before closing.';
  return 'Offline storage status unknown.';
}

export function SyncStatusChip() {
  const status = useSyncStatus();
  const { label, color } = describeSyncStatus(status);
  const uploading = uploadingText(status.uploading.photos, status.uploading.signatures);
  const lastSynced = status.lastSyncedAt
    ? `Last synced ${new Date(status.lastSyncedAt).toLocaleString('en-AU', { timeZone: 'Australia/Perth' })}. `
    : '';
  return (
    <Group gap={6} data-testid="sync-status" data-state={status.state} aria-live="polite">
      <Tooltip
        label={`${lastSynced}${status.message ?? ''} ${persistenceText(status.persisted)}`.trim()}
        multiline
        w={260}
      >
        <Badge size="lg" variant="light" color={color} data-testid="sync-status-label">
          {label}
        </Badge>
      </Tooltip>
      {uploading && (
        <Badge size="lg" variant="light" color="yellow" data-testid="sync-uploading">
          {uploading}
        </Badge>
      )}
      {status.needsAttention > 0 && (
        <Badge size="lg" variant="filled" color="red" data-testid="sync-needs-attention">
          {status.needsAttention} need attention
        </Badge>
      )}
    </Group>
  );
}
