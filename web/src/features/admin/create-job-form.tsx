/** The admin create-job form (spec staff §5): the shared schema's messages under each field. */
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Grid, Stack, Textarea, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import {
  ADMIN_JOB_SERVICES,
  OPENING_JOB_STATUSES,
  assignmentChoices,
  createJobInputSchema,
  type CreateJobData,
  type CreateJobInput,
} from '@pilbara/shared-schema';
import { ContactFields } from '../../components/contact-fields';
import { registerField, SelectField } from '../../components/form-fields';
import { createJob } from './admin-actions';
import { ADMIN_TEXT } from './admin-text';
import type { AssignableDriver } from './staff-api';

const EMPTY: CreateJobInput = {
  customerName: '',
  phone: '',
  email: '',
  service: '',
  location: '',
  estimatedArrival: '',
  assignedTo: '',
  notes: '',
  status: 'Assigned',
};

export function CreateJobForm({ drivers }: { drivers: readonly AssignableDriver[] }) {
  const form = useForm<CreateJobInput, unknown, CreateJobData>({
    resolver: zodResolver(createJobInputSchema),
    defaultValues: EMPTY,
  });
  const { isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    if (await createJob(values, drivers)) form.reset(EMPTY);
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={ADMIN_TEXT.createJob}>
      <Stack gap="sm">
        <Grid gap="sm">
          <ContactFields
            form={form}
            names={[{ name: 'customerName', label: 'Customer Name', part: 'name', required: true }]}
            phone={{ name: 'phone', label: 'Phone', required: true }}
            email={{ name: 'email', label: 'Email' }}
            autofill={false}
          />
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <SelectField
              control={form.control}
              name="service"
              label="Service"
              withAsterisk
              data={ADMIN_JOB_SERVICES as unknown as string[]}
            />
          </Grid.Col>
          <Grid.Col span={12}>
            <TextInput label="Location" withAsterisk {...registerField(form, 'location')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextInput
              label="Estimated Arrival"
              placeholder="e.g. 30 minutes"
              {...registerField(form, 'estimatedArrival')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <SelectField
              control={form.control}
              name="assignedTo"
              label="Assign To"
              data={assignmentChoices(drivers)}
              clearable
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <SelectField
              control={form.control}
              name="status"
              label="Status"
              data={OPENING_JOB_STATUSES as unknown as string[]}
              allowDeselect={false}
            />
          </Grid.Col>
          <Grid.Col span={12}>
            <Textarea label="Notes" autosize minRows={2} {...registerField(form, 'notes')} />
          </Grid.Col>
        </Grid>
        <Button
          type="submit"
          leftSection={<IconPlus size={16} aria-hidden />}
          loading={isSubmitting}
          style={{ alignSelf: 'flex-start' }}
        >
          {ADMIN_TEXT.createJob}
        </Button>
      </Stack>
    </form>
  );
}
