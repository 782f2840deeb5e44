/**
 * The backup status on the admin panel: how old the last good backup and the last
 * off-machine copy are, in plain words, with a warning when either is more than a day old or a
 * backup failed; a button to start one; and after a restore, what came back from the devices
 * and what did not. The status lives on the server (it is about the server's disk), so this
 * card needs a connection and says so.
 */
import { useCallback, useEffect, useState } from 'react';
import { Alert, Badge, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconDatabase, IconRestore } from '@tabler/icons-react';
import {
  BACKUP_TEXT,
  MESSAGES,
  ageInWords,
  backupStatusResponseSchema,
  isBackupStale,
  type BackupStatus as Status,
  type RecoveryReport,
  formatDateTime,
} from '@pilbara/shared-schema';
import { apiRequest, serverMessage } from '../../lib/http';
import { StaffOfflineError, online } from './staff-api';

/** How long after a restore its report stays on the panel (while nothing waits any more). */
const RECOVERY_SHOWN_MS = 30 * 24 * 3_600_000;

/** How often the card looks again while a backup runs. */
const RUNNING_POLL_MS = 3_000;

async function readStatus(): Promise<Status> {
  const answer = await online(() => apiRequest<unknown>('/api/backups'));
  return backupStatusResponseSchema.parse(answer).backups;
}

async function startBackup(): Promise<Status> {
  const answer = await online(() => apiRequest<unknown>('/api/backups', { method: 'POST' }));
  return backupStatusResponseSchema.parse(answer).backups;
}

async function stopWaiting(): Promise<Status> {
  const answer = await online(() =>
    apiRequest<unknown>('/api/backups/recovery/stop-waiting', { method: 'POST' }),
  );
  return backupStatusResponseSchema.parse(answer).backups;
}

function Recovery({ report, onStop }: { report: RecoveryReport; onStop: () => void }) {
  const backupAt = report.backupTakenAt ? formatDateTime(report.backupTakenAt) : null;
  return (
    <Alert
      color={report.missing.length > 0 || !report.journalComplete ? 'orange' : 'blue'}
      icon={<IconRestore size={18} aria-hidden />}
      title={BACKUP_TEXT.restoredHeading}
      data-testid="backup-recovery"
    >
      <Stack gap={6}>
        <Text size="sm">{BACKUP_TEXT.restored(formatDateTime(report.restoredAt), backupAt)}</Text>
        <Text size="sm">{BACKUP_TEXT.gaveBack(report.gaveBack)}</Text>
        {report.missing.length > 0 ? (
          <>
            <Text size="sm" fw={600}>
              {BACKUP_TEXT.notGivenBack}
            </Text>
            <List size="sm" spacing={2}>
              {report.missing.map((change) => (
                <List.Item key={`${change.at}-${change.what}`}>
                  {change.what}: {change.how} ({formatDateTime(change.at)})
                </List.Item>
              ))}
            </List>
          </>
        ) : report.journalComplete ? (
          <Text size="sm">{BACKUP_TEXT.nothingMissing}</Text>
        ) : null}
        {!report.journalComplete ? (
          <Text size="sm">{BACKUP_TEXT.unknownAfter(backupAt ?? 'the copy')}</Text>
        ) : null}
        {report.waiting ? (
          <Group gap="sm" wrap="wrap">
            <Text size="sm">{BACKUP_TEXT.waiting}</Text>
            <Button size="xs" variant="light" onClick={onStop}>
              {BACKUP_TEXT.stopWaiting}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Alert>
  );
}

export interface BackupStatusCardProps {
  /** The clock (tests and screenshots fix it). */
  now?: () => Date;
}

export function BackupStatusCard({ now = () => new Date() }: BackupStatusCardProps) {
  const [status, setStatus] = useState<Status | null>(null);
  const [offline, setOffline] = useState(false);
  const [busy, setBusy] = useState(false);

  const refresh = useCallback(async () => {
    try {
      setStatus(await readStatus());
      setOffline(false);
    } catch (error) {
      if (error instanceof StaffOfflineError) setOffline(true);
    }
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const running = status?.running !== null && status?.running !== undefined;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => void refresh(), RUNNING_POLL_MS);
    return () => clearInterval(timer);
  }, [running, refresh]);

  const act = async (call: () => Promise<Status>, done?: string) => {
    setBusy(true);
    try {
      setStatus(await call());
      if (done) notifications.show({ message: done, color: 'green' });
    } catch (error) {
      notifications.show({
        title: MESSAGES.ERROR_TITLE,
        message:
          error instanceof StaffOfflineError
            ? BACKUP_TEXT.needsConnection
            : (serverMessage(error) ?? String(error)),
        color: 'red',
      });
    } finally {
      setBusy(false);
    }
  };

  const at = now();
  const lastGood = status?.lastGood?.takenAt ?? null;
  const lastOffsite = status?.lastOffsite?.at ?? null;
  const hasOffsite = (status?.offsiteDestinations.length ?? 0) > 0;
  const goodStale = status !== null && isBackupStale(lastGood, at);
  const offsiteStale = status !== null && hasOffsite && isBackupStale(lastOffsite, at);

  return (
    <Card withBorder padding="md" radius="md" data-testid="backup-status">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="xs">
            <IconDatabase size={20} aria-hidden />
            <Title order={2} size="h4">
              {BACKUP_TEXT.heading}
            </Title>
            {status && !goodStale && !offsiteStale && !status.lastFailure ? (
              <Badge color="green" variant="light">
                OK
              </Badge>
            ) : null}
          </Group>
          <Button
            size="sm"
            variant="light"
            loading={busy || running}
            disabled={offline}
            onClick={() => void act(startBackup, BACKUP_TEXT.started)}
          >
            {BACKUP_TEXT.start}
          </Button>
        </Group>
        {offline ? (
          <Text size="sm" c="dimmed">
            {BACKUP_TEXT.needsConnection}
          </Text>
        ) : null}
        {status ? (
          <>
            <Stack gap={2}>
              <Text size="sm" c={goodStale ? 'red.8' : undefined} fw={goodStale ? 600 : undefined}>
                {BACKUP_TEXT.lastGood(ageInWords(lastGood, at))}
              </Text>
              <Text
                size="sm"
                c={offsiteStale ? 'red.8' : hasOffsite ? undefined : 'dimmed'}
                fw={offsiteStale ? 600 : undefined}
              >
                {hasOffsite
                  ? BACKUP_TEXT.lastOffsite(ageInWords(lastOffsite, at))
                  : BACKUP_TEXT.offsiteOff}
              </Text>
              {running ? (
                <Text size="sm" c="dimmed">
                  {BACKUP_TEXT.running}
                </Text>
              ) : null}
            </Stack>
            {goodStale ? (
              <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />}>
                {BACKUP_TEXT.staleBackup}
              </Alert>
            ) : null}
            {offsiteStale ? (
              <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />}>
                {BACKUP_TEXT.staleOffsite}
              </Alert>
            ) : null}
            {!hasOffsite ? (
              <Text size="xs" c="dimmed">
                {BACKUP_TEXT.offsiteMissing}
              </Text>
            ) : null}
            {status.lastFailure ? (
              <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />}>
                {BACKUP_TEXT.failed(
                  ageInWords(status.lastFailure.at, at),
                  status.lastFailure.message,
                )}
              </Alert>
            ) : null}
            {status.recovery &&
            (status.recovery.waiting ||
              at.getTime() - new Date(status.recovery.restoredAt).getTime() < RECOVERY_SHOWN_MS) ? (
              <Recovery report={status.recovery} onStop={() => void act(stopWaiting)} />
            ) : null}
          </>
        ) : null}
      </Stack>
    </Card>
  );
}
