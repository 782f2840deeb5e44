/**
 * Pending Bookings (spec staff §2): emergency first, urgency prominent. Each booking can be taken
 * ("I've got it": the alarm and the escalation stop, the customer's link says who has it),
 * approved into a job, or declined with a reason the customer is told; its alert log says who
 * was pushed, texted and emailed, and how each went. A link from a staff alert
 * (`/admin?booking=…`) scrolls its booking into view and marks it. A booking under an account
 * shows its account, site and PO; while the account is on credit hold, Approve asks the owner
 * first and records their decision on the job.
 */
import { useEffect, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Collapse,
  Group,
  List,
  Modal,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import {
  IconBell,
  IconCheck,
  IconHandStop,
  IconMapPin,
  IconPhone,
  IconX,
} from '@tabler/icons-react';
import {
  DECLINE_REASONS,
  STAFF_ALARM_TEXT,
  bookingAlertsResponseSchema,
  formatDaySlot,
  rowKey,
  sortBookingsByUrgency,
  type Booking,
  type BookingAlertsResponse,
  formatDateTime,
} from '@pilbara/shared-schema';
import { ReasonDialog } from '../../components/reason-dialog';
import { apiRequest } from '../../lib/http';
import { acknowledgeBooking } from '../../components/booking-changes';
import { AccountWorkLine, useAccountState } from '../../components/accounts/account-work';
import { approveBooking, declineBooking } from './admin-actions';
import { PendingBadge, UrgencyBadge } from './admin-badges';
import { ADMIN_TEXT } from './admin-text';
import { online } from './staff-api';
import classes from './admin.module.css';
import { AdminCard } from './admin-card';

const CHANNEL = { sms: 'Text', email: 'Email', push: 'Push' } as const;

/** Who was alerted about the booking and how each went (it needs a connection). */
function AlertLog({ bookingId }: { bookingId: string }) {
  const [log, setLog] = useState<BookingAlertsResponse | 'offline' | null>(null);
  useEffect(() => {
    let live = true;
    online(() => apiRequest<unknown>(`/api/bookings/${encodeURIComponent(bookingId)}/alerts`))
      .then((answer) => live && setLog(bookingAlertsResponseSchema.parse(answer)))
      .catch(() => live && setLog('offline'));
    return () => {
      live = false;
    };
  }, [bookingId]);
  if (log === null) return null;
  if (log === 'offline')
    return (
      <Text size="sm" c="dimmed">
        {ADMIN_TEXT.alertsNeedConnection}
      </Text>
    );
  return (
    <Stack gap={4} data-testid="alert-log">
      {log.alerts.length === 0 && (
        <Text size="sm" c="dimmed">
          {ADMIN_TEXT.alertsNone}
        </Text>
      )}
      <List size="sm" spacing={2}>
        {log.alerts.map((alert, index) => (
          <List.Item key={index}>
            {CHANNEL[alert.channel]} to {alert.recipient}
            {alert.step > 0 ? ` (escalation ${alert.step})` : ''}:{' '}
            <Text span fw={600} c={alert.status === 'failed' ? 'red.8' : undefined}>
              {alert.status}
            </Text>
            {alert.error ? ` – ${alert.error}` : ''}
          </List.Item>
        ))}
      </List>
      {log.nextEscalationAt && (
        <Text size="sm" c="orange.8">
          {ADMIN_TEXT.nextEscalation(formatDateTime(log.nextEscalationAt))}
        </Text>
      )}
    </Stack>
  );
}

function BookingCard({
  booking,
  pending,
  focused,
}: {
  booking: Booking;
  pending: boolean;
  /** Opened from a staff alert's link: scrolled into view and marked. */
  focused: boolean;
}) {
  const [busy, setBusy] = useState<'approve' | 'take' | null>(null);
  const [declining, setDeclining] = useState(false);
  const [logOpen, setLogOpen] = useState(false);
  const { hold } = useAccountState(booking.accountId, booking.creditHold);
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const act = async (key: 'approve' | 'take', action: () => Promise<unknown>) => {
    setBusy(key);
    try {
      await action();
    } finally {
      setBusy(null);
    }
  };
  const approve = (decided?: boolean) => {
    if (hold && !decided) {
      setAsking(true);
      return;
    }
    setAsking(false);
    void act('approve', () =>
      approveBooking(booking.id, hold ? { hold, reason: reason.trim() || null } : undefined),
    );
  };
  useEffect(() => {
    if (focused) document.getElementById(booking.id)?.scrollIntoView({ block: 'center' });
  }, [focused, booking.id]);
  return (
    <AdminCard
      urgency={booking.urgency}
      id={booking.id}
      data-testid="booking-card"
      data-booking-id={booking.id}
      data-focused={focused ? 'true' : undefined}
    >
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
          recordedHold={booking.creditHold}
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
        {booking.acknowledgedAt && booking.acknowledgedBy ? (
          <Badge
            color="green"
            variant="light"
            size="lg"
            leftSection={<IconHandStop size={14} aria-hidden />}
            data-testid="booking-taken"
          >
            {STAFF_ALARM_TEXT.taken(booking.acknowledgedBy, booking.acknowledgedAt)}
          </Badge>
        ) : null}
        <Group justify="flex-end" gap="xs" wrap="wrap">
          <Button
            variant="subtle"
            size="sm"
            leftSection={<IconBell size={16} aria-hidden />}
            aria-expanded={logOpen}
            onClick={() => setLogOpen((open) => !open)}
          >
            {ADMIN_TEXT.alerts}
          </Button>
          <Button
            variant="light"
            color="red"
            leftSection={<IconX size={16} aria-hidden />}
            onClick={() => setDeclining(true)}
          >
            {ADMIN_TEXT.decline}
          </Button>
          {!booking.acknowledgedAt && (
            <Button
              variant="light"
              color="orange"
              leftSection={<IconHandStop size={16} aria-hidden />}
              loading={busy === 'take'}
              onClick={() => void act('take', () => acknowledgeBooking(booking.id))}
            >
              {STAFF_ALARM_TEXT.acknowledge}
            </Button>
          )}
          <Button
            leftSection={<IconCheck size={16} aria-hidden />}
            onClick={() => approve()}
            loading={busy === 'approve'}
            color="green"
          >
            {ADMIN_TEXT.approve}
          </Button>
        </Group>
        <Collapse expanded={logOpen}>{logOpen && <AlertLog bookingId={booking.id} />}</Collapse>
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
              <Button color="green" onClick={() => approve(true)}>
                Approve anyway
              </Button>
            </Group>
          </Stack>
        </Modal>
      </Stack>
      {declining && (
        <ReasonDialog
          title={ADMIN_TEXT.declineTitle(booking.id)}
          body={ADMIN_TEXT.declineBody}
          reasons={DECLINE_REASONS}
          confirmLabel={ADMIN_TEXT.declineConfirm}
          onConfirm={(reason) => declineBooking(booking.id, reason)}
          onClose={() => setDeclining(false)}
        />
      )}
    </AdminCard>
  );
}

export function PendingBookings({
  bookings,
  pendingKeys,
  focusedId = null,
}: {
  bookings: Booking[];
  pendingKeys: ReadonlySet<string>;
  /** The booking a staff alert's link opened the panel on. */
  focusedId?: string | null;
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
          focused={booking.id === focusedId}
        />
      ))}
    </Stack>
  );
}
