/**
 * The booking form in both variants (docs/features.md): 'standard' (/booking) with a plain
 * dropdown, 'integrated' (/book-service) with urgency cards. The fields, rules and messages are
 * the same; only the controls differ. An emergency needs no date or time (it means now) and shows
 * the call-us panel in both variants. Once the booking is safe — at the server, or saved on this
 * phone until there is signal — the form gives way to the confirmation screen.
 */
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { Alert, Button, Grid, Stack, Textarea, TextInput } from '@mantine/core';
import { IconPhoneCall } from '@tabler/icons-react';
import {
  BOOKING_SERVICES,
  DEFAULT_URGENCY,
  URGENCY_LABELS,
  URGENCY_LEVELS,
  openTimeSlots,
  type BookingData,
  type BookingInput,
  type Urgency,
} from '@pilbara/shared-schema';
import { LazySelectField as SelectField } from '../../components/lazy-select-field';
import { ContactFields } from '../../components/contact-fields';
import { registerField } from '../../components/register-field';
import { forgetBooking, saveBooking } from '../../lib/my-bookings';
import { telHref } from '../../lib/format';
import { BookingConfirmation } from './booking-confirmation';
import { LocationButton } from './location-button';
import { PublicFormFrame } from './public-form-frame';
import { PreferredDateInput } from './preferred-date-input';
import { usePublicForm } from './use-public-form';
import { UrgencyCards } from './urgency-cards';
import { SubmitButton } from '../../components/submit-button';

export type BookingVariant = 'standard' | 'integrated';

type BookingFormValues = BookingInput;

// The name alone in the field, which a 360 px phone shows whole; what it means is said under
// it: a label with its meaning ("Scheduled – At your preferred date and time") runs off the
// screen.
const URGENCY_OPTIONS = URGENCY_LEVELS.map((level) => ({
  value: level,
  label: URGENCY_LABELS[level].label,
}));

const loadResolver = () => import('./form-resolvers').then((m) => m.bookingResolver());

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

/** The emergency call-us panel (both variants): calling is the fastest way to get a truck. */
function EmergencyCallPanel({ phones }: { phones: { name: string; phone: string }[] }) {
  return (
    <Alert
      color="ochre"
      variant="outline"
      title="Emergency? Call our hotline now"
      icon={<IconPhoneCall />}
      role="alert"
      data-testid="emergency-hotline"
    >
      <Stack gap="sm" align="stretch">
        <span>
          For an emergency, calling is the fastest way to get a truck moving – we answer 24/7, and a
          call often gets through where data does not. You can still send this booking so we have
          your details; leave the date and time empty and we come now.
        </span>
        {phones.map((line) => (
          <Button
            key={line.phone}
            component="a"
            href={telHref(line.phone)}
            mih={48}
            leftSection={<IconPhoneCall size={18} />}
          >
            Call {line.name}: {line.phone}
          </Button>
        ))}
      </Stack>
    </Alert>
  );
}

/** `hotlines` are the numbers the emergency panel offers (both operators). */
export function BookingForm({
  variant,
  hotlines,
  initial = {},
}: {
  variant: BookingVariant;
  hotlines: { name: string; phone: string }[];
  /** Values to start from, such as the service of "Book Similar Service" or a map area. */
  initial?: Partial<Pick<BookingFormValues, 'service' | 'location'>>;
}) {
  const [confirmed, setConfirmed] = useState<string | null>(null);
  const { form, onSubmit, sending, formKey } = usePublicForm<BookingFormValues, BookingData>(
    'booking',
    loadResolver,
    emptyBooking,
    { ...emptyBooking(), ...initial },
    {
      toast: false,
      // An emergency sent without a date or time travels without them, so the server fills in
      // "now" by its own clock even if the booking waits hours for signal.
      body: (data, input) =>
        data.urgency === 'emergency'
          ? { ...data, preferredDate: input.preferredDate, preferredTime: input.preferredTime }
          : { ...data },
      beforeSend: (outboxId) => {
        const values = form.getValues();
        saveBooking({
          outboxId,
          status: 'waiting',
          reference: null,
          trackingToken: null,
          customerName: values.customerName.trim(),
          phone: values.phone.trim(),
          service: values.service,
          urgency: values.urgency,
          location: values.location.trim(),
          preferredDate: values.preferredDate,
          preferredTime: values.preferredTime,
          savedAt: new Date().toISOString(),
        });
      },
      onDone: (result) => setConfirmed(result.outboxId),
      onRejected: (outboxId) => forgetBooking(outboxId),
    },
  );
  const urgency = form.watch('urgency') as Urgency;
  const date = form.watch('preferredDate');
  const emergency = urgency === 'emergency';
  const slots = openTimeSlots(date, new Date());

  if (confirmed) {
    return (
      <BookingConfirmation
        outboxId={confirmed}
        phones={hotlines}
        onAnother={() => setConfirmed(null)}
      />
    );
  }

  return (
    <PublicFormFrame
      kind="booking"
      label="Book a Service"
      onSubmit={onSubmit}
      // Both variants work as plain HTML forms: the server answers a native post.
      formKey={formKey}
    >
      <Grid gap="md">
        <ContactFields
          form={form}
          names={[{ name: 'customerName', label: 'Full Name', part: 'name', required: true }]}
          phone={{ name: 'phone', label: 'Phone Number', required: true }}
          email={{ name: 'email', label: 'Email Address', required: true }}
          emailRow
        />
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
          description={URGENCY_LABELS[urgency]?.description}
          withAsterisk
          data={URGENCY_OPTIONS}
          allowDeselect={false}
        />
      )}

      {emergency ? <EmergencyCallPanel phones={hotlines} /> : null}

      <Stack gap={6}>
        <TextInput
          label="Location"
          placeholder="Address, highway and km marker, or mine site"
          withAsterisk
          autoComplete="street-address"
          {...registerField(form, 'location')}
        />
        <LocationButton
          onLocation={(text) =>
            form.setValue('location', text, { shouldDirty: true, shouldValidate: true })
          }
        />
      </Stack>

      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Controller
            control={form.control}
            name="preferredDate"
            render={({ field, fieldState }) => (
              <PreferredDateInput
                value={field.value}
                onChange={(value) => {
                  field.onChange(value);
                  // A slot already past on the newly chosen day is cleared, not kept.
                  const time = form.getValues('preferredTime');
                  if (time && !openTimeSlots(value, new Date()).includes(time)) {
                    form.setValue('preferredTime', '');
                  }
                }}
                onBlur={field.onBlur}
                inputRef={field.ref}
                name={field.name}
                error={fieldState.error?.message}
                required={!emergency}
              />
            )}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <SelectField
            control={form.control}
            name="preferredTime"
            label="Preferred Time"
            placeholder={emergency ? 'As soon as possible' : 'Select a time'}
            description={emergency ? 'Optional for an emergency' : undefined}
            withAsterisk={!emergency}
            data={slots}
            nothingFoundMessage="No times left today: pick another day"
            allowDeselect={emergency}
            clearable={emergency}
          />
        </Grid.Col>
      </Grid>

      <TextInput
        label="Vehicle Details (optional)"
        placeholder="Make, model, year, colour, rego"
        {...registerField(form, 'vehicleDetails')}
      />
      <Textarea
        label="Describe what you need"
        placeholder="What happened, and anything we should bring"
        withAsterisk
        autosize
        minRows={4}
        {...registerField(form, 'description')}
      />
      <SubmitButton native size="md" disabled={sending} mih={48}>
        {sending ? 'Sending...' : 'Submit Booking'}
      </SubmitButton>
    </PublicFormFrame>
  );
}
