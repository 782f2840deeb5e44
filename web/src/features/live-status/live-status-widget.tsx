/**
 * The live-status widget: available drivers, the response time and a live dot
 * that blinks every 2 s. The response time is the one measured from recorded jobs (the median
 * over the shared rule's window, rules/response-times.ts), never a formula of how busy
 * the trucks look, which would put a different number beside every other page's. The driver count
 * comes as a prop or from the browser ('availableDrivers', default 2).
 *
 * Without a connection the dot is not "live": it turns grey, stops blinking, and the
 * heading says the figures are as last known, so nobody reads a green dot as live while offline.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Group, Paper, Stack, Text } from '@mantine/core';
import { IconClock, IconUsers } from '@tabler/icons-react';
import {
  LIVE_STATUS,
  responseBasisText,
  responseFigureText,
  type AreaResponse,
} from '@pilbara/shared-schema';
import { useOnline } from '../../lib/use-online';
import { useAvailableDrivers } from '../../lib/use-available-drivers';
import classes from './live-status.module.css';
import { useRecordedResponse } from './use-recorded-response';

export interface LiveStatusWidgetProps {
  /** The recorded response; read from this device's jobs when absent. */
  recorded?: { overall: AreaResponse; sinceDays: number };
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
  title,
  children,
}: {
  icon: typeof IconClock;
  label: string;
  testId: string;
  /** What the figure is measured from. */
  title?: string | undefined;
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
      <Text fw={800} size="xl" data-testid={testId} title={title}>
        {children}
      </Text>
    </Stack>
  );
}

export function LiveStatusWidget({ recorded, availableDrivers, connected }: LiveStatusWidgetProps) {
  const measured = useRecordedResponse();
  const response = recorded ?? measured;
  const figure = response ? responseFigureText(response.overall) : null;
  const stored = useAvailableDrivers()[0];
  const online = useOnline();
  const live = connected ?? online;
  const drivers = availableDrivers ?? stored;
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
          <LiveFigure
            icon={IconClock}
            label="Median response, recorded jobs"
            testId="live-estimate"
            title={response ? responseBasisText(response.overall, response.sinceDays) : undefined}
          >
            {figure ?? 'Not enough jobs yet'}
          </LiveFigure>
        </Group>
      </Group>
    </Paper>
  );
}
