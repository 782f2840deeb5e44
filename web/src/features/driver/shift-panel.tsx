/**
 * The driver's working day on /driver: start and end a shift, take a break, at the time on the
 * phone, with no signal as with it (the records queue like every step). It shows the hours
 * worked today and this week and warns before a fatigue limit is reached (rules/fatigue.ts),
 * so a driver knows to rest before the office has to tell them.
 */
import { memo, useMemo, useState } from 'react';
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCoffee, IconPlayerPlay, IconPlayerStop } from '@tabler/icons-react';
import { notifications } from '@mantine/notifications';
import {
  FATIGUE_RULE_TEXT,
  fatigueLimitNamed,
  MESSAGES,
  TOAST_DURATIONS,
  fatigueLevel,
  fatigueOutlook,
  hoursText,
  perthDate,
  shiftState,
  weekStartOf,
  weeklyTimesheet,
  type DriverShiftEventKind,
} from '@pilbara/shared-schema';
import { useClock, useShiftEvents } from '../../components/dispatch/shift-data';
import { mintId, mutate } from '../../sync';

/** A break is flagged this many minutes before it is due. */
const BREAK_WARN_MINUTES = 30;

const ACTION_TEXT: Record<DriverShiftEventKind, string> = {
  shift_start: 'Start shift',
  break_start: 'Start break',
  break_end: 'End break',
  shift_end: 'End shift',
};

const DONE_TEXT: Record<DriverShiftEventKind, string> = {
  shift_start: 'Shift started',
  break_start: 'Break started',
  break_end: 'Back at work',
  shift_end: 'Shift ended',
};

async function record(kind: DriverShiftEventKind, userName: string): Promise<void> {
  try {
    const result = await mutate('shift.record', {
      id: await mintId('driver_shift_events'),
      kind,
      userName,
    });
    if (!result.ok) throw new Error(result.message);
    notifications.show({
      message: DONE_TEXT[kind],
      color: 'green',
      autoClose: TOAST_DURATIONS.default,
    });
  } catch (error) {
    notifications.show({
      title: MESSAGES.ERROR_TITLE,
      message: error instanceof Error ? error.message : MESSAGES.JOB_UPDATE_FAILED,
      color: 'red',
      autoClose: TOAST_DURATIONS.default,
    });
  }
}

/** Drawn again for its own records and clock only, not each time the job list above changes. */
export const ShiftPanel = memo(function ShiftPanel({ driverName }: { driverName: string }) {
  const all = useShiftEvents();
  const now = useClock();
  const [busy, setBusy] = useState(false);
  const events = useMemo(
    () => all.filter((event) => event.userName === driverName),
    [all, driverName],
  );
  const state = shiftState(events);
  const sheet = weeklyTimesheet(events, weekStartOf(now), now);
  const today = sheet.days.find((day) => day.date === perthDate(now));
  const outlook = fatigueOutlook(events, now);
  const level = fatigueLevel(outlook);
  const warnRule = level === 'ok' ? null : fatigueLimitNamed(outlook);
  const actions: DriverShiftEventKind[] =
    state === 'off'
      ? ['shift_start']
      : state === 'working'
        ? ['break_start', 'shift_end']
        : ['break_end', 'shift_end'];
  const act = (kind: DriverShiftEventKind) => {
    setBusy(true);
    void record(kind, driverName).finally(() => setBusy(false));
  };
  return (
    <Card withBorder padding="md" radius="md" data-testid="shift-panel" data-state={state}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h4">
            {state === 'off' ? 'Off shift' : state === 'working' ? 'On shift' : 'On a break'}
          </Title>
          <Text size="sm" data-testid="shift-hours">
            Today {hoursText(today?.workMinutes ?? 0)} · this week {hoursText(sheet.workMinutes)}
          </Text>
        </Group>
        {warnRule && (
          <Alert
            color={level === 'broken' ? 'red' : 'yellow'}
            icon={<IconAlertTriangle size={20} aria-hidden />}
            title={
              level === 'broken' ? 'Fatigue limit reached: stop and rest' : 'Near a fatigue limit'
            }
            data-testid="shift-fatigue-warning"
          >
            {level === 'broken'
              ? FATIGUE_RULE_TEXT[warnRule]
              : `${hoursText(outlook.minutesLeft ?? 0)} of work left before: ${FATIGUE_RULE_TEXT[warnRule]}`}
          </Alert>
        )}
        {state === 'working' && outlook.breakDueIn <= BREAK_WARN_MINUTES && (
          <Alert
            color="yellow"
            icon={<IconCoffee size={20} aria-hidden />}
            data-testid="shift-break-due"
          >
            {outlook.breakDueIn === 0
              ? `A break is due now: ${FATIGUE_RULE_TEXT.break}`
              : `A break is due in ${hoursText(outlook.breakDueIn)}`}
          </Alert>
        )}
        <Group gap="sm" grow>
          {actions.map((kind) => (
            <Button
              key={kind}
              size="md"
              variant={kind === 'shift_end' ? 'default' : 'filled'}
              loading={busy}
              onClick={() => act(kind)}
              leftSection={
                kind === 'shift_start' || kind === 'break_end' ? (
                  <IconPlayerPlay size={18} aria-hidden />
                ) : kind === 'break_start' ? (
                  <IconCoffee size={18} aria-hidden />
                ) : (
                  <IconPlayerStop size={18} aria-hidden />
                )
              }
            >
              {ACTION_TEXT[kind]}
            </Button>
          ))}
        </Group>
      </Stack>
    </Card>
  );
});
