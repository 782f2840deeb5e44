/**
 * The in-app alarm (docs/messages.md, "Staff alerts"): on any staff screen an admin has open, a new booking nobody has
 * taken rings — a banner at the top of the screen and a sound — until someone says "I've got
 * it", approves or declines it, on this device or any other (the booking's `acknowledgedAt`
 * arrives by sync and the alarm stops everywhere). It reads the synced bookings in Dexie, so it
 * rings for a booking this device has received even with no signal now.
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconAlarm, IconHandStop, IconVolume } from '@tabler/icons-react';
import {
  STAFF_ALARM_TEXT,
  needsAlarm,
  sortBookingsByUrgency,
  staffBookingPath,
  type Booking,
} from '@pilbara/shared-schema';
import { acknowledgeBooking } from '../../components/booking-changes';
import { db, usePacedLiveQuery } from '../../sync';
import { useAlarmSound } from './alarm-sound';
import classes from './staff-alarm.module.css';

/** The clock the alarm's window is judged by, moved on every half minute. */
function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function AlarmRow({ booking }: { booking: Booking }) {
  const [busy, setBusy] = useState(false);
  return (
    <Group
      justify="space-between"
      gap="xs"
      wrap="wrap"
      data-testid="alarm-booking"
      data-booking-id={booking.id}
    >
      <Stack gap={0} className={classes.what}>
        <Group gap={6} wrap="wrap">
          <Badge color={booking.urgency === 'emergency' ? 'red' : 'orange'} variant="filled">
            {booking.urgency === 'emergency' ? 'EMERGENCY' : booking.urgency}
          </Badge>
          <Text fw={700}>{booking.id}</Text>
        </Group>
        <Text size="sm" className={classes.detail}>
          {booking.service} at {booking.location}
        </Text>
      </Stack>
      <Group gap="xs" wrap="nowrap">
        <Button
          component={Link}
          to={staffBookingPath(booking.id)}
          variant="white"
          color="dark"
          size="sm"
        >
          {STAFF_ALARM_TEXT.open}
        </Button>
        <Button
          color="dark"
          size="sm"
          leftSection={<IconHandStop size={16} aria-hidden />}
          loading={busy}
          onClick={() => {
            setBusy(true);
            void acknowledgeBooking(booking.id).finally(() => setBusy(false));
          }}
        >
          {STAFF_ALARM_TEXT.acknowledge}
        </Button>
      </Group>
    </Group>
  );
}

export function StaffAlarm() {
  const now = useMinuteClock();
  const bookings = usePacedLiveQuery(async () => (await db.bookings.toArray()) as Booking[], []);
  const ringing = sortBookingsByUrgency((bookings ?? []).filter((b) => needsAlarm(b, now)));
  const { soundOn, turnOn } = useAlarmSound(ringing.length > 0);
  if (ringing.length === 0) return null;
  return (
    <Paper
      className={classes.alarm}
      radius={0}
      role="alert"
      aria-label={STAFF_ALARM_TEXT.title(ringing.length)}
      data-testid="staff-alarm"
      data-sound={soundOn ? 'on' : 'off'}
    >
      <Stack gap="xs" className={classes.inner}>
        <Group gap="xs" wrap="nowrap">
          <IconAlarm size={22} aria-hidden className={classes.bell} />
          <Text fw={800}>{STAFF_ALARM_TEXT.title(ringing.length)}</Text>
        </Group>
        {ringing.map((booking) => (
          <AlarmRow key={booking.id} booking={booking} />
        ))}
        {!soundOn && (
          <Button
            variant="subtle"
            color="dark"
            size="xs"
            leftSection={<IconVolume size={14} aria-hidden />}
            onClick={turnOn}
            className={classes.sound}
          >
            {STAFF_ALARM_TEXT.soundOff}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
