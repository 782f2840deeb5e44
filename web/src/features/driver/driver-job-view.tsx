/**
 * What one job's card shows, without what it does: the card's whole look, drawn by the
 * full card (driver-job-card.tsx, which adds the actions, the field record and the vehicle select)
 * and by the first screen from the sign-in (driver-first-screen.tsx). Imports neither the sync
 * engine nor Dexie, so the first screen's chunk stays small on one bar of signal; the two draw
 * the same card, so nothing moves when the full screen takes over.
 */
import type { ReactNode } from 'react';
import { Badge, Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import {
  IconBan,
  IconCamera,
  IconCircleCheck,
  IconEdit,
  IconCloudUpload,
  IconNote,
  IconPlayerPlay,
  IconSelector,
  IconTruckDelivery,
} from '@tabler/icons-react';
import {
  DRIVER_STEP_LABELS,
  jobStatusBadge,
  nextDriverStep,
  type DriverStep,
  type Job,
} from '@pilbara/shared-schema';
import { CallButton, MapButton } from '../../components/call-map-buttons';
import { DocumentRef } from '../../components/document-ref';
import { DRIVER_TEXT } from './driver-text';
import classes from './driver.module.css';

const STEP_LOOK: Record<DriverStep, { icon: typeof IconTruckDelivery; color: string }> = {
  markEnRoute: { icon: IconTruckDelivery, color: 'blue' },
  startService: { icon: IconPlayerPlay, color: 'orange' },
  complete: { icon: IconCircleCheck, color: 'green' },
};

export interface DriverJobViewProps {
  job: Job;
  /** A change to the job is saved here and not yet sent (the "Not synced" badge). */
  pending: boolean;
  /** The job's synced row is not on the device yet: every action is off (use-driver-jobs.ts). */
  waiting: boolean;
  /** The next step is being saved (its button spins). */
  busy?: boolean;
  /** Photos and signatures the field record holds (the record's toggle counts them). */
  files?: number;
  recordOpen?: boolean;
  onStep?: (step: DriverStep) => void;
  onToggleRecord?: () => void;
  onNote?: () => void;
  /** Correct the job's details (phone, place, what it needs, notes). */
  onEdit?: () => void;
  /** Cancel the job with a reason the customer is told. */
  onCancel?: () => void;
  /** The vehicle select; the first screen draws a disabled look-alike (VehiclePlaceholder). */
  vehicle: ReactNode;
  /** Below the card's own parts: the field record and the dialogs. */
  children?: ReactNode;
}

export function DriverJobView({
  job,
  pending,
  waiting,
  busy = false,
  files = 0,
  recordOpen = false,
  onStep,
  onToggleRecord,
  onNote,
  onEdit,
  onCancel,
  vehicle,
  children,
}: DriverJobViewProps) {
  const step = nextDriverStep(job.status);
  const { look } = jobStatusBadge(job.status);
  const StepIcon = step ? STEP_LOOK[step].icon : IconCircleCheck;
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      className={classes.card}
      data-testid="driver-job"
      data-job-id={job.id}
      data-status={job.status}
      data-waiting={waiting || undefined}
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
            disabled={waiting}
            onClick={() => onStep?.(step)}
          >
            {DRIVER_STEP_LABELS[step]}
          </Button>
        ) : (
          <Text size="sm" c="green.8" fw={600}>
            {DRIVER_TEXT.done}
          </Text>
        )}
        {waiting && (
          <Text size="sm" c="dimmed" role="status" data-testid="driver-job-waiting">
            {DRIVER_TEXT.waiting}
          </Text>
        )}
        <div className={classes.contact}>
          <CallButton
            phone={job.phone}
            variant="light"
            className={classes.call}
            iconSize={18}
            label={DRIVER_TEXT.call(job.customerName)}
          />
          <MapButton
            location={job.location}
            variant="default"
            className={classes.call}
            iconSize={18}
            label={`${DRIVER_TEXT.map}: ${job.location}`}
          >
            Map
          </MapButton>
        </div>
        <Text size="sm" className={classes.detail}>
          {job.location}
        </Text>
        {job.notes && (
          <Text
            size="sm"
            c="dimmed"
            className={classes.detail}
            style={{ whiteSpace: 'pre-wrap' }}
            data-testid="job-notes"
          >
            {job.notes}
          </Text>
        )}
        <div className={classes.tools}>
          <Button
            variant="light"
            color="ironstone"
            className={classes.call}
            leftSection={<IconCamera size={18} aria-hidden />}
            aria-expanded={recordOpen}
            disabled={waiting}
            onClick={onToggleRecord}
          >
            {DRIVER_TEXT.fieldRecord(files)}
          </Button>
          <Button
            variant="light"
            color="ironstone"
            className={classes.call}
            leftSection={<IconNote size={18} aria-hidden />}
            disabled={waiting}
            onClick={onNote}
          >
            {DRIVER_TEXT.addNote}
          </Button>
          {/* Drawn on the first screen too (disabled), so nothing moves when it takes over. */}
          <Button
            variant="default"
            className={classes.call}
            leftSection={<IconEdit size={18} aria-hidden />}
            disabled={waiting || !onEdit || step === null}
            onClick={onEdit}
          >
            {DRIVER_TEXT.editJob}
          </Button>
          <Button
            variant="light"
            color="red"
            className={classes.call}
            leftSection={<IconBan size={18} aria-hidden />}
            disabled={waiting || !onCancel || step === null}
            onClick={onCancel}
          >
            {DRIVER_TEXT.cancelJob}
          </Button>
        </div>
        {vehicle}
        {children}
      </Stack>
    </Card>
  );
}

/**
 * The vehicle select as the first screen shows it, disabled: the select itself (Mantine's
 * combobox) and the trucks' list come with the full screen, a moment later.
 */
export function VehiclePlaceholder({ job }: { job: Job }) {
  return (
    <TextInput
      size="sm"
      w="100%"
      label="Vehicle"
      value={job.vehicleId == null ? 'No vehicle' : ''}
      rightSection={<IconSelector size={16} aria-hidden />}
      rightSectionPointerEvents="none"
      readOnly
      disabled
    />
  );
}
