/**
 * Booking work under the account, from the account's own sign-in: at one of its sites, with the
 * customer's PO number (required when the account needs one on every job; the blanket PO's
 * number filled in when it has one). The booking is kept on the phone first and sent with an
 * idempotency key, so a booking made at a mine gate with no signal goes once the signal is back.
 */
import { useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  BOOKING_SERVICES,
  TIME_SLOTS,
  URGENCY_LABELS,
  URGENCY_LEVELS,
  accountBookingInputSchema,
  type AccountBookingInput,
  type PortalAccount,
} from '@pilbara/shared-schema';
import { serverMessage, type HttpError } from '../../lib/http';
import { submitPublicForm } from '../../sync/public-outbox';

interface Signer {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  phone?: string | null;
}

function fieldsOf(error: HttpError): Record<string, string> {
  const body = error.json() as { fields?: Record<string, unknown> } | undefined;
  return Object.fromEntries(
    Object.entries(body?.fields ?? {}).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}

export function AccountBookingForm({
  account,
  signer,
  onBooked,
}: {
  account: PortalAccount;
  signer: Signer;
  onBooked: () => void;
}) {
  const site = account.sites[0];
  const blanket = account.poRule.kind === 'blanket' ? account.poRule.number : '';
  const initial: AccountBookingInput = {
    customerName: [signer.firstName, signer.lastName].filter(Boolean).join(' '),
    phone: signer.phone ?? account.contacts[0]?.phone ?? '',
    email: signer.email ?? account.billingEmail ?? '',
    service: '',
    location: site?.location ?? '',
    preferredDate: '',
    preferredTime: '',
    urgency: 'emergency',
    description: '',
    vehicleDetails: '',
    siteId: site?.id ?? '',
    poNumber: blanket,
  };
  const form = useForm<AccountBookingInput>({
    defaultValues: initial,
    resolver: zodResolver(accountBookingInputSchema, undefined, {
      raw: true,
    }) as unknown as Resolver<AccountBookingInput>,
  });
  const { control, register, formState, setError } = form;
  const [notice, setNotice] = useState<string | null>(null);
  const error = (name: keyof AccountBookingInput) => formState.errors[name]?.message;

  const submit = form.handleSubmit(async (values) => {
    setNotice(null);
    const outcome = await submitPublicForm('accountBooking', values as Record<string, unknown>);
    if (outcome.status === 'sent') {
      notifications.show({
        color: 'green',
        title: 'Booking Submitted',
        message: 'We have your booking and will be in touch within 30 minutes.',
      });
      form.reset(initial);
      onBooked();
    } else if (outcome.status === 'queued') {
      setNotice(outcome.message);
      form.reset(initial);
    } else if (outcome.status === 'rejected') {
      const fields = fieldsOf(outcome.error);
      for (const [name, message] of Object.entries(fields))
        setError(name as keyof AccountBookingInput, { type: 'server', message });
      // The server's own words ('This account is closed…'), not the raw status line and body.
      if (Object.keys(fields).length === 0)
        setNotice(serverMessage(outcome.error) ?? outcome.error.message);
    } else {
      setNotice('The booking could not be saved on this phone or sent. Please call us.');
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Book work">
      <Stack gap="sm">
        {notice && (
          <Alert color="blue" variant="light" role="status">
            {notice}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Controller
            control={control}
            name="siteId"
            render={({ field }) => (
              <Select
                label="Site"
                withAsterisk
                data={account.sites.map((one) => ({ value: one.id, label: one.name }))}
                value={field.value || null}
                error={error('siteId')}
                onChange={(value) => {
                  field.onChange(value ?? '');
                  const chosen = account.sites.find((one) => one.id === value);
                  if (chosen) form.setValue('location', chosen.location);
                }}
              />
            )}
          />
          <TextInput
            label="PO number"
            withAsterisk={account.poRule.kind === 'per-job'}
            error={error('poNumber')}
            {...register('poNumber')}
          />
          <Controller
            control={control}
            name="service"
            render={({ field }) => (
              <Select
                label="Service"
                withAsterisk
                data={[...BOOKING_SERVICES]}
                value={field.value || null}
                error={error('service')}
                onChange={(value) => field.onChange(value ?? '')}
              />
            )}
          />
          <Controller
            control={control}
            name="urgency"
            render={({ field }) => (
              <Select
                label="Urgency"
                data={URGENCY_LEVELS.map((level) => ({
                  value: level,
                  label: URGENCY_LABELS[level].label,
                }))}
                value={field.value}
                allowDeselect={false}
                onChange={(value) => field.onChange(value ?? 'scheduled')}
              />
            )}
          />
        </SimpleGrid>
        <TextInput
          label="Where exactly"
          withAsterisk
          error={error('location')}
          {...register('location')}
        />
        <SimpleGrid cols={{ base: 2 }} spacing="sm">
          <TextInput
            label="Preferred date"
            type="date"
            error={error('preferredDate')}
            {...register('preferredDate')}
          />
          <Controller
            control={control}
            name="preferredTime"
            render={({ field }) => (
              <Select
                label="Preferred time"
                data={[...TIME_SLOTS]}
                value={field.value || null}
                error={error('preferredTime')}
                clearable
                onChange={(value) => field.onChange(value ?? '')}
              />
            )}
          />
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          An emergency needs no date or time: we come now.
        </Text>
        <Textarea
          label="What happened"
          withAsterisk
          autosize
          minRows={2}
          error={error('description')}
          {...register('description')}
        />
        <TextInput label="Vehicle" {...register('vehicleDetails')} />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput
            label="Your name"
            withAsterisk
            error={error('customerName')}
            {...register('customerName')}
          />
          <TextInput
            label="Phone"
            type="tel"
            withAsterisk
            error={error('phone')}
            {...register('phone')}
          />
          <TextInput label="Email" type="email" error={error('email')} {...register('email')} />
        </SimpleGrid>
        <Button type="submit" loading={formState.isSubmitting} size="md">
          Book now
        </Button>
      </Stack>
    </form>
  );
}
