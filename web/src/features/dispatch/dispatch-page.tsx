/**
 * The dispatch board (/admin/dispatch): what waits, the trucks and the drivers on one screen,
 * with the map. An owner picks a waiting job and sends a driver in a truck to it in one step;
 * the board warns when the truck lacks what the job needs, when the driver is not inducted for
 * the site (once site records exist), and when the driver would go past a fatigue limit.
 * Everything is read from Dexie and written through the outbox, so it works without signal.
 */
import { useMemo, useState, type ReactNode } from 'react';
import {
  Badge,
  Button,
  Card,
  Container,
  Drawer,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link } from 'react-router-dom';
import { IconArrowLeft } from '@tabler/icons-react';
import {
  EQUIPMENT_NEED_TEXT,
  FATIGUE_RULE_TEXT,
  fatigueLevel,
  fatigueLimitNamed,
  hoursText,
  minutesAgoText,
  minutesSince,
  nearestTown,
  type Booking,
  type Job,
  type Vehicle,
} from '@pilbara/shared-schema';
import { DrawnMap, LiveMap, type MapMarker } from '../../components/live-map';
import {
  useClock,
  useShiftEvents,
  useVehiclePositions,
} from '../../components/dispatch/shift-data';
import { usePageTitle } from '../../lib/use-page-title';
import { db, usePacedLiveQuery } from '../../sync';
import { AssignPanel, type InductionCheck } from './assign-panel';
import {
  boardDrivers,
  boardTrucks,
  truckCandidates,
  waitingWork,
  type WaitingItem,
} from './board-model';
import { TimesheetPanel } from './timesheet-panel';
import { useBoardDrivers } from './use-drivers';

const EMPTY: never[] = [];

export interface DispatchPageProps {
  /** The sync status chip, shown beside the title. */
  syncStatus?: ReactNode;
  /**
   * The site-induction check of a driver for a job. Site and induction records are not part of
   * this app yet; the app layer passes the check once they are, and the board shows its answer.
   */
  inductionCheck?: InductionCheck;
}

export function DispatchPage({ syncStatus, inductionCheck }: DispatchPageProps) {
  usePageTitle('Dispatch');
  const now = useClock();
  const phone = useMediaQuery('(max-width: 47.99em)') ?? false;
  const jobs = usePacedLiveQuery(async () => (await db.jobs.toArray()) as Job[], []) ?? EMPTY;
  const bookings =
    usePacedLiveQuery(async () => (await db.bookings.toArray()) as Booking[], []) ?? EMPTY;
  const vehicles =
    usePacedLiveQuery(async () => (await db.vehicles.toArray()) as Vehicle[], []) ?? EMPTY;
  const positions = useVehiclePositions();
  const events = useShiftEvents();
  const drivers = useBoardDrivers();

  const waiting = useMemo(() => waitingWork(jobs, bookings), [jobs, bookings]);
  const trucks = useMemo(() => boardTrucks(vehicles, positions, jobs), [vehicles, positions, jobs]);
  const driverRows = useMemo(
    () => boardDrivers(drivers, events, jobs, now),
    [drivers, events, jobs, now],
  );
  const [selected, setSelected] = useState<WaitingItem | null>(null);
  const [timesheetOf, setTimesheetOf] = useState<number | null>(null);
  const timesheetRow = driverRows.find((row) => row.driver.id === timesheetOf) ?? null;

  const markers: MapMarker[] = [
    ...trucks.flatMap((truck) =>
      truck.position
        ? [
            {
              id: `truck-${truck.vehicle.id}`,
              kind: 'truck' as const,
              lat: truck.position.latitude,
              lng: truck.position.longitude,
              label: `${truck.vehicle.name}, seen ${minutesAgoText(minutesSince(truck.position.recordedAt, now))}`,
              faded: minutesSince(truck.position.recordedAt, now) >= 15,
            },
          ]
        : [],
    ),
    ...waiting.flatMap((item) =>
      item.place
        ? [
            {
              id: `job-${item.id}`,
              kind: 'job' as const,
              lat: item.place.lat,
              lng: item.place.lng,
              label: `${item.title}: ${item.service}`,
            },
          ]
        : [],
    ),
  ];
  const mapLabel = `Map of the Pilbara: ${trucks.filter((t) => t.position).length} trucks and ${waiting.length} jobs waiting`;

  return (
    <Container size="xl" py="lg" px={{ base: 'xs', sm: 'md' }}>
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="sm">
            <Button
              component={Link}
              to="/admin"
              variant="subtle"
              leftSection={<IconArrowLeft size={18} aria-hidden />}
            >
              Admin
            </Button>
            <Title order={1}>Dispatch</Title>
          </Group>
          {syncStatus}
        </Group>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <LiveMap
            markers={markers}
            label={mapLabel}
            drawing={<DrawnMap markers={markers} label={mapLabel} />}
          />
          <Stack gap="sm" data-testid="waiting-work">
            <Title order={2} size="h3">
              Waiting ({waiting.length})
            </Title>
            {waiting.length === 0 && <Text c="dimmed">Nothing waits for a driver or a truck.</Text>}
            {waiting.map((item) => (
              <Card
                key={item.id}
                withBorder
                padding="sm"
                radius="md"
                data-testid={`waiting-${item.id}`}
              >
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <div>
                    <Text fw={600}>{item.title}</Text>
                    <Text size="sm">
                      {item.service} · {item.location}
                    </Text>
                    <Group gap={4} mt={4}>
                      {item.kind === 'booking' && (
                        <Badge variant="outline" color="gray">
                          Pending booking
                        </Badge>
                      )}
                      {item.needs.map((need) => (
                        <Badge key={need} variant="light" color="ironstone">
                          {EQUIPMENT_NEED_TEXT[need]}
                        </Badge>
                      ))}
                    </Group>
                  </div>
                  <Button
                    size="sm"
                    onClick={() => setSelected(item)}
                    data-testid={`assign-${item.id}`}
                  >
                    {item.kind === 'job' ? 'Assign' : 'View'}
                  </Button>
                </Group>
              </Card>
            ))}
          </Stack>
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <Stack gap="sm" data-testid="board-trucks">
            <Title order={2} size="h3">
              Trucks
            </Title>
            {trucks.map((truck) => (
              <Card
                key={truck.vehicle.id}
                withBorder
                padding="sm"
                radius="md"
                data-testid={`truck-${truck.vehicle.id}`}
              >
                <Group justify="space-between" wrap="wrap" gap={4}>
                  <Text fw={600}>
                    {truck.vehicle.name}{' '}
                    <Text span size="sm" c="dimmed">
                      {truck.vehicle.type} · {truck.vehicle.registration}
                    </Text>
                  </Text>
                  <Badge color={truck.onJob ? 'orange' : 'green'} variant="light">
                    {truck.onJob ? `Out on ${truck.onJob.number ?? truck.onJob.id}` : 'Free'}
                  </Badge>
                </Group>
                <Text size="sm" data-testid="truck-last-seen">
                  {truck.position
                    ? `Seen ${minutesAgoText(minutesSince(truck.position.recordedAt, now))} near ${nearestTown({ lat: truck.position.latitude, lng: truck.position.longitude }).name}`
                    : 'Position not known: estimates count from the depot'}
                </Text>
                <Text size="xs" c="dimmed">
                  {[...truck.vehicle.specialFeatures, ...truck.vehicle.modifications]
                    .slice(0, 6)
                    .join(' · ') || 'No equipment recorded'}
                </Text>
              </Card>
            ))}
          </Stack>
          <Stack gap="sm" data-testid="board-drivers">
            <Title order={2} size="h3">
              Drivers
            </Title>
            {driverRows.length === 0 && (
              <Text c="dimmed">The drivers’ list loads once the app has had a connection.</Text>
            )}
            {driverRows.map((row) => {
              const level = fatigueLevel(row.outlook);
              const limit = level === 'ok' ? null : fatigueLimitNamed(row.outlook);
              return (
                <Card
                  key={row.driver.id}
                  withBorder
                  padding="sm"
                  radius="md"
                  data-testid={`driver-${row.driver.id}`}
                >
                  <Group justify="space-between" wrap="wrap" gap={4}>
                    <Text fw={600}>{row.driver.name}</Text>
                    <Group gap={4}>
                      <Badge variant="light" color={row.state === 'off' ? 'gray' : 'blue'}>
                        {row.state === 'off'
                          ? 'Off shift'
                          : row.state === 'working'
                            ? 'On shift'
                            : 'On a break'}
                      </Badge>
                      {row.activeJobs > 0 && (
                        <Badge variant="light" color="orange">
                          On {row.activeJobs} job{row.activeJobs > 1 ? 's' : ''}
                        </Badge>
                      )}
                      {level !== 'ok' && (
                        <Badge
                          color={level === 'broken' ? 'red' : 'yellow'}
                          data-testid="driver-fatigue"
                        >
                          {level === 'broken' ? 'Past a fatigue limit' : 'Near a fatigue limit'}
                        </Badge>
                      )}
                    </Group>
                  </Group>
                  <Text size="sm">
                    Today {hoursText(row.todayMinutes)} · this week {hoursText(row.weekMinutes)}
                  </Text>
                  {limit && (
                    <Text size="xs" c="dimmed" data-testid="driver-fatigue-rule">
                      {FATIGUE_RULE_TEXT[limit]}
                    </Text>
                  )}
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    mt={4}
                    onClick={() => setTimesheetOf(row.driver.id)}
                    data-testid={`timesheet-${row.driver.id}`}
                  >
                    Timesheet
                  </Button>
                </Card>
              );
            })}
          </Stack>
        </SimpleGrid>
      </Stack>
      <Drawer
        opened={selected !== null}
        onClose={() => setSelected(null)}
        position={phone ? 'bottom' : 'right'}
        size={phone ? '92%' : 'lg'}
        title={<Text fw={700}>Send a driver and a truck</Text>}
      >
        {selected && (
          <AssignPanel
            item={selected}
            trucks={truckCandidates(trucks, selected)}
            drivers={driverRows}
            inductionCheck={inductionCheck}
            onDone={() => setSelected(null)}
          />
        )}
      </Drawer>
      <Drawer
        opened={timesheetRow !== null}
        onClose={() => setTimesheetOf(null)}
        position={phone ? 'bottom' : 'right'}
        size={phone ? '92%' : 'lg'}
        title={<Text fw={700}>Timesheet: {timesheetRow?.driver.name}</Text>}
      >
        {timesheetRow && (
          <TimesheetPanel
            driverId={timesheetRow.driver.id}
            events={timesheetRow.events}
            now={now}
          />
        )}
      </Drawer>
    </Container>
  );
}
