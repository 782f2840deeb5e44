/**
 * One job on the driver's screen (the driver does the whole job from here). Top to
 * bottom, in the order of a job: who and what; the one big next step (Complete asks first,
 * naming what the record still lacks); call and map; where and the notes; then the job's field
 * record (condition photos, the two signatures, the job sheet: the same panel the admin has),
 * a note, and the vehicle it goes out on. Everything reads Dexie and writes named mutations,
 * so all of it works with no signal.
 */
import { memo, useState } from 'react';
import { Button, Collapse, Group, Modal, Stack, Textarea } from '@mantine/core';
import { CANCEL_REASONS, documentRef, type DriverStep, type Job } from '@pilbara/shared-schema';
import { CompleteJobDialog } from '../../components/complete-job-dialog';
import { JobDetailsDialog } from '../../components/job-details-dialog';
import { ReasonDialog } from '../../components/reason-dialog';
import { cancelJob, editJobDetails } from '../../components/job-changes';
import { FieldRecordPanel } from '../../components/field-record/field-record-panel';
import { useFieldRecord } from '../../components/field-record/use-field-record';
import { JobVehicleSelect, type FleetState } from '../../components/fleet/job-vehicle-select';
import { addNote, takeStep } from './driver-actions';
import { DriverJobView } from './driver-job-view';
import { DriverCrashTow } from './driver-crash-tow';
import { DRIVER_TEXT } from './driver-text';

function NoteDialog({ job, author, onClose }: { job: Job; author: string; onClose: () => void }) {
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    const problem = await addNote(job, note, author);
    setSaving(false);
    if (problem) setError(problem);
    else onClose();
  };
  return (
    <Modal opened onClose={onClose} title={DRIVER_TEXT.noteTitle(documentRef(job))} centered>
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

/**
 * Drawn again only when its own props change: the driver's list is read again as the sync
 * writes jobs, and a card is a large tree (dialogs, the vehicle select, the field record).
 */
export const DriverJobCard = memo(function DriverJobCard({
  job,
  pending,
  waiting = false,
  driverName,
  fleet,
}: {
  job: Job;
  pending: boolean;
  /**
   * The job came with the sign-in and the device's sync has not brought its row yet:
   * shown as it is, its actions off until the row is here (use-driver-jobs.ts).
   */
  waiting?: boolean;
  /** The driver's assignment name, the author of their notes. */
  driverName: string;
  fleet: FleetState;
}) {
  const [busy, setBusy] = useState(false);
  const [completing, setCompleting] = useState(false);
  const [recordOpen, setRecordOpen] = useState(false);
  const [noting, setNoting] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [editing, setEditing] = useState(false);
  const record = useFieldRecord(job.id);
  const files = record ? record.photos.length + record.signatures.length : 0;
  const run = (next: DriverStep) => {
    setBusy(true);
    void takeStep(job, next).finally(() => setBusy(false));
  };
  return (
    <DriverJobView
      job={job}
      pending={pending}
      waiting={waiting}
      busy={busy}
      files={files}
      recordOpen={recordOpen}
      onStep={(step) => (step === 'complete' ? setCompleting(true) : run(step))}
      onToggleRecord={() => setRecordOpen((open) => !open)}
      onNote={() => setNoting(true)}
      onEdit={() => setEditing(true)}
      onCancel={() => setCancelling(true)}
      vehicle={<JobVehicleSelect job={job} fleet={fleet} width="100%" disabled={waiting} />}
    >
      {completing && (
        <CompleteJobDialog
          job={job}
          opened
          onClose={() => setCompleting(false)}
          onConfirm={() => run('complete')}
        />
      )}
      {!waiting && <DriverCrashTow job={job} driverName={driverName} recordOpen={recordOpen} />}
      <Collapse expanded={recordOpen}>{recordOpen && <FieldRecordPanel jobId={job.id} />}</Collapse>
      {noting && <NoteDialog job={job} author={driverName} onClose={() => setNoting(false)} />}
      {editing && (
        <JobDetailsDialog
          job={job}
          onSave={(patch) => editJobDetails(job, patch)}
          onClose={() => setEditing(false)}
        />
      )}
      {cancelling && (
        <ReasonDialog
          title={DRIVER_TEXT.cancelTitle(documentRef(job))}
          body={DRIVER_TEXT.cancelBody}
          reasons={CANCEL_REASONS}
          confirmLabel={DRIVER_TEXT.cancelConfirm}
          onConfirm={(reason) => cancelJob(job, reason)}
          onClose={() => setCancelling(false)}
        />
      )}
    </DriverJobView>
  );
});
