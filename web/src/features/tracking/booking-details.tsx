import { Badge, Group, Text } from '@mantine/core';
import { IconHandStop } from '@tabler/icons-react';
import { OUTCOME_TEXT, confirmedByText, type PublicBooking } from '@pilbara/shared-schema';
import { useOperators } from '../../components/profile-provider';
import { NotifyMe } from './notify-me';
import { TextMessages } from './text-messages';
import { TrackingCard } from './tracking-card';

/**
 * A booking still waiting for staff, as its tracking link shows it: the reference, service,
 * preferred date and time and location, and who has taken it once someone has. Once approved
 * the same link shows the job, and the notifications asked for here follow it (the server keeps
 * them by the tracking token). A booking staff declined says so, with why and the phone.
 */
export function BookingDetails({ booking }: { booking: PublicBooking }) {
  const { main } = useOperators();
  if (booking.status === 'declined') {
    return (
      <TrackingCard
        testId="booking-details"
        gap="sm"
        service={booking.service}
        reference={
          <Text ff="monospace" fw={600} data-testid="booking-id">
            {booking.id}
          </Text>
        }
        status={
          <Badge size="lg" color="red" variant="light">
            {OUTCOME_TEXT.declined}
          </Badge>
        }
      >
        <Text fw={600} role="status" data-testid="booking-declined">
          {OUTCOME_TEXT.declinedNews(booking.declineReason, main.phone)}
        </Text>
      </TrackingCard>
    );
  }
  return (
    <TrackingCard
      testId="booking-details"
      gap="sm"
      service={booking.service}
      reference={
        <Text ff="monospace" fw={600} data-testid="booking-id">
          {booking.id}
        </Text>
      }
      status={
        <Badge size="lg" variant="outline">
          Pending
        </Badge>
      }
    >
      <Text>
        Preferred: {booking.preferredDate} {booking.preferredTime}
      </Text>
      <Text>Location: {booking.location}</Text>
      {booking.acknowledgedAt && booking.acknowledgedBy ? (
        <Group gap="sm" wrap="nowrap" align="flex-start" data-testid="confirmed-by">
          <Text c="green.8" mt={2} aria-hidden>
            <IconHandStop size={20} />
          </Text>
          <Text fw={600}>{confirmedByText(booking.acknowledgedBy, booking.acknowledgedAt)}</Text>
        </Group>
      ) : null}
      <Text c="dimmed">
        We have your booking and will confirm it shortly. This page shows your job as soon as it is
        approved.
      </Text>
      {booking.trackingToken && <NotifyMe token={booking.trackingToken} />}
      {booking.trackingToken && <TextMessages token={booking.trackingToken} />}
    </TrackingCard>
  );
}
