/**
 * The live-status widget (spec public §9): available drivers, the average response estimate and
 * a live dot that blinks every 2 s. It is given the jobs to judge from (the admin panel passes
 * its Dexie jobs; a public page passes what it may see), and the driver count either as a prop
 * or from the browser ('availableDrivers', default 2).
 *
 * Without a connection the dot is not "live" (issue 16): it turns grey, stops blinking, and the
 * heading says the figures are as last known, so nobody reads a green dot as live while offline.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Group, Paper, Stack, Text } from '@mantine/core';
import { IconClock, IconUsers } from '@tabler/icons-react';
import { LIVE_STATUS, responseEstimateMinutes } from '@pilbara/shared-schema';
import { useOnline } from '../../lib/use-online';
import { useAvailableDrivers } from '../../lib/use-available-drivers';
import classes from './live-status.module.css';

export interface LiveStatusWidgetProps {
  jobs: readonly { status: string }[];
  /** The count to show; read from browser storage when absent. */
  availableDrivers?: number;
  /** Whether the device is connected; the browser's online state when absent. */
  connected?: boolean;
}

/** The heading's text when offline: the figures are the last ones known on this device. */
const LIVE_STATUS_OFFLINE = 'Offline · last known';

/** Toggles every `LIVE_STATUS.blinkMs` (2 s). */
export function useBlink(intervalMs: number = LIVE_STATUS.blinkMs): boolean {
  const [on, setOn] = useState(true);
  useEffect(() => {
    const timer = window.setInterval(() => setOn((value) => !value), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return on;
}

/** One figure of the widget: a labelled icon over the number in large type. */
function LiveFigure({
  icon: Icon,
  label,
  testId,
  children,
}: {
  icon: typeof IconClock;
  label: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Stack gap={0}>
      <Group gap={6} wrap="nowrap">
        <Icon size={18} aria-hidden />
        <Text size="sm" c="dimmed">
          {label}
        </Text>
      </Group>
      <Text fw={800} size="xl" data-testid={testId}>
        {children}
      </Text>
    </Stack>
  );
}

export function LiveStatusWidget({ jobs, availableDrivers, connected }: LiveStatusWidgetProps) {
  const stored = useAvailableDrivers()[0];
  const online = useOnline();
  const live = connected ?? online;
  const drivers = availableDrivers ?? stored;
  const minutes = responseEstimateMinutes(jobs);
  const blink = useBlink();
  const on = live ? blink : true;
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      className={classes.widget}
      data-testid="live-status"
      aria-label="Live status"
    >
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap={8} wrap="nowrap">
          <span
            className={classes.dot}
            data-on={on}
            data-live={live}
            data-testid="live-dot"
            aria-hidden
          />
          <Text fw={700}>Live status</Text>
          {!live && (
            <Text size="sm" c="dimmed" data-testid="live-offline">
              {LIVE_STATUS_OFFLINE}
            </Text>
          )}
        </Group>
        <Group gap="xl" wrap="wrap">
          <LiveFigure icon={IconUsers} label="Available drivers" testId="live-drivers">
            {drivers}
          </LiveFigure>
          <LiveFigure icon={IconClock} label="Average response" testId="live-estimate">
            {minutes} min
          </LiveFigure>
        </Group>
      </Group>
    </Paper>
  );
}
