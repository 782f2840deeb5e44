/** Pending Bookings (spec staff §2): emergency first, urgency prominent, Approve turns a booking into a job. */
import { useState } from 'react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconMapPin, IconPhone } from '@tabler/icons-react';
import { rowKey, sortBookingsByUrgency, type Booking, formatDaySlot } from '@pilbara/shared-schema';
import { approveBooking } from './admin-actions';
import { PendingBadge, UrgencyBadge } from './admin-badges';
import { ADMIN_TEXT } from './admin-text';
import classes from './admin.module.css';
import { AdminCard } from './admin-card';

function BookingCard({ booking, pending }: { booking: Booking; pending: boolean }) {
  const [busy, setBusy] = useState(false);
  const approve = async () => {
    setBusy(true);
    try {
      await approveBooking(booking.id);
    } finally {
      setBusy(false);
    }
  };
  return (
    <AdminCard urgency={booking.urgency} data-testid="booking-card" data-booking-id={booking.id}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs" wrap="wrap">
            <UrgencyBadge urgency={booking.urgency} />
            <Title order={3} size="h4">
              {booking.customerName}
            </Title>
            {pending && <PendingBadge />}
          </Group>
          <Text size="sm" c="dimmed">
            {booking.id}
          </Text>
        </Group>
        <Text fw={600}>{booking.service}</Text>
        <Group gap="lg" wrap="wrap">
          <Group gap={4} wrap="nowrap">
            <IconMapPin size={16} aria-hidden />
            <Text size="sm" className={classes.detail}>
              {booking.location}
            </Text>
          </Group>
          <Group gap={4} wrap="nowrap">
            <IconPhone size={16} aria-hidden />
            <Text
              size="sm"
              component="a"
              className="tap-link"
              href={`tel:${booking.phone.replace(/[^\d+]/g, '')}`}
            >
              {booking.phone}
            </Text>
          </Group>
          {booking.email && (
            <Text size="sm" className={classes.detail}>
              {booking.email}
            </Text>
          )}
        </Group>
        <Text size="sm">
          Preferred: {formatDaySlot(booking.preferredDate, booking.preferredTime)}
        </Text>
        {booking.description && (
          <Text size="sm" className={classes.detail}>
            {booking.description}
          </Text>
        )}
        {booking.vehicleDetails && (
          <Text size="sm" c="dimmed" className={classes.detail}>
            Vehicle: {booking.vehicleDetails}
          </Text>
        )}
        <Group justify="flex-end">
          <Button
            leftSection={<IconCheck size={16} aria-hidden />}
            onClick={() => void approve()}
            loading={busy}
            color="green"
          >
            {ADMIN_TEXT.approve}
          </Button>
        </Group>
      </Stack>
    </AdminCard>
  );
}

export function PendingBookings({
  bookings,
  pendingKeys,
}: {
  bookings: Booking[];
  pendingKeys: ReadonlySet<string>;
}) {
  const pending = sortBookingsByUrgency(bookings.filter((booking) => booking.status === 'pending'));
  if (pending.length === 0) return <Text c="dimmed">{ADMIN_TEXT.noBookings}</Text>;
  return (
    <Stack gap="sm">
      {pending.map((booking) => (
        <BookingCard
          key={booking.id}
          booking={booking}
          pending={pendingKeys.has(rowKey('bookings', booking.id))}
        />
      ))}
    </Stack>
  );
}
