/**
 * The sync status chip (docs/sync.md): online / offline / syncing / k pending / k need attention,
 * and whether the browser promised to keep the data. Read from Dexie, so every tab shows what
 * the leader tab's engine is doing.
 */
import { Badge, Group, Popover, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import {
  MESSAGES,
  storageLines,
  type StorageBrowser,
  storageAtRisk,
  uploadingText,
  formatDateTime,
} from '@pilbara/shared-schema';
import { useAuth } from '../../lib/auth';
import { useOnline } from '../../lib/use-online';
import { useSyncStatus, type SyncStatus } from '../../sync';

/**
 * How the sign-in stands, beside the engine's status: signed in offline, the engine does not
 * run until the device signs in to the server, so its last stored state says
 * nothing true; the chip says what the device waits for instead.
 */
export interface SessionForChip {
  /** Signed in offline (no server session yet). */
  offline: boolean;
  /** ... on an earlier page: the password must be typed again. */
  needsPassword: boolean;
  /** Whether the browser has a network (the engine's stored state is stale meanwhile). */
  online: boolean;
}

/** The chip's main text and colour for a status. */
export function describeSyncStatus(
  status: SyncStatus,
  session: SessionForChip = { offline: false, needsPassword: false, online: true },
): { label: string; color: string } {
  if (status.state === 'update-required') return { label: 'Update required', color: 'orange' };
  if (session.offline && session.online) {
    if (session.needsPassword)
      return {
        label: status.pending > 0 ? `Sign in to send · ${status.pending}` : 'Signed in offline',
        color: status.pending > 0 ? 'orange' : 'gray',
      };
    return { label: 'Signing in…', color: 'blue' };
  }
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

/** The browser, as far as keeping the offline data goes (shared-schema `storageLines`). */
function storageBrowser(): StorageBrowser {
  const agent = globalThis.navigator?.userAgent ?? '';
  const apple = /iPhone|iPad|iPod/.test(agent);
  const safari = /AppleWebKit/.test(agent) && !/Chrome|Chromium|CriOS|Edg|Android/.test(agent);
  const standalone =
    globalThis.matchMedia?.('(display-mode: standalone)').matches === true ||
    (globalThis.navigator as { standalone?: boolean } | undefined)?.standalone === true;
  return { webkit: apple || safari, installed: standalone };
}

/** "Last synced 24 Nov 2026, 2:05 pm" in Perth time, or null before the first sync. */
export function lastSyncedText(lastSyncedAt: string | null): string | null {
  if (!lastSyncedAt) return null;
  return `Last synced ${formatDateTime(lastSyncedAt)}`;
}

/**
 * The chip. Its details (when it last synced, why it is not syncing, whether the browser may
 * clear the offline data) open on a tap or click, so a phone shows them too (a
 * phone never hovers). When the data is at risk the chip carries a warning sign.
 */
export function SyncStatusChip() {
  const status = useSyncStatus();
  const { offline, needsPassword } = useAuth();
  const online = useOnline();
  const { label, color } = describeSyncStatus(status, { offline, needsPassword, online });
  const uploading = uploadingText(status.uploading.photos, status.uploading.signatures);
  const lastSynced = lastSyncedText(status.lastSyncedAt);
  const atRisk = storageAtRisk(status.persistence);
  return (
    <Group gap={6} data-testid="sync-status" data-state={status.state} aria-live="polite">
      <Popover width={280} position="bottom-start" withArrow trapFocus returnFocus>
        <Popover.Target>
          <Badge
            component="button"
            type="button"
            size="lg"
            variant="light"
            color={color}
            data-testid="sync-status-label"
            aria-label={`${label}${atRisk ? ', offline data at risk' : ''}. Sync details`}
            style={{ cursor: 'pointer' }}
            rightSection={
              atRisk ? (
                <IconAlertTriangle size={14} aria-hidden data-testid="sync-storage-warning" />
              ) : undefined
            }
          >
            {label}
          </Badge>
        </Popover.Target>
        <Popover.Dropdown data-testid="sync-details">
          <Stack gap={6}>
            <Text size="sm" fw={700}>
              {label}
            </Text>
            <Text size="sm">{lastSynced ?? 'Not synced yet on this device.'}</Text>
            {offline && <Text size="sm">{MESSAGES.SIGN_IN_TO_SEND_WHY}</Text>}
            {status.message && <Text size="sm">{status.message}</Text>}
            {storageLines(status.persistence, storageBrowser()).map((line) => (
              <Text
                key={line}
                size="sm"
                c={atRisk ? 'orange.9' : 'dimmed'}
                fw={atRisk ? 600 : undefined}
                data-testid="sync-storage"
              >
                {line}
              </Text>
            ))}
          </Stack>
        </Popover.Dropdown>
      </Popover>
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
