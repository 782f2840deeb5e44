/**
 * Pending Bookings (spec staff §2): emergency first, urgency prominent, Approve turns a booking
 * into a job. A booking under an account shows its account, site and PO; while the account is
 * on credit hold, Approve asks the owner first and records their decision on the job.
 */
import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconCheck, IconMapPin, IconPhone } from '@tabler/icons-react';
import { rowKey, sortBookingsByUrgency, type Booking } from '@pilbara/shared-schema';
import { approveBooking } from './admin-actions';
import { AccountWorkLine, useAccountState } from '../../lib/accounts/account-work';
import { PendingBadge, UrgencyBadge } from './admin-badges';
import { ADMIN_TEXT } from './admin-text';
import classes from './admin.module.css';
import { AdminCard } from './admin-card';

function BookingCard({ booking, pending }: { booking: Booking; pending: boolean }) {
  const [busy, setBusy] = useState(false);
  const { hold } = useAccountState(booking.accountId);
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const approve = async (decided?: boolean) => {
    if (hold && !decided) {
      setAsking(true);
      return;
    }
    setAsking(false);
    setBusy(true);
    try {
      await approveBooking(booking.id, hold ? { hold, reason: reason.trim() || null } : undefined);
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
        <AccountWorkLine
          accountId={booking.accountId}
          siteId={booking.siteId}
          poNumber={booking.poNumber}
        />
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
          Preferred: {booking.preferredDate} {booking.preferredTime}
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
        <Modal opened={asking} onClose={() => setAsking(false)} title="Account on credit hold">
          <Stack gap="sm">
            <Alert color="orange" variant="light">
              {hold}
            </Alert>
            <Text size="sm">Going ahead is your call; the job records that you did, and why.</Text>
            <Textarea
              label="Why go ahead (optional)"
              value={reason}
              autosize
              minRows={2}
              onChange={(event) => setReason(event.currentTarget.value)}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setAsking(false)}>
                Not now
              </Button>
              <Button color="green" onClick={() => void approve(true)}>
                Approve anyway
              </Button>
            </Group>
          </Stack>
        </Modal>
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
