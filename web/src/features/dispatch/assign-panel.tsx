/**
 * Sending a driver in a truck to one job: the candidates with their distance and estimated
 * arrival, the warnings of the chosen pair, and one button that writes both (`job.dispatch`),
 * queued offline like every step.
 */
import { useState, type ReactNode } from 'react';
import { Alert, Badge, Button, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconCircle, IconCircleCheckFilled } from '@tabler/icons-react';
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

/**
 * One candidate as a radio button: a bordered card with a check mark. Plain buttons rather than
 * Mantine's Radio, whose input wrapper would reshuffle the form chunks the public pages share.
 */
function Choice({
  checked,
  onSelect,
  testId,
  children,
}: {
  checked: boolean;
  onSelect: () => void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <UnstyledButton
      role="radio"
      aria-checked={checked}
      onClick={onSelect}
      data-testid={testId}
      p="sm"
      style={{
        border: `${checked ? 2 : 1}px solid var(--mantine-color-${checked ? 'ironstone-6' : 'gray-4'})`,
        borderRadius: 'var(--mantine-radius-md)',
        display: 'block',
        width: '100%',
      }}
    >
      <Group wrap="nowrap" align="flex-start" gap="sm">
        {checked ? (
          <IconCircleCheckFilled
            size={22}
            color="var(--mantine-color-ironstone-6)"
            style={{ flexShrink: 0 }}
            aria-hidden
          />
        ) : (
          <IconCircle
            size={22}
            color="var(--mantine-color-gray-5)"
            style={{ flexShrink: 0 }}
            aria-hidden
          />
        )}
        {children}
      </Group>
    </UnstyledButton>
  );
}

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
      <Title order={3} size="h5" id="truck-choice">
        Truck
      </Title>
      <Stack gap="xs" role="radiogroup" aria-labelledby="truck-choice">
        {trucks.map((candidate) => (
          <Choice
            key={candidate.vehicle.id}
            checked={truckId === String(candidate.vehicle.id)}
            onSelect={() => setTruckId(String(candidate.vehicle.id))}
            testId={`truck-candidate-${candidate.vehicle.id}`}
          >
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
          </Choice>
        ))}
      </Stack>
      <Title order={3} size="h5" id="driver-choice">
        Driver
      </Title>
      <Stack gap="xs" role="radiogroup" aria-labelledby="driver-choice">
        {drivers.map((row) => (
          <Choice
            key={row.driver.id}
            checked={driverId === String(row.driver.id)}
            onSelect={() => setDriverId(String(row.driver.id))}
            testId={`driver-candidate-${row.driver.id}`}
          >
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
          </Choice>
        ))}
      </Stack>
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
