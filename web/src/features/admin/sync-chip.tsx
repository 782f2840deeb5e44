/**
 * The sync status chip (DESIGN §5 "Reconnect"): online / offline / syncing / k pending / k need
 * attention, read from Dexie so every tab shows the leader's state.
 */
import { Badge, Group, Text } from '@mantine/core';
import { IconAlertCircle, IconCloudCheck, IconCloudOff, IconRefresh } from '@tabler/icons-react';
import { useSyncStatus } from '../../sync';

export function SyncChip() {
  const status = useSyncStatus();
  const offline = status.state === 'offline';
  const syncing = status.state === 'syncing' || status.state === 'connecting';
  const color =
    status.needsAttention > 0
      ? 'red'
      : offline
        ? 'gray'
        : status.pending > 0 || syncing
          ? 'yellow'
          : 'green';
  const Icon =
    status.needsAttention > 0
      ? IconAlertCircle
      : offline
        ? IconCloudOff
        : syncing
          ? IconRefresh
          : IconCloudCheck;
  const label = offline
    ? 'Offline'
    : syncing
      ? 'Syncing'
      : status.state === 'update-required'
        ? 'Update required'
        : 'Online';
  return (
    <Group gap={6} data-testid="sync-chip" data-state={status.state} aria-live="polite" wrap="wrap">
      <Badge size="lg" variant="light" color={color} leftSection={<Icon size={16} aria-hidden />}>
        {label}
      </Badge>
      {status.pending > 0 && (
        <Badge size="lg" variant="outline" color="yellow.8" data-testid="sync-pending">
          {status.pending} pending
        </Badge>
      )}
      {status.needsAttention > 0 && (
        <Badge size="lg" variant="filled" color="red">
          {status.needsAttention} need attention
        </Badge>
      )}
      {status.message && (
        <Text size="sm" c="dimmed">
          {status.message}
        </Text>
      )}
    </Group>
  );
}
