import { Badge, Text } from '@mantine/core';
import { formatDaySlot, type PublicBooking } from '@pilbara/shared-schema';
import { NotifyMe } from './notify-me';
import { TextMessages } from './text-messages';
import { TrackingCard } from './tracking-card';

/**
 * A booking still waiting for staff, as its tracking link shows it: the reference, service,
 * preferred date and time and location. Once approved the same link shows the job, and the
 * notifications asked for here follow it (the server keeps them by the tracking token).
 */
export function BookingDetails({ booking }: { booking: PublicBooking }) {
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
      <Text>Preferred: {formatDaySlot(booking.preferredDate, booking.preferredTime)}</Text>
      <Text>Location: {booking.location}</Text>
      <Text c="dimmed">
        We have your booking and will confirm it shortly. This page shows your job as soon as it is
        approved.
      </Text>
      {booking.trackingToken && <NotifyMe token={booking.trackingToken} />}
      {booking.trackingToken && <TextMessages token={booking.trackingToken} />}
    </TrackingCard>
  );
}
