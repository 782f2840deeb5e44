/**
 * A driver's weekly timesheet on the board: each day's start, finish, work and breaks from their
 * shift records (rules/timesheet.ts), and the same week as CSV for payroll from the server.
 */
import { useState } from 'react';
import { Anchor, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconDownload } from '@tabler/icons-react';
import {
  addCalendarDays,
  formatPerth,
  hoursText,
  weekStartOf,
  weeklyTimesheet,
  type DriverShiftEvent,
} from '@pilbara/shared-schema';

export function TimesheetPanel({
  driverId,
  events,
  now,
}: {
  driverId: number;
  events: DriverShiftEvent[];
  now: Date;
}) {
  const [week, setWeek] = useState(() => weekStartOf(now));
  const sheet = weeklyTimesheet(events, week, now);
  return (
    <Stack gap="sm" data-testid="timesheet">
      <Text fw={600} ta="center">
        Week of {formatPerth(`${week}T12:00:00+08:00`, 'ddd D MMMM YYYY')}
      </Text>
      <Group justify="space-between">
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconChevronLeft size={16} aria-hidden />}
          onClick={() => setWeek(addCalendarDays(week, -7))}
        >
          Week before
        </Button>
        <Button
          variant="subtle"
          size="compact-sm"
          rightSection={<IconChevronRight size={16} aria-hidden />}
          onClick={() => setWeek(addCalendarDays(week, 7))}
        >
          Week after
        </Button>
      </Group>
      <Table striped withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Day</Table.Th>
            <Table.Th>Start</Table.Th>
            <Table.Th>Finish</Table.Th>
            <Table.Th>Work</Table.Th>
            <Table.Th>Breaks</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sheet.days.map((day) => (
            <Table.Tr key={day.date}>
              <Table.Td>{formatPerth(`${day.date}T12:00:00+08:00`, 'ddd D/M')}</Table.Td>
              <Table.Td>{day.started ?? '–'}</Table.Td>
              <Table.Td>{day.finished ?? (day.workMinutes > 0 ? 'working' : '–')}</Table.Td>
              <Table.Td>{hoursText(day.workMinutes)}</Table.Td>
              <Table.Td>{hoursText(day.breakMinutes)}</Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr fw={700}>
            <Table.Td colSpan={3}>Week</Table.Td>
            <Table.Td data-testid="timesheet-total">{hoursText(sheet.workMinutes)}</Table.Td>
            <Table.Td>{hoursText(sheet.breakMinutes)}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <Anchor
        href={`/api/timesheet.csv?userId=${driverId}&week=${week}`}
        download
        size="sm"
        data-testid="timesheet-csv"
      >
        <Group gap={4} component="span">
          <IconDownload size={16} aria-hidden /> CSV for payroll (needs a connection)
        </Group>
      </Anchor>
    </Stack>
  );
}
