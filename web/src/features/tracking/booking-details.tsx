import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { PublicBooking } from '@pilbara/shared-schema';
import { NotifyMe } from './notify-me';
import { TextMessages } from './text-messages';

/**
 * A booking still waiting for staff, as its tracking link shows it: the reference, service,
 * preferred date and time and location. Once approved the same link shows the job, and the
 * notifications asked for here follow it (the server keeps them by the tracking token).
 */
export function BookingDetails({ booking }: { booking: PublicBooking }) {
  return (
    <Card withBorder radius="md" padding="lg" aria-live="polite" data-testid="booking-details">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Stack gap={4}>
            <Title order={2} size="h3">
              {booking.service}
            </Title>
            <Text ff="monospace" fw={600} data-testid="booking-id">
              {booking.id}
            </Text>
          </Stack>
          <Badge size="lg" variant="outline">
            Pending
          </Badge>
        </Group>
        <Text>
          Preferred: {booking.preferredDate} {booking.preferredTime}
        </Text>
        <Text>Location: {booking.location}</Text>
        <Text c="dimmed">
          We have your booking and will confirm it shortly. This page shows your job as soon as it
          is approved.
        </Text>
        {booking.trackingToken && <NotifyMe token={booking.trackingToken} />}
        {booking.trackingToken && <TextMessages token={booking.trackingToken} />}
      </Stack>
    </Card>
  );
}
