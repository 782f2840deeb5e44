/**
 * The booking form in both variants of spec §2 Booking: 'standard' (/booking) with a plain
 * dropdown, 'integrated' (/book-service) with urgency cards and the emergency hotline notice.
 * The fields, rules and messages are the same; only the controls differ.
 */
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Grid, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar, IconPhoneCall } from '@tabler/icons-react';
import {
  BOOKING_SERVICES,
  DEFAULT_URGENCY,
  TIME_SLOTS,
  URGENCY_LABELS,
  URGENCY_LEVELS,
  makeBookingInputSchema,
  todayInPerth,
  type BookingData,
  type BookingInput,
  type Urgency,
} from '@pilbara/shared-schema';
import { OutboxPendingNotice } from './outbox-pending-notice';
import { usePublicSubmit } from './use-public-submit';
import { applyFieldErrors } from './apply-field-errors';
import { UrgencyCards } from './urgency-cards';
import { telHref } from '../../lib/format';

export type BookingVariant = 'standard' | 'integrated';

type BookingFormValues = BookingInput;

function emptyBooking(): BookingFormValues {
  return {
    customerName: '',
    phone: '',
    email: '',
    service: '',
    location: '',
    preferredDate: '',
    preferredTime: '',
    urgency: DEFAULT_URGENCY,
    description: '',
    vehicleDetails: '',
  };
}

/** `hotline` is the number the emergency notice of variant B tells the customer to call. */
export function BookingForm({ variant, hotline }: { variant: BookingVariant; hotline: string }) {
  const today = todayInPerth();
  // The rule reads the Perth clock at each validation, so a page left open past midnight stays right.
  const schema = useMemo(() => makeBookingInputSchema(), []);
  const { submit, sending } = usePublicSubmit('booking');
  const form = useForm<BookingFormValues, unknown, BookingData>({
    resolver: zodResolver(schema),
    defaultValues: emptyBooking(),
  });
  const { errors } = form.formState;
  const urgency = form.watch('urgency') as Urgency;

  const onSubmit = form.handleSubmit(async (values) => {
    const result = await submit({ ...values });
    if (result.done) form.reset(emptyBooking());
    else applyFieldErrors(form.setError, result.fieldErrors);
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Book a Service">
      <Stack gap="md">
        <OutboxPendingNotice kind="booking" />
        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label="Full Name"
              autoComplete="name"
              withAsterisk
              {...form.register('customerName')}
              error={errors.customerName?.message}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label="Phone Number"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              withAsterisk
              {...form.register('phone')}
              error={errors.phone?.message}
            />
          </Grid.Col>
          <Grid.Col span={12}>
            <TextInput
              label="Email Address"
              type="email"
              autoComplete="email"
              withAsterisk
              {...form.register('email')}
              error={errors.email?.message}
            />
          </Grid.Col>
        </Grid>

        <Controller
          control={form.control}
          name="service"
          render={({ field }) => (
            <Select
              label="Service Required"
              placeholder="Select a service"
              withAsterisk
              data={[...BOOKING_SERVICES]}
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? '')}
              onBlur={field.onBlur}
              ref={field.ref}
              name={field.name}
              error={errors.service?.message}
              allowDeselect={false}
              searchable={variant === 'integrated'}
              comboboxProps={{ withinPortal: true }}
            />
          )}
        />

        {variant === 'integrated' ? (
          <Controller
            control={form.control}
            name="urgency"
            render={({ field }) => (
              <UrgencyCards
                value={field.value as Urgency}
                onChange={field.onChange}
                error={errors.urgency?.message}
              />
            )}
          />
        ) : (
          <Controller
            control={form.control}
            name="urgency"
            render={({ field }) => (
              <Select
                label="Urgency"
                withAsterisk
                data={URGENCY_LEVELS.map((level) => ({
                  value: level,
                  label: `${URGENCY_LABELS[level].label} – ${URGENCY_LABELS[level].description}`,
                }))}
                value={field.value}
                onChange={(value) => field.onChange(value ?? DEFAULT_URGENCY)}
                onBlur={field.onBlur}
                ref={field.ref}
                name={field.name}
                error={errors.urgency?.message}
                allowDeselect={false}
              />
            )}
          />
        )}

        {variant === 'integrated' && urgency === 'emergency' ? (
          <Alert
            color="red"
            title="Emergency? Call our hotline now"
            icon={<IconPhoneCall />}
            role="alert"
            data-testid="emergency-hotline"
          >
            <Stack gap="sm" align="flex-start">
              <span>
                For an emergency, calling is the fastest way to get a truck moving – we answer 24/7.
                You can still send this booking so we have your details.
              </span>
              <Button
                component="a"
                href={telHref(hotline)}
                color="red"
                mih={48}
                leftSection={<IconPhoneCall size={18} />}
              >
                Call {hotline}
              </Button>
            </Stack>
          </Alert>
        ) : null}

        <TextInput
          label="Location"
          placeholder="Street address, highway and nearest kilometre marker, or mine site"
          withAsterisk
          autoComplete="street-address"
          {...form.register('location')}
          error={errors.location?.message}
        />

        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Controller
              control={form.control}
              name="preferredDate"
              render={({ field }) => (
                <DatePickerInput
                  label="Preferred Date"
                  placeholder="Pick a date"
                  withAsterisk
                  leftSection={<IconCalendar size={18} />}
                  minDate={today}
                  valueFormat="ddd D MMM YYYY"
                  value={field.value || null}
                  onChange={(value) => field.onChange(value ?? '')}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  name={field.name}
                  error={errors.preferredDate?.message}
                  firstDayOfWeek={1}
                />
              )}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Controller
              control={form.control}
              name="preferredTime"
              render={({ field }) => (
                <Select
                  label="Preferred Time"
                  placeholder="Select a time"
                  withAsterisk
                  data={[...TIME_SLOTS]}
                  value={field.value || null}
                  onChange={(value) => field.onChange(value ?? '')}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  name={field.name}
                  error={errors.preferredTime?.message}
                  allowDeselect={false}
                />
              )}
            />
          </Grid.Col>
        </Grid>

        <TextInput
          label="Vehicle Details (optional)"
          placeholder="Make, model, year, colour, registration"
          {...form.register('vehicleDetails')}
          error={errors.vehicleDetails?.message}
        />
        <Textarea
          label="Describe what you need"
          placeholder="What happened, where the vehicle is, anything we should bring"
          withAsterisk
          autosize
          minRows={4}
          {...form.register('description')}
          error={errors.description?.message}
        />
        <Button type="submit" size="md" disabled={sending} mih={48}>
          {sending ? 'Sending...' : 'Submit Booking'}
        </Button>
      </Stack>
    </form>
  );
}
