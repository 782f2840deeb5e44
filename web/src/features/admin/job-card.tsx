/**
 * One job in Job Management: status badge and progress, the three status steps, reassignment,
 * cancelling with a reason and delete — each enabled exactly where the shared job-flow rule
 * allows — correcting its details, and its history, with the messages sent to the customer.
 */
import { useState, type Dispatch, type ReactNode, type SetStateAction } from 'react';
import {
  Badge,
  Button,
  Collapse,
  Group,
  Modal,
  Progress,
  Select,
  Stack,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import {
  IconBan,
  IconCamera,
  IconEdit,
  IconHistory,
  IconPlayerPlay,
  IconCircleCheck,
  IconTrash,
  IconTruckDelivery,
} from '@tabler/icons-react';
import {
  assignmentChoiceOf,
  CANCEL_REASONS,
  assignmentChoices,
  assignmentFromChoice,
  canDeleteJob,
  isFinishedStatus,
  isJobActionAllowed,
  documentRef,
  jobShownTime,
  type Job,
  formatDateTime,
} from '@pilbara/shared-schema';
import { DocumentRef } from '../../components/document-ref';
import { CallButton, MapButton } from '../../components/call-map-buttons';
import { CompleteJobDialog } from '../../components/complete-job-dialog';
import { JobDetailsDialog } from '../../components/job-details-dialog';
import { ReasonDialog } from '../../components/reason-dialog';
import { cancelJob, editJobDetails } from '../../components/job-changes';
import { changeJobStatus, deleteJob, reassignJob, type StatusStep } from './admin-actions';
import type { AssignableDriver } from './staff-api';
import { PendingBadge, StatusBadge } from './admin-badges';
import { ADMIN_TEXT } from './admin-text';
import { FieldRecordPanel } from '../../components/field-record/field-record-panel';
import { AdminCrashTow } from './admin-crash-tow';
import { JobVehicleSelect, type FleetState } from '../../components/fleet/job-vehicle-select';
import { CustomerMessages, messagesPath } from '../../components/customer-messages';
import { ArrivalEstimate } from './arrival-estimate';
import {
  AccountWorkLine,
  InductionWarning,
  JobPoEntry,
} from '../../components/accounts/account-work';
import { useJobHistory } from './use-admin-data';
import { useOnlyOnPhone } from '../../components/field-record/use-field-record';
import classes from './admin.module.css';
import { AdminCard } from './admin-card';

/**
 * When the job last changed, as the device that changed it recorded it (its newest history
 * entry, else its creation): a step taken offline at 7:20 and synced at 7:22 shows
 * 7:20, as its history does. `updatedAt` is the server's sync time and is not shown.
 */
function LastChanged({ job }: { job: Job }) {
  const updates = useJobHistory(job.id);
  return (
    <Text size="sm" c="dimmed" data-testid="job-last-changed">
      {formatDateTime(jobShownTime(job, updates ?? []))}
    </Text>
  );
}

/** Opens and closes one of the panels under the card (its history, its field record). */
function PanelToggle({
  icon: Icon,
  open,
  onToggle,
  children,
}: {
  icon: typeof IconHistory;
  open: boolean;
  onToggle: Dispatch<SetStateAction<boolean>>;
  children: ReactNode;
}) {
  return (
    <Button
      size="sm"
      variant="default"
      leftSection={<Icon size={16} aria-hidden />}
      aria-expanded={open}
      onClick={() => onToggle((value) => !value)}
    >
      {children}
    </Button>
  );
}

function JobHistory({ jobId }: { jobId: string }) {
  const updates = useJobHistory(jobId);
  if (!updates) return null;
  if (updates.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {ADMIN_TEXT.noHistory}
      </Text>
    );
  return (
    <Timeline bulletSize={14} lineWidth={2} data-testid="job-history">
      {updates.map((update) => (
        <Timeline.Item key={update.id} title={update.message}>
          <Text size="xs" c="dimmed">
            {update.status} · {formatDateTime(update.createdAt)}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

const STEPS: { step: StatusStep; label: string; icon: typeof IconTruckDelivery; color: string }[] =
  [
    { step: 'markEnRoute', label: ADMIN_TEXT.markEnRoute, icon: IconTruckDelivery, color: 'blue' },
    { step: 'startService', label: ADMIN_TEXT.startService, icon: IconPlayerPlay, color: 'orange' },
    { step: 'complete', label: ADMIN_TEXT.completeJob, icon: IconCircleCheck, color: 'green' },
  ];

export function JobCard({
  job,
  pending,
  drivers,
  fleet,
}: {
  job: Job;
  pending: boolean;
  /** The active drivers, by account, the picker offers. */
  drivers: readonly AssignableDriver[];
  /** The fleet's vehicles, defects and checks, for the vehicle select and its warning. */
  fleet?: FleetState;
}) {
  const [open, setOpen] = useState(false);
  const [fieldOpen, setFieldOpen] = useState(false);
  const onlyOnPhone = useOnlyOnPhone(job.id);
  const [busy, setBusy] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [completing, setCompleting] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [editing, setEditing] = useState(false);
  const act = async (key: string, action: () => Promise<unknown>) => {
    setBusy(key);
    try {
      await action();
    } finally {
      setBusy(null);
    }
  };
  const canReassign = isJobActionAllowed(job.status, 'reassign');
  const deletable = canDeleteJob(job.status);
  // The picker keeps the driver's account (two drivers may share a name); people read the name.
  const driver = assignmentChoiceOf(job);
  const driverOptions = assignmentChoices(drivers, job);

  return (
    <AdminCard
      urgency={job.status === 'Emergency' ? 'emergency' : undefined}
      id={job.id}
      data-testid="job-card"
      data-job-id={job.id}
      data-status={job.status}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs" wrap="wrap">
            <Title order={3} size="h4">
              <DocumentRef row={job} inherit />
            </Title>
            <StatusBadge status={job.status} />
            {pending && <PendingBadge />}
            {onlyOnPhone > 0 && (
              <Badge color="yellow" variant="light" data-testid="job-files-on-phone">
                {ADMIN_TEXT.filesOnPhone(onlyOnPhone)}
              </Badge>
            )}
          </Group>
          <LastChanged job={job} />
        </Group>
        <Progress value={job.progress} aria-label={`Progress ${job.progress}%`} size="sm" />
        <Text fw={600} className={classes.detail}>
          {job.customerName} · {job.service}
        </Text>
        <AccountWorkLine accountId={job.accountId} siteId={job.siteId} poNumber={job.poNumber} />
        {job.creditHoldNote && (
          <Text size="xs" c="dimmed" className={classes.detail}>
            {job.creditHoldNote}
          </Text>
        )}
        <Text size="sm" className={classes.detail}>
          {job.location}
        </Text>
        {job.email && (
          <Text size="sm" className={classes.detail}>
            {job.email}
          </Text>
        )}
        <ArrivalEstimate job={job} />
        {/* One tap to ring the customer or open the location: a phone's first needs. */}
        <Group gap="xs" wrap="wrap">
          <CallButton
            phone={job.phone}
            size="sm"
            variant="light"
            label={`Call ${job.customerName} on ${job.phone}`}
          />
          <MapButton
            location={job.location}
            size="sm"
            variant="light"
            label={`Map of ${job.location}`}
          >
            {ADMIN_TEXT.map}
          </MapButton>
        </Group>
        {job.notes && (
          <Text size="sm" c="dimmed" className={classes.detail} style={{ whiteSpace: 'pre-wrap' }}>
            {job.notes}
          </Text>
        )}
        <Group gap="xs" wrap="wrap" align="flex-end">
          {STEPS.map(({ step, label, icon: Icon, color }) => (
            <Button
              key={step}
              size="sm"
              color={color}
              variant="light"
              leftSection={<Icon size={16} aria-hidden />}
              disabled={!isJobActionAllowed(job.status, step)}
              loading={busy === step}
              onClick={() =>
                step === 'complete'
                  ? setCompleting(true)
                  : void act(step, () => changeJobStatus(job.id, step))
              }
            >
              {label}
            </Button>
          ))}
          {completing && (
            <CompleteJobDialog
              job={job}
              opened
              onClose={() => setCompleting(false)}
              onConfirm={() => void act('complete', () => changeJobStatus(job.id, 'complete'))}
            />
          )}
          <Select
            size="sm"
            w={150}
            label={ADMIN_TEXT.reassign}
            aria-label={`${ADMIN_TEXT.reassign} for ${documentRef(job)}`}
            data={driverOptions}
            value={driver}
            allowDeselect={false}
            disabled={!canReassign || busy === 'reassign'}
            onChange={(value) => {
              if (value && value !== driver)
                void act('reassign', () =>
                  reassignJob(job.id, assignmentFromChoice(value, drivers)),
                );
            }}
          />
          {fleet && <JobVehicleSelect job={job} fleet={fleet} />}
          <JobPoEntry job={job} />
          <Button
            size="sm"
            variant="default"
            leftSection={<IconEdit size={16} aria-hidden />}
            disabled={!canReassign}
            onClick={() => setEditing(true)}
          >
            {ADMIN_TEXT.editJob}
          </Button>
          <Button
            size="sm"
            color="red"
            variant="light"
            leftSection={<IconBan size={16} aria-hidden />}
            disabled={!canReassign}
            onClick={() => setCancelling(true)}
          >
            {ADMIN_TEXT.cancelJob}
          </Button>
          {editing && (
            <JobDetailsDialog
              job={job}
              onSave={(patch) => editJobDetails(job, patch)}
              onClose={() => setEditing(false)}
            />
          )}
          {cancelling && (
            <ReasonDialog
              title={ADMIN_TEXT.cancelJobTitle(documentRef(job))}
              body={ADMIN_TEXT.cancelJobBody}
              reasons={CANCEL_REASONS}
              confirmLabel={ADMIN_TEXT.cancelJobConfirm}
              onConfirm={(reason) => cancelJob(job, reason)}
              onClose={() => setCancelling(false)}
            />
          )}
          <Button
            size="sm"
            color="red"
            variant="subtle"
            leftSection={<IconTrash size={16} aria-hidden />}
            disabled={!deletable}
            title={deletable ? undefined : ADMIN_TEXT.deleteHint}
            loading={busy === 'delete'}
            onClick={() => setConfirming(true)}
          >
            {ADMIN_TEXT.deleteJob}
          </Button>
          <Modal
            opened={confirming}
            onClose={() => setConfirming(false)}
            title={ADMIN_TEXT.archiveTitle(documentRef(job))}
          >
            <Stack gap="md">
              <Text size="sm">{ADMIN_TEXT.archiveBody}</Text>
              <Group justify="flex-end" gap="xs">
                <Button variant="default" onClick={() => setConfirming(false)}>
                  {ADMIN_TEXT.cancel}
                </Button>
                <Button
                  color="red"
                  onClick={() => {
                    setConfirming(false);
                    void act('delete', () => deleteJob(job.id));
                  }}
                >
                  {ADMIN_TEXT.archiveConfirm}
                </Button>
              </Group>
            </Stack>
          </Modal>
          <PanelToggle icon={IconHistory} open={open} onToggle={setOpen}>
            {ADMIN_TEXT.history}
          </PanelToggle>
          <PanelToggle icon={IconCamera} open={fieldOpen} onToggle={setFieldOpen}>
            {ADMIN_TEXT.fieldRecord}
          </PanelToggle>
        </Group>
        {!isFinishedStatus(job.status) && (
          <InductionWarning
            accountId={job.accountId}
            siteId={job.siteId}
            driverName={job.assignedTo}
            vehicleId={job.vehicleId}
            vehicleName={
              fleet?.vehicles.find((vehicle) => vehicle.id === job.vehicleId)?.name ?? null
            }
          />
        )}
        <Collapse expanded={open}>
          {open && (
            <Stack gap="md">
              <JobHistory jobId={job.id} />
              <CustomerMessages path={messagesPath('jobs', job.id)} />
            </Stack>
          )}
        </Collapse>
        <Collapse expanded={fieldOpen}>
          {fieldOpen && (
            <Stack gap="md">
              <AdminCrashTow job={job} />
              <FieldRecordPanel jobId={job.id} />
            </Stack>
          )}
        </Collapse>
      </Stack>
    </AdminCard>
  );
}
