import { useState, type ReactNode } from 'react';
import { ActionIcon, Grid, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconCheck,
  IconCircleX,
  IconClock,
  IconCopy,
  IconHandStop,
  IconMapPin,
  IconUser,
} from '@tabler/icons-react';
import {
  OUTCOME_TEXT,
  TRACKING_MESSAGES,
  arrivalEstimate,
  customerStatus,
  confirmedByText,
  arrivalText,
  documentRef,
  notificationsOffered,
  TOAST_DURATIONS,
  type Job,
  type TimelineEntry,
  type TruckPosition,
} from '@pilbara/shared-schema';
import { useProfile } from '../../components/profile-provider';
import { JobStatusBadge } from './job-status-badge';
import { JobTimeline } from './job-timeline';
import { TruckPosition as TruckOnMap, useNow } from './truck-position';
import { NotifyMe } from './notify-me';
import { TextMessages } from './text-messages';
import { VehiclePhotos } from './vehicle-photos';
import { TrackingCard } from './tracking-card';
import { useOperators } from '../../components/profile-provider';

/** Copies text, raising when the browser refuses (no permission, insecure page, old browser). */
async function copyText(text: string): Promise<void> {
  if (!navigator.clipboard?.writeText) throw new Error('Clipboard unavailable');
  await navigator.clipboard.writeText(text);
}

function copyJobId(id: string, onCopied: () => void): void {
  copyText(id).then(
    () => {
      onCopied();
      notifications.show({
        title: 'Copied',
        message: `Job ID ${id} copied to clipboard`,
        color: 'green',
        autoClose: TOAST_DURATIONS.default,
      });
    },
    () =>
      notifications.show({
        title: TRACKING_MESSAGES.COPY_FAILED_TITLE,
        message: TRACKING_MESSAGES.COPY_FAILED_DESCRIPTION,
        color: 'red',
        autoClose: TOAST_DURATIONS.default,
      }),
  );
}

function Fact({
  icon,
  label,
  value,
  testId,
}: {
  icon: ReactNode;
  label: string;
  value: string;
  testId?: string;
}) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <Text c="dimmed" mt={2} aria-hidden>
        {icon}
      </Text>
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          {label}
        </Text>
        <Text fw={500} style={{ overflowWrap: 'anywhere' }} data-testid={testId}>
          {value}
        </Text>
      </Stack>
    </Group>
  );
}

/**
 * A found job on the portal: status, progress, driver, the one arrival estimate (rules/ arrival.ts:
 * the truck's while it shares a position, else the office's), the truck on the map while it is En
 * Route and the timeline of recorded times
 * (docs/decisions/2026-11-27-recorded-times-only.md).
 */
export function JobDetails({
  job,
  token = null,
  position = null,
  timeline,
  confirmedBy = null,
}: {
  job: Job;
  token?: string | null;
  position?: TruckPosition | null;
  timeline: readonly TimelineEntry[];
  /** Who took the booking the job came from, and when. */
  confirmedBy?: { name: string; at: string } | null;
}) {
  const { main } = useOperators();
  const [copied, setCopied] = useState(false);
  const now = useNow();
  const { depot } = useProfile();
  const estimate = arrivalText(arrivalEstimate(job, position, now, depot));
  const shown = customerStatus(job.status, job.assignedTo);
  return (
    <TrackingCard
      testId="job-details"
      gap="lg"
      service={job.service}
      reference={
        <Group gap={4} wrap="nowrap">
          <Text ff="monospace" fw={600} data-testid="job-id">
            {documentRef(job)}
          </Text>
          {/* The browser's own tooltip (title), not Mantine's: that one brings floating-ui onto
              every tracking link for a hover a phone never makes. */}
          <ActionIcon
            variant="subtle"
            aria-label="Copy job ID"
            title={copied ? 'Copied' : 'Copy job ID'}
            onClick={() => copyJobId(documentRef(job), () => setCopied(true))}
            size="lg"
          >
            {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
          </ActionIcon>
        </Group>
      }
      status={<JobStatusBadge status={job.status} size="lg" label={shown.label} />}
    >
      {job.status !== 'Cancelled' && (
        <Text fw={600} size="lg" data-testid="next-step">
          {shown.next}
        </Text>
      )}
      {job.status === 'Cancelled' && (
        <Group gap="sm" wrap="nowrap" align="flex-start" data-testid="job-cancelled">
          <Text c="red.8" mt={2} aria-hidden>
            <IconCircleX size={20} />
          </Text>
          <Text fw={600} role="status">
            {OUTCOME_TEXT.cancelledNews(job.cancelReason, main.phone)}
          </Text>
        </Group>
      )}
      {confirmedBy && job.status !== 'Cancelled' && (
        <Group gap="sm" wrap="nowrap" align="flex-start" data-testid="confirmed-by">
          <Text c="green.8" mt={2} aria-hidden>
            <IconHandStop size={20} />
          </Text>
          <Text>{confirmedByText(confirmedBy.name, confirmedBy.at)}</Text>
        </Group>
      )}
      <Stack gap={6}>
        <Group justify="space-between">
          <Text fw={600}>Progress</Text>
          <Text fw={600}>{job.progress}%</Text>
        </Group>
        <Progress
          value={job.progress}
          size="lg"
          radius="xl"
          aria-label={`Job progress ${job.progress}%`}
          striped={job.progress > 0 && job.progress < 100}
          animated={job.progress > 0 && job.progress < 100}
        />
      </Stack>

      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <Fact
            icon={<IconUser size={18} />}
            label="Driver"
            value={job.assignedTo || 'Being assigned'}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <Fact
            icon={<IconClock size={18} />}
            label="Estimated Arrival"
            value={estimate}
            testId="arrival-estimate"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <Fact icon={<IconMapPin size={18} />} label="Location" value={job.location} />
        </Grid.Col>
      </Grid>

      {token && notificationsOffered(job.status) && <NotifyMe token={token} />}
      {token && <TextMessages token={token} />}

      {job.status === 'En Route' && position && (
        <TruckOnMap position={position} location={job.location} now={now} />
      )}

      <Stack gap="sm">
        <Title order={3} size="h4">
          Live Updates
        </Title>
        <JobTimeline entries={timeline} />
      </Stack>

      {token && <VehiclePhotos token={token} version={`${job.status}:${job.updatedAt}`} />}
    </TrackingCard>
  );
}
