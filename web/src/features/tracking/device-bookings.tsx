/**
 * The bookings made on this device (lib/my-bookings.ts), so a customer finds theirs without
 * typing anything: each with its number once sent (or "waiting for signal") and a tracking link.
 */
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { deviceReference, type SavedBooking } from '../../lib/my-bookings';

export function DeviceBookings({
  bookings,
  title = 'Bookings made on this phone',
}: {
  bookings: SavedBooking[];
  title?: string;
}) {
  if (bookings.length === 0) return null;
  return (
    <Stack gap="sm" data-testid="device-bookings">
      <Title order={2} size="h4">
        {title}
      </Title>
      {bookings.map((booking) => (
        <Card key={booking.outboxId} withBorder radius="md" padding="md">
          <Group justify="space-between" align="center" wrap="wrap" gap="sm">
            <Stack gap={2}>
              <Text fw={700}>{booking.service}</Text>
              <Text size="sm" ff="monospace">
                {booking.reference ?? `Device ref ${deviceReference(booking.outboxId)}`}
              </Text>
              <Text size="sm" c="dimmed">
                {booking.location}
              </Text>
            </Stack>
            <Group gap="xs">
              {booking.status === 'waiting' ? (
                <Badge color="ochre" variant="filled">
                  Waiting for signal
                </Badge>
              ) : (
                <Badge color="ironstone.9" variant="filled">
                  Pending
                </Badge>
              )}
              {booking.trackingToken ? (
                <Button
                  component={Link}
                  to={`/customer-portal?token=${encodeURIComponent(booking.trackingToken)}`}
                  size="sm"
                  mih={44}
                >
                  Track
                </Button>
              ) : null}
            </Group>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
