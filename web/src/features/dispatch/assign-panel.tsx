/**
 * Sending a driver in a truck to one job: the candidates with their distance and estimated
 * arrival, the warnings of the chosen pair, and one button that writes both (`job.dispatch`),
 * queued offline like every step.
 */
import { useState } from 'react';
import { Alert, Badge, Button, Group, Radio, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { notifications } from '@mantine/notifications';
import {
  EQUIPMENT_NEED_TEXT,
  MESSAGES,
  TOAST_DURATIONS,
  estimateText,
  hoursText,
} from '@pilbara/shared-schema';
import { mintId, mutate } from '../../sync';
import {
  assignmentWarnings,
  type BoardDriverRow,
  type TruckCandidate,
  type WaitingItem,
} from './board-model';

/** The driver's site induction gap for a job, when the accounts and sites records exist. */
export type InductionCheck = (driverId: number, item: WaitingItem) => string | null;

export function AssignPanel({
  item,
  trucks,
  drivers,
  inductionCheck,
  onDone,
}: {
  item: WaitingItem;
  trucks: TruckCandidate[];
  drivers: BoardDriverRow[];
  inductionCheck?: InductionCheck;
  onDone: () => void;
}) {
  const [truckId, setTruckId] = useState<string | null>(null);
  const [driverId, setDriverId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const truck = trucks.find((t) => String(t.vehicle.id) === truckId) ?? null;
  const driver = drivers.find((d) => String(d.driver.id) === driverId) ?? null;
  const warnings = assignmentWarnings(
    truck,
    driver,
    driver && inductionCheck ? inductionCheck(driver.driver.id, item) : null,
  );

  const send = async () => {
    if (!truck || !driver || !item.job) return;
    setBusy(true);
    try {
      const result = await mutate('job.dispatch', {
        id: item.job.id,
        updateId: await mintId('job_updates'),
        driverId: driver.driver.id,
        driverName: driver.driver.name,
        vehicleId: truck.vehicle.id,
      });
      if (!result.ok) throw new Error(result.message);
      notifications.show({
        message: `${driver.driver.name} is sent in ${truck.vehicle.name}`,
        color: 'green',
        autoClose: TOAST_DURATIONS.default,
      });
      onDone();
    } catch (error) {
      notifications.show({
        title: MESSAGES.ERROR_TITLE,
        message: error instanceof Error ? error.message : MESSAGES.JOB_UPDATE_FAILED,
        color: 'red',
        autoClose: TOAST_DURATIONS.default,
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md" data-testid="assign-panel">
      <div>
        <Text fw={600}>{item.title}</Text>
        <Text size="sm" c="dimmed">
          {item.service} · {item.location}
        </Text>
        <Group gap={6} mt={6}>
          {item.needs.length === 0 ? (
            <Badge variant="light" color="gray">
              No special equipment
            </Badge>
          ) : (
            item.needs.map((need) => (
              <Badge key={need} variant="light" color="ironstone">
                Needs {EQUIPMENT_NEED_TEXT[need]}
              </Badge>
            ))
          )}
        </Group>
      </div>
      <Radio.Group
        label={
          <Title order={3} size="h5">
            Truck
          </Title>
        }
        value={truckId}
        onChange={setTruckId}
      >
        <Stack gap="xs" mt="xs">
          {trucks.map((candidate) => (
            <Radio.Card
              key={candidate.vehicle.id}
              value={String(candidate.vehicle.id)}
              p="sm"
              radius="md"
              data-testid={`truck-candidate-${candidate.vehicle.id}`}
            >
              <Group wrap="nowrap" align="flex-start" gap="sm">
                <Radio.Indicator />
                <div>
                  <Text fw={600}>
                    {candidate.vehicle.name}{' '}
                    <Text span size="sm" c="dimmed">
                      {candidate.vehicle.type}
                    </Text>
                  </Text>
                  <Text size="sm" data-testid="truck-estimate">
                    {estimateText(candidate.estimate)}
                  </Text>
                  {candidate.onJob && (
                    <Text size="sm" c="orange">
                      Out on {candidate.onJob.number ?? candidate.onJob.id}
                    </Text>
                  )}
                  {candidate.missing.length > 0 && (
                    <Text size="sm" c="red">
                      Lacks {candidate.missing.map((need) => EQUIPMENT_NEED_TEXT[need]).join(', ')}
                    </Text>
                  )}
                </div>
              </Group>
            </Radio.Card>
          ))}
        </Stack>
      </Radio.Group>
      <Radio.Group
        label={
          <Title order={3} size="h5">
            Driver
          </Title>
        }
        value={driverId}
        onChange={setDriverId}
      >
        <Stack gap="xs" mt="xs">
          {drivers.map((row) => (
            <Radio.Card
              key={row.driver.id}
              value={String(row.driver.id)}
              p="sm"
              radius="md"
              data-testid={`driver-candidate-${row.driver.id}`}
            >
              <Group wrap="nowrap" align="flex-start" gap="sm">
                <Radio.Indicator />
                <div>
                  <Text fw={600}>{row.driver.name}</Text>
                  <Text size="sm">
                    {row.state === 'off'
                      ? 'Off shift'
                      : row.state === 'working'
                        ? 'On shift'
                        : 'On a break'}
                    {' · '}today {hoursText(row.todayMinutes)} · week {hoursText(row.weekMinutes)}
                    {row.activeJobs > 0
                      ? ` · ${row.activeJobs} job${row.activeJobs > 1 ? 's' : ''}`
                      : ''}
                  </Text>
                  {row.outlook.minutesLeft !== null && (
                    <Text size="sm" c="dimmed">
                      {hoursText(row.outlook.minutesLeft)} of work left before a fatigue limit
                    </Text>
                  )}
                </div>
              </Group>
            </Radio.Card>
          ))}
        </Stack>
      </Radio.Group>
      {warnings.length > 0 && (
        <Alert
          color="yellow"
          icon={<IconAlertTriangle size={20} aria-hidden />}
          title="Check before sending"
          data-testid="assign-warnings"
        >
          <Stack gap={4}>
            {warnings.map((warning) => (
              <Text key={warning} size="sm">
                {warning}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
      {item.kind === 'booking' ? (
        <Text size="sm" c="dimmed">
          Approve the booking on the admin panel first; it then waits here as a job.
        </Text>
      ) : (
        <Button
          size="md"
          disabled={!truck || !driver}
          loading={busy}
          onClick={() => void send()}
          data-testid="dispatch-send"
        >
          {truck && driver
            ? `Send ${driver.driver.name} in ${truck.vehicle.name}`
            : 'Choose a truck and a driver'}
        </Button>
      )}
    </Stack>
  );
}
