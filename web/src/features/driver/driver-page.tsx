/**
 * The driver's screen (`/driver`, issue 20): the default after a driver signs in. Today's and
 * active jobs assigned to them, each with the customer's phone as a call button, the location
 * as a maps link and one big next-step button (On my way → Arrived / Start → Complete) at the
 * foot of the card, full width, kept in the lower part of the screen while the card is in view,
 * where a thumb reaches it on a 360 px phone. Everything reads
 * Dexie and writes named mutations, so it works with no signal.
 */
import { DocumentRef } from '../../components/document-ref';
import { useState, type ReactNode } from 'react';
import { Alert, Badge, Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import {
  IconCircleCheck,
  IconCloudUpload,
  IconCurrentLocation,
  IconCurrentLocationOff,
  IconMapPin,
  IconPhone,
  IconPlayerPlay,
  IconTruckDelivery,
} from '@tabler/icons-react';
import {
  BADGE_VARIANT_STYLES,
  DRIVER_STEP_LABELS,
  jobStatusBadgeVariant,
  mapsLink,
  nextDriverStep,
  rowKey,
  type DriverStep,
  type Job,
} from '@pilbara/shared-schema';
import { telHref } from '../../lib/format';
import { usePageTitle } from '../../lib/use-page-title';
import { usePendingKeys } from '../../sync';
import { takeStep } from './driver-actions';
import { DRIVER_TEXT } from './driver-text';
import { useDriverJobs } from './use-driver-jobs';
import { usePositionSharing, type SharingState } from './use-position-sharing';
import classes from './driver.module.css';

const STEP_LOOK: Record<DriverStep, { icon: typeof IconTruckDelivery; color: string }> = {
  markEnRoute: { icon: IconTruckDelivery, color: 'blue' },
  startService: { icon: IconPlayerPlay, color: 'orange' },
  complete: { icon: IconCircleCheck, color: 'green' },
};

function DriverJobCard({ job, pending }: { job: Job; pending: boolean }) {
  const [busy, setBusy] = useState(false);
  const step = nextDriverStep(job.status);
  const look = BADGE_VARIANT_STYLES[jobStatusBadgeVariant(job.status)];
  const StepIcon = step ? STEP_LOOK[step].icon : IconCircleCheck;
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      data-testid="driver-job"
      data-job-id={job.id}
      data-status={job.status}
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <DocumentRef row={job} fw={700} />
          <Group gap={6}>
            <Badge variant={look.variant} color={look.color} data-testid="job-status">
              {job.status}
            </Badge>
            {pending && (
              <Badge
                color="yellow"
                variant="light"
                leftSection={<IconCloudUpload size={12} aria-hidden />}
                title={DRIVER_TEXT.pending}
              >
                Not synced
              </Badge>
            )}
          </Group>
        </Group>
        <div>
          <Text fw={600} className={classes.detail}>
            {job.customerName}
          </Text>
          <Text size="sm" c="dimmed" className={classes.detail}>
            {job.service}
            {job.estimatedArrival ? ` · ETA ${job.estimatedArrival}` : ''}
          </Text>
        </div>
        {step ? (
          <Button
            fullWidth
            size="lg"
            color={STEP_LOOK[step].color}
            className={classes.step}
            leftSection={<StepIcon size={22} aria-hidden />}
            loading={busy}
            onClick={() => {
              setBusy(true);
              void takeStep(job.id, step).finally(() => setBusy(false));
            }}
          >
            {DRIVER_STEP_LABELS[step]}
          </Button>
        ) : (
          <Text size="sm" c="green.8" fw={600}>
            {DRIVER_TEXT.done}
          </Text>
        )}
        <Group gap="xs" grow wrap="nowrap">
          <Button
            component="a"
            href={telHref(job.phone)}
            variant="light"
            className={classes.call}
            leftSection={<IconPhone size={18} aria-hidden />}
            aria-label={DRIVER_TEXT.call(job.customerName)}
          >
            {job.phone}
          </Button>
          <Button
            component="a"
            href={mapsLink(job.location)}
            target="_blank"
            rel="noopener noreferrer"
            variant="default"
            className={classes.call}
            leftSection={<IconMapPin size={18} aria-hidden />}
            aria-label={`${DRIVER_TEXT.map}: ${job.location}`}
          >
            Map
          </Button>
        </Group>
        <Text size="sm" className={classes.detail}>
          {job.location}
        </Text>
        {job.notes && (
          <Text size="sm" c="dimmed" className={classes.detail} style={{ whiteSpace: 'pre-wrap' }}>
            {job.notes}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** Says whether the customer can see the truck (only while a job is En Route). */
function SharingNotice({ state }: { state: SharingState }) {
  if (state === 'idle') return null;
  if (state === 'sharing')
    return (
      <Alert
        color="blue"
        variant="light"
        icon={<IconCurrentLocation size={20} aria-hidden />}
        data-testid="position-sharing"
      >
        {DRIVER_TEXT.sharing}
      </Alert>
    );
  return (
    <Alert
      color="yellow"
      icon={<IconCurrentLocationOff size={20} aria-hidden />}
      data-testid="position-sharing-off"
    >
      {DRIVER_TEXT.sharingOff}
    </Alert>
  );
}

export interface DriverPageProps {
  /** The signed-in driver's assignment name (rules/roles.ts `assignmentName`). */
  driverName: string;
  /** The sync status chip, shown beside the title. */
  syncStatus?: ReactNode;
  /**
   * Below the list (the app layer adds the trucks' pre-start check): the jobs and their next
   * step stay where the thumb reaches them.
   */
  children?: ReactNode;
}

export function DriverPage({ driverName, syncStatus, children }: DriverPageProps) {
  usePageTitle(DRIVER_TEXT.title);
  const jobs = useDriverJobs(driverName);
  const pendingKeys = usePendingKeys();
  const sharing = usePositionSharing(jobs);
  return (
    <Container size="sm" py="md" px="xs">
      <Stack gap="md">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <div>
            <Title order={1} size="h2">
              {DRIVER_TEXT.title}
            </Title>
            <Text size="sm" c="dimmed">
              {DRIVER_TEXT.subtitle}
            </Text>
          </div>
          {syncStatus}
        </Group>
        <SharingNotice state={sharing} />
        {jobs === undefined ? (
          <Text c="dimmed">{DRIVER_TEXT.loading}</Text>
        ) : jobs.length === 0 ? (
          <Card withBorder radius="md" padding="lg" data-testid="driver-empty">
            <Text fw={600}>{DRIVER_TEXT.empty}</Text>
            <Text size="sm" c="dimmed">
              {DRIVER_TEXT.emptyHint}
            </Text>
          </Card>
        ) : (
          jobs.map((job) => (
            <DriverJobCard
              key={job.id}
              job={job}
              pending={pendingKeys.has(rowKey('jobs', job.id))}
            />
          ))
        )}
        {children}
      </Stack>
    </Container>
  );
}
