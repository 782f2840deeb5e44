import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { Booking } from '@pilbara/shared-schema';

/** A booking still waiting for staff approval, as the portal shows it. */
export function BookingDetails({ booking }: { booking: Booking }) {
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
          <Badge size="lg" color="ironstone.9" variant="filled">
            Pending
          </Badge>
        </Group>
        <Text>
          We have your booking and will call you to confirm it, usually within 30 minutes. Once
          confirmed it becomes a job here, with your driver and arrival time.
        </Text>
        <Text size="sm" c="dimmed">
          Preferred: {booking.preferredDate} {booking.preferredTime} · {booking.location}
        </Text>
      </Stack>
    </Card>
  );
}
