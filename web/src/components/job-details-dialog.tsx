/**
 * Corrects a job's details after it was made: the customer's phone, where the job is, what it
 * needs, and its notes. The change is a `job.update` with the job as this device saw it, so it
 * merges field by field with what others changed meanwhile, offline like every other edit
 * (rules/merge.ts). Checked with the same schema the server applies; its messages show under
 * the fields. Shared by the admin panel and the driver's screen.
 */
import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import {
  ADMIN_JOB_SERVICES,
  documentRef,
  jobFieldsPatchSchema,
  type Job,
} from '@pilbara/shared-schema';

/** The fields this dialog edits. */
export interface JobDetails {
  phone: string;
  location: string;
  service: string;
  notes: string;
}

type Errors = Partial<Record<keyof JobDetails, string>>;

export function JobDetailsDialog({
  job,
  onSave,
  onClose,
}: {
  job: Job;
  /** Resolves null when saved, else the message to show (the dialog stays open). */
  onSave: (patch: Partial<JobDetails>) => Promise<string | null>;
  onClose: () => void;
}) {
  const [values, setValues] = useState<JobDetails>({
    phone: job.phone,
    location: job.location,
    service: job.service,
    notes: job.notes ?? '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = (field: keyof JobDetails) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const services = ADMIN_JOB_SERVICES.includes(job.service as (typeof ADMIN_JOB_SERVICES)[number])
    ? [...ADMIN_JOB_SERVICES]
    : [job.service, ...ADMIN_JOB_SERVICES];

  const save = async () => {
    const parsed = jobFieldsPatchSchema.safeParse(values);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof JobDetails;
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    // Only what changed travels: a field left as it was never overwrites someone else's edit.
    const original: JobDetails = {
      phone: job.phone,
      location: job.location,
      service: job.service,
      notes: job.notes ?? '',
    };
    const patch: Partial<JobDetails> = {};
    for (const field of Object.keys(values) as (keyof JobDetails)[]) {
      if (values[field].trim() !== original[field].trim()) patch[field] = values[field];
    }
    if (Object.keys(patch).length === 0) {
      onClose();
      return;
    }
    setSaving(true);
    const failed = await onSave(patch);
    setSaving(false);
    if (failed) setProblem(failed);
    else onClose();
  };

  return (
    <Modal opened onClose={onClose} title={`Edit ${documentRef(job)}`} centered>
      <Stack gap="sm">
        <TextInput
          label="Customer's phone"
          type="tel"
          value={values.phone}
          error={errors.phone}
          onChange={(event) => set('phone')(event.currentTarget.value)}
        />
        <TextInput
          label="Location"
          value={values.location}
          error={errors.location}
          onChange={(event) => set('location')(event.currentTarget.value)}
        />
        <Select
          label="What the job needs"
          data={services}
          value={values.service}
          allowDeselect={false}
          error={errors.service}
          onChange={(value) => set('service')(value ?? job.service)}
        />
        <Textarea
          label="Notes"
          autosize
          minRows={3}
          maxLength={2000}
          value={values.notes}
          error={errors.notes}
          onChange={(event) => set('notes')(event.currentTarget.value)}
        />
        {problem && (
          <Text size="sm" c="red.8" role="alert">
            {problem}
          </Text>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            Back
          </Button>
          <Button loading={saving} onClick={() => void save()}>
            Save changes
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
