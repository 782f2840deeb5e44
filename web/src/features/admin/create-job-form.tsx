/**
 * The admin create-job form (spec staff §5): the shared schema's messages under each field. A
 * job for an account names the account, its site and the PO; while the account is on credit
 * hold the form says so, and creating the job records the owner's decision.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Grid, Select, Stack, Textarea, TextInput } from '@mantine/core';
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
import { useAccounts } from '../../components/accounts/account-data';
import { useAccountState } from '../../components/accounts/account-work';
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
  const accounts = useAccounts();
  const [accountId, setAccountId] = useState<string | null>(null);
  const [siteId, setSiteId] = useState<string | null>(null);
  const [poNumber, setPoNumber] = useState('');
  const { account, hold } = useAccountState(accountId ? Number(accountId) : null);
  const onSubmit = form.handleSubmit(async (values) => {
    const work = account
      ? { accountId: account.id, siteId, poNumber: poNumber.trim() || null }
      : {};
    const made = await createJob(
      { ...values, ...work },
      drivers,
      hold ? { hold, reason: null } : undefined,
    );
    if (made) {
      form.reset(EMPTY);
      setAccountId(null);
      setSiteId(null);
      setPoNumber('');
    }
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
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <Select
              label="Account"
              placeholder="None"
              data={accounts
                .filter((candidate) => candidate.isActive)
                .map((candidate) => ({ value: String(candidate.id), label: candidate.name }))}
              value={accountId}
              clearable
              onChange={(value) => {
                setAccountId(value);
                setSiteId(null);
                const chosen = accounts.find((candidate) => String(candidate.id) === value);
                // The account's first site and contact are the likely ones: the owner may change them.
                const site = chosen?.sites[0];
                if (site) {
                  setSiteId(site.id);
                  if (!form.getValues('location')) form.setValue('location', site.location);
                }
                const contact = chosen?.contacts[0];
                if (contact && !form.getValues('customerName'))
                  form.setValue('customerName', contact.name);
                if (contact?.phone && !form.getValues('phone'))
                  form.setValue('phone', contact.phone);
              }}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <Select
              label="Site"
              disabled={!account}
              data={(account?.sites ?? []).map((site) => ({ value: site.id, label: site.name }))}
              value={siteId}
              onChange={setSiteId}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextInput
              label="PO number"
              disabled={!account}
              value={poNumber}
              onChange={(event) => setPoNumber(event.currentTarget.value)}
            />
          </Grid.Col>
          {hold && (
            <Grid.Col span={12}>
              <Alert color="orange" variant="light" title="Account on credit hold">
                {hold}. Creating the job records that you went ahead.
              </Alert>
            </Grid.Col>
          )}
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
