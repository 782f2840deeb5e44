/** The admin create-job form (spec staff §5): the shared schema's messages under each field. */
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Grid, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import {
  ADMIN_JOB_SERVICES,
  OPENING_JOB_STATUSES,
  createJobInputSchema,
  type CreateJobData,
  type CreateJobInput,
} from '@pilbara/shared-schema';
import { createJob } from './admin-actions';
import { ADMIN_TEXT } from './admin-text';

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

export function CreateJobForm({ drivers }: { drivers: readonly string[] }) {
  const form = useForm<CreateJobInput, unknown, CreateJobData>({
    resolver: zodResolver(createJobInputSchema),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    if (await createJob(values)) form.reset(EMPTY);
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={ADMIN_TEXT.createJob}>
      <Stack gap="sm">
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label="Customer Name"
              withAsterisk
              {...form.register('customerName')}
              error={errors.customerName?.message}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label="Phone"
              type="tel"
              inputMode="tel"
              withAsterisk
              {...form.register('phone')}
              error={errors.phone?.message}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label="Email"
              type="email"
              {...form.register('email')}
              error={errors.email?.message}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Controller
              control={form.control}
              name="service"
              render={({ field }) => (
                <Select
                  label="Service"
                  withAsterisk
                  data={ADMIN_JOB_SERVICES as unknown as string[]}
                  value={field.value || null}
                  onChange={(value) => field.onChange(value ?? '')}
                  onBlur={field.onBlur}
                  error={errors.service?.message}
                />
              )}
            />
          </Grid.Col>
          <Grid.Col span={12}>
            <TextInput
              label="Location"
              withAsterisk
              {...form.register('location')}
              error={errors.location?.message}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextInput
              label="Estimated Arrival"
              placeholder="e.g. 30 minutes"
              {...form.register('estimatedArrival')}
              error={errors.estimatedArrival?.message}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <Controller
              control={form.control}
              name="assignedTo"
              render={({ field }) => (
                <Select
                  label="Assign To"
                  data={[...drivers]}
                  clearable
                  value={field.value || null}
                  onChange={(value) => field.onChange(value ?? '')}
                  error={errors.assignedTo?.message}
                />
              )}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <Controller
              control={form.control}
              name="status"
              render={({ field }) => (
                <Select
                  label="Status"
                  data={OPENING_JOB_STATUSES as unknown as string[]}
                  allowDeselect={false}
                  value={field.value ?? EMPTY.status}
                  onChange={(value) => field.onChange(value ?? EMPTY.status)}
                  error={errors.status?.message}
                />
              )}
            />
          </Grid.Col>
          <Grid.Col span={12}>
            <Textarea
              label="Notes"
              autosize
              minRows={2}
              {...form.register('notes')}
              error={errors.notes?.message}
            />
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
