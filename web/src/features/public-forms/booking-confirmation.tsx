/**
 * What a customer sees once a booking is safe: its reference, what happens next, a tracking
 * link, both phone numbers, and — when it is still on this phone waiting for signal — that it
 * will go by itself. It follows the saved copy (lib/my-bookings.ts), so the moment the outbox
 * delivers it (on this page or any other), the booking number and tracking link appear.
 */
import { Anchor, Badge, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconCloudUpload } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import {
  PROMISE_TEXTS,
  PUBLIC_FORM_MESSAGES as MESSAGES,
  formatDaySlot,
} from '@pilbara/shared-schema';
import { deviceReference } from '../../lib/my-bookings';
import { useSavedBookings } from '../../lib/use-saved-bookings';
import { CallLineButtons } from '../../components/call-map-buttons';

const CONFIRMATION_TEXTS = {
  sentTitle: MESSAGES.BOOKING_SUBMITTED_TITLE,
  waitingTitle: 'Booking saved on this phone',
  referenceLabel: 'Your booking number',
  waitingReference:
    'Your booking number appears here as soon as the booking reaches us. Until then, quote this device reference if you call:',
  waitingSend:
    "There's no signal right now. Your booking is safe on this phone and is sent by itself the moment you're back online – you don't need to submit it again.",
  track: 'Track this booking',
  trackLater: 'Once it is sent, you can follow it from My Dashboard with your phone number.',
  trackDashboard: 'Follow it on My Dashboard with the phone number you booked with:',
  another: 'Book another service',
};

export function BookingConfirmation({
  outboxId,
  phones,
  onAnother,
}: {
  outboxId: string;
  phones: { name: string; phone: string }[];
  onAnother: () => void;
}) {
  const booking = useSavedBookings().find((b) => b.outboxId === outboxId);
  const heading = useRef<HTMLHeadingElement>(null);
  // The confirmation replaces the form: move the reader (and screen readers) to it.
  useEffect(() => {
    heading.current?.focus();
    heading.current?.scrollIntoView({ block: 'start' });
  }, []);

  const sent = booking?.status === 'sent';
  const emergency = booking?.urgency === 'emergency';
  const trackHref = booking?.trackingToken
    ? `/customer-portal?token=${encodeURIComponent(booking.trackingToken)}`
    : null;

  return (
    <Stack gap="md" data-testid="booking-confirmation">
      <Group gap="sm" wrap="nowrap" align="center">
        {sent ? (
          <IconCircleCheck size={36} color="var(--mantine-color-green-8)" aria-hidden />
        ) : (
          <IconCloudUpload size={36} color="var(--mantine-color-ochre-8)" aria-hidden />
        )}
        <Title order={2} ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
          {sent ? CONFIRMATION_TEXTS.sentTitle : CONFIRMATION_TEXTS.waitingTitle}
        </Title>
      </Group>

      <Paper withBorder p="md" radius="md" bg={sent ? 'green.0' : 'ochre.0'} role="status">
        {sent && booking?.reference ? (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {CONFIRMATION_TEXTS.referenceLabel}
            </Text>
            <Text fz={28} fw={800} ff="monospace" data-testid="booking-reference">
              {booking.reference}
            </Text>
          </Stack>
        ) : (
          <Stack gap={6}>
            <Badge color="ochre" variant="filled" size="lg">
              Waiting for signal
            </Badge>
            <Text size="sm">{CONFIRMATION_TEXTS.waitingSend}</Text>
            <Text size="sm">{CONFIRMATION_TEXTS.waitingReference}</Text>
            <Text fz={22} fw={800} ff="monospace" data-testid="device-reference">
              {deviceReference(outboxId)}
            </Text>
          </Stack>
        )}
      </Paper>

      {booking ? (
        <Text size="sm" c="dimmed">
          {booking.service} · {booking.location}
          {emergency
            ? ' · Emergency: as soon as possible'
            : ` · ${formatDaySlot(booking.preferredDate, booking.preferredTime)}`}
        </Text>
      ) : null}

      <div>
        <Title order={3} size="h4" mb={6}>
          What happens next
        </Title>
        <List spacing={6}>
          {!sent ? (
            <List.Item>We receive it as soon as your phone has signal again.</List.Item>
          ) : null}
          <List.Item>{MESSAGES.BOOKING_SUBMITTED_DESCRIPTION}</List.Item>
          {emergency ? (
            <List.Item>{PROMISE_TEXTS.emergencyNextStep}</List.Item>
          ) : (
            <List.Item>A driver is assigned and you can watch the job progress live.</List.Item>
          )}
        </List>
      </div>

      {trackHref ? (
        <Button component={Link} to={trackHref} size="md" mih={48} data-testid="tracking-link">
          {CONFIRMATION_TEXTS.track}
        </Button>
      ) : (
        <Text size="sm">
          {sent ? CONFIRMATION_TEXTS.trackDashboard : CONFIRMATION_TEXTS.trackLater}{' '}
          <Anchor component={Link} to="/dashboard">
            My Dashboard
          </Anchor>
        </Text>
      )}

      <Stack gap="xs">
        <Text fw={700}>Need us sooner? Call any time, 24/7</Text>
        <CallLineButtons lines={phones} iconSize={18} variant="outline" mih={48} />
      </Stack>

      <Button variant="subtle" onClick={onAnother} mih={44}>
        {CONFIRMATION_TEXTS.another}
      </Button>
    </Stack>
  );
}
