/**
 * One job on the driver's screen (issue 27: the driver does the whole job from here). Top to
 * bottom, in the order of a job: who and what; the one big next step (Complete asks first,
 * naming what the record still lacks); call and map; where and the notes; then the job's field
 * record (condition photos, the two signatures, the job sheet: the same panel the admin has),
 * a note, and the vehicle it goes out on. Everything reads Dexie and writes named mutations,
 * so all of it works with no signal.
 */
import { useState } from 'react';
import { Badge, Button, Card, Collapse, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import {
  IconCamera,
  IconCircleCheck,
  IconCloudUpload,
  IconNote,
  IconPlayerPlay,
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
import { CompleteJobDialog } from '../../components/complete-job-dialog';
import { FieldRecordPanel } from '../../components/field-record/field-record-panel';
import { useFieldRecord } from '../../components/field-record/use-field-record';
import { JobVehicleSelect, type FleetState } from '../../lib/fleet/job-vehicle-select';
import { addNote, takeStep } from './driver-actions';
import { DRIVER_TEXT } from './driver-text';
import classes from './driver.module.css';

const STEP_LOOK: Record<DriverStep, { icon: typeof IconTruckDelivery; color: string }> = {
  markEnRoute: { icon: IconTruckDelivery, color: 'blue' },
  startService: { icon: IconPlayerPlay, color: 'orange' },
  complete: { icon: IconCircleCheck, color: 'green' },
};

function NoteDialog({
  jobId,
  author,
  onClose,
}: {
  jobId: string;
  author: string;
  onClose: () => void;
}) {
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    const problem = await addNote(jobId, note, author);
    setSaving(false);
    if (problem) setError(problem);
    else onClose();
  };
  return (
    <Modal opened onClose={onClose} title={DRIVER_TEXT.noteTitle(jobId)} centered>
      <Stack gap="sm">
        <Textarea
          label={DRIVER_TEXT.noteLabel}
          description={DRIVER_TEXT.noteHint}
          autosize
          minRows={3}
          maxLength={500}
          value={note}
          error={error}
          onChange={(event) => {
            setNote(event.currentTarget.value);
            setError(null);
          }}
          data-autofocus
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {DRIVER_TEXT.cancel}
          </Button>
          <Button onClick={() => void save()} loading={saving}>
            {DRIVER_TEXT.saveNote}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export function DriverJobCard({
  job,
  pending,
  driverName,
  fleet,
}: {
  job: Job;
  pending: boolean;
  /** The driver's assignment name, the author of their notes. */
  driverName: string;
  fleet: FleetState;
}) {
  const [busy, setBusy] = useState(false);
  const [completing, setCompleting] = useState(false);
  const [recordOpen, setRecordOpen] = useState(false);
  const [noting, setNoting] = useState(false);
  const record = useFieldRecord(job.id);
  const step = nextDriverStep(job.status);
  const { look } = jobStatusBadge(job.status);
  const StepIcon = step ? STEP_LOOK[step].icon : IconCircleCheck;
  const files = record ? record.photos.length + record.signatures.length : 0;
  const run = (next: DriverStep) => {
    setBusy(true);
    void takeStep(job.id, next).finally(() => setBusy(false));
  };
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
            onClick={() => (step === 'complete' ? setCompleting(true) : run(step))}
          >
            {DRIVER_STEP_LABELS[step]}
          </Button>
        ) : (
          <Text size="sm" c="green.8" fw={600}>
            {DRIVER_TEXT.done}
          </Text>
        )}
        {completing && (
          <CompleteJobDialog
            job={job}
            opened
            onClose={() => setCompleting(false)}
            onConfirm={() => run('complete')}
          />
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
            onClick={() => setRecordOpen((open) => !open)}
          >
            {DRIVER_TEXT.fieldRecord(files)}
          </Button>
          <Button
            variant="light"
            color="ironstone"
            className={classes.call}
            leftSection={<IconNote size={18} aria-hidden />}
            onClick={() => setNoting(true)}
          >
            {DRIVER_TEXT.addNote}
          </Button>
        </div>
        <JobVehicleSelect job={job} fleet={fleet} width="100%" />
        <Collapse expanded={recordOpen}>
          {recordOpen && <FieldRecordPanel jobId={job.id} />}
        </Collapse>
        {noting && (
          <NoteDialog jobId={job.id} author={driverName} onClose={() => setNoting(false)} />
        )}
      </Stack>
    </Card>
  );
}
