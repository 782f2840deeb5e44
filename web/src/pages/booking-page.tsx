import { Alert, Card } from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';
import { useSearchParams } from 'react-router-dom';
import { BOOKING_SERVICES, PROMISE_TEXTS } from '@pilbara/shared-schema';
import { usePageTitle } from '../lib/use-page-title';
import { useOnline } from '../lib/use-online';
import { useOperators } from '../components/profile-provider';
import { FormPage } from '../components/form-page';
import { BookingForm, type BookingVariant } from '../features/public-forms/booking-form';

export function BookingPage({ variant }: { variant: BookingVariant }) {
  usePageTitle('Book a Service');
  // The alert only goes once the booking reaches us: offline, the site-wide banner says what
  // happens instead.
  const online = useOnline();
  const { main, second } = useOperators();
  // "Book Similar Service" and the coverage map's "Book Service for {area}" pass what they know.
  const [params] = useSearchParams();
  const service = params.get('service') ?? '';
  const initial = {
    ...((BOOKING_SERVICES as readonly string[]).includes(service) ? { service } : {}),
    ...(params.get('location') ? { location: params.get('location') ?? '' } : {}),
  };
  const hotlines = [main, ...(second ? [second] : [])].map(({ name, phone }) => ({ name, phone }));
  return (
    <FormPage title="Book a Service" lead={PROMISE_TEXTS.bookingLead}>
      {variant === 'integrated' && online ? (
        <Alert
          color="ochre"
          variant="light"
          icon={<IconPlugConnected />}
          title={PROMISE_TEXTS.bookingAlertTitle}
        >
          {PROMISE_TEXTS.bookingAlert}
        </Alert>
      ) : null}
      <Card withBorder radius="md" padding="lg">
        <BookingForm variant={variant} hotlines={hotlines} initial={initial} />
      </Card>
    </FormPage>
  );
}
