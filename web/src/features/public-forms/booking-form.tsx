/**
 * The booking form in both variants of spec §2 Booking: 'standard' (/booking) with a plain
 * dropdown, 'integrated' (/book-service) with urgency cards and the emergency hotline notice.
 * The fields, rules and messages are the same; only the controls differ.
 */
import { useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { Alert, Button, Grid, Stack, Textarea, TextInput } from '@mantine/core';
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
  type BookingInput,
  type Urgency,
} from '@pilbara/shared-schema';
import { registerField, SelectField } from '../../components/form-fields';
import { OutboxPendingNotice } from './outbox-pending-notice';
import { usePublicForm } from './use-public-form';
import { UrgencyCards } from './urgency-cards';
import { telHref } from '../../lib/format';

export type BookingVariant = 'standard' | 'integrated';

type BookingFormValues = BookingInput;

const URGENCY_OPTIONS = URGENCY_LEVELS.map((level) => ({
  value: level,
  label: `${URGENCY_LABELS[level].label} – ${URGENCY_LABELS[level].description}`,
}));

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
  const { form, onSubmit, sending } = usePublicForm('booking', schema, emptyBooking);
  const urgency = form.watch('urgency') as Urgency;

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
              {...registerField(form, 'customerName')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label="Phone Number"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              withAsterisk
              {...registerField(form, 'phone')}
            />
          </Grid.Col>
          <Grid.Col span={12}>
            <TextInput
              label="Email Address"
              type="email"
              autoComplete="email"
              withAsterisk
              {...registerField(form, 'email')}
            />
          </Grid.Col>
        </Grid>

        <SelectField
          control={form.control}
          name="service"
          label="Service Required"
          placeholder="Select a service"
          withAsterisk
          data={[...BOOKING_SERVICES]}
          allowDeselect={false}
          searchable={variant === 'integrated'}
          comboboxProps={{ withinPortal: true }}
        />

        {variant === 'integrated' ? (
          <Controller
            control={form.control}
            name="urgency"
            render={({ field, fieldState }) => (
              <UrgencyCards
                value={field.value as Urgency}
                onChange={field.onChange}
                error={fieldState.error?.message}
              />
            )}
          />
        ) : (
          <SelectField
            control={form.control}
            name="urgency"
            label="Urgency"
            withAsterisk
            data={URGENCY_OPTIONS}
            allowDeselect={false}
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
          {...registerField(form, 'location')}
        />

        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Controller
              control={form.control}
              name="preferredDate"
              render={({ field, fieldState }) => (
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
                  error={fieldState.error?.message}
                  firstDayOfWeek={1}
                />
              )}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <SelectField
              control={form.control}
              name="preferredTime"
              label="Preferred Time"
              placeholder="Select a time"
              withAsterisk
              data={[...TIME_SLOTS]}
              allowDeselect={false}
            />
          </Grid.Col>
        </Grid>

        <TextInput
          label="Vehicle Details (optional)"
          placeholder="Make, model, year, colour, registration"
          {...registerField(form, 'vehicleDetails')}
        />
        <Textarea
          label="Describe what you need"
          placeholder="What happened, where the vehicle is, anything we should bring"
          withAsterisk
          autosize
          minRows={4}
          {...registerField(form, 'description')}
        />
        <Button type="submit" size="md" disabled={sending} mih={48}>
          {sending ? 'Sending...' : 'Submit Booking'}
        </Button>
      </Stack>
    </form>
  );
}
