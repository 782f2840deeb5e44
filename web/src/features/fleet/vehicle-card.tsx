/**
 * One fleet vehicle (spec staff §2 and §4): status badge, name, registration, type, mileage and
 * the service-progress bar, the service reminder and expiry alerts, cost per km over the chosen
 * period; expanding shows modifications, special features, the latest 3 service and fuel
 * records, and the trip and expense lists.
 */
import { useState, type ReactNode } from 'react';
import {
  Badge,
  Button,
  Card,
  Collapse,
  Group,
  Menu,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  IconChevronDown,
  IconClipboardCheck,
  IconChevronUp,
  IconDots,
  IconGasStation,
  IconListCheck,
  IconReceipt,
  IconRoute,
  IconStar,
  IconTimeline,
  IconTool,
  IconTrash,
} from '@tabler/icons-react';
import {
  expiryAlerts,
  formatCents,
  formatLitres,
  formatPerth,
  groupThousands,
  latestRecords,
  rowKey,
  lastServiceOdometer,
  serviceProgress,
  serviceReminder,
  vehicleDisplayStatus,
  type FleetExpense,
  type FuelRecord,
  type MileageRecord,
  type ServiceRecord,
  type Vehicle,
  type VehicleDefect,
  PRESTART_TEXT,
} from '@pilbara/shared-schema';
import { DefectRow } from './defects';
import { vehicleCostPerKm, vehicleLabel } from './fleet-figures';
import { FLEET_TEXT } from './fleet-text';
import classes from './fleet.module.css';

export type VehicleAction =
  | 'prestart'
  | 'timeline'
  | 'fuel'
  | 'service'
  | 'mileage'
  | 'expense'
  | 'modifications'
  | 'specialFeatures'
  | 'remove';

export interface VehicleCardProps {
  vehicle: Vehicle;
  services: readonly ServiceRecord[];
  fuel: readonly FuelRecord[];
  mileage: readonly MileageRecord[];
  expenses: readonly FleetExpense[];
  pendingKeys: ReadonlySet<string>;
  periodDays: number;
  now: string;
  onAction: (action: VehicleAction, vehicle: Vehicle) => void;
  /** This vehicle's open defects (issue 21), most severe first. */
  openDefects?: readonly VehicleDefect[];
  /** Whether the vehicle has a pre-start check on today's Perth date. */
  checkedToday?: boolean;
  onResolveDefect?: (defect: VehicleDefect) => void;
}

const BAR_COLORS = { red: 'red', orange: 'orange', yellow: 'yellow', green: 'green' } as const;

function date(iso: string): string {
  return formatPerth(iso, 'DD/MM/YYYY');
}

function PendingBadge({ show }: { show: boolean }) {
  if (!show) return null;
  return (
    <Badge size="xs" variant="outline" color="yellow.8" data-testid="pending-marker">
      {FLEET_TEXT.pending}
    </Badge>
  );
}

function Chips({
  title,
  values,
  testId,
}: {
  title: string;
  values: readonly string[];
  testId: string;
}) {
  return (
    <Stack gap={4} data-testid={testId}>
      <Text fw={600} size="sm">
        {title}
      </Text>
      {values.length === 0 ? (
        <Text size="sm" c="dimmed">
          {FLEET_TEXT.none}
        </Text>
      ) : (
        <Group gap={6}>
          {values.map((value) => (
            <Badge key={value} variant="light" color="gray" tt="none" size="md">
              {value}
            </Badge>
          ))}
        </Group>
      )}
    </Stack>
  );
}

function RecordList({
  title,
  testId,
  children,
  empty,
}: {
  title: string;
  testId: string;
  children: React.ReactNode[];
  empty: boolean;
}) {
  return (
    <Stack gap={4} data-testid={testId}>
      <Text fw={600} size="sm">
        {title}
      </Text>
      {empty ? (
        <Text size="sm" c="dimmed">
          {FLEET_TEXT.none}
        </Text>
      ) : (
        <Stack gap={6}>{children}</Stack>
      )}
    </Stack>
  );
}

function Amount({ cents }: { cents: number }) {
  return (
    <Text size="sm" fw={600}>
      {formatCents(cents)}
    </Text>
  );
}

/** One record of a list: what it was and `aside` (its amount or date) on top, details under it. */
function RecordRow({
  testId,
  title,
  aside,
  details,
  pending,
  children,
}: {
  testId: string;
  title: ReactNode;
  aside: ReactNode;
  details: ReactNode;
  pending: boolean;
  children?: ReactNode;
}) {
  return (
    <div className={classes.record} data-testid={testId}>
      <Group justify="space-between" gap={4} wrap="nowrap">
        <Text size="sm" fw={500}>
          {title}
        </Text>
        {aside}
      </Group>
      <Text size="xs" c="dimmed">
        {details}
      </Text>
      {children}
      <PendingBadge show={pending} />
    </div>
  );
}

export function VehicleCard({
  vehicle,
  services,
  fuel,
  mileage,
  expenses,
  pendingKeys,
  periodDays,
  now,
  onAction,
  openDefects = [],
  checkedToday = false,
  onResolveDefect,
}: VehicleCardProps) {
  const [open, setOpen] = useState(false);
  const label = vehicleLabel(vehicle);
  // Km since the last service on the odometer where known, not the 50 km a day estimate.
  const serviced = { ...vehicle, lastServiceMileage: lastServiceOdometer(services, vehicle) };
  const status = vehicleDisplayStatus(serviced, now);
  const progress = serviceProgress(serviced, now);
  const reminder = serviceReminder(serviced, now);
  const alerts = expiryAlerts(vehicle, now);
  const cost = vehicleCostPerKm(vehicle.id, fuel, services, periodDays, now);
  const latestServices = latestRecords(services, vehicle.id, (r) => r.invoiceDate || r.createdAt);
  const latestFuel = latestRecords(fuel, vehicle.id, (r) => r.dateTime);
  const trips = latestRecords(mileage, vehicle.id, (r) => r.dateTime, 5);
  const vehicleExpenses = latestRecords(expenses, vehicle.id, (r) => r.expenseDate, 5);
  const detailsId = `vehicle-${vehicle.id}-details`;

  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="article"
      aria-label={`Vehicle ${label}`}
      data-testid="vehicle-card"
      data-vehicle-id={vehicle.id}
      data-status-color={status.color}
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={3} size="h4" className={classes.name}>
              {label}
            </Title>
            <Text size="sm" c="dimmed" data-testid="vehicle-registration">
              {vehicle.registration} · {vehicle.type}
            </Text>
          </Stack>
          <Group gap={6} wrap="nowrap">
            <PendingBadge show={pendingKeys.has(rowKey('vehicles', vehicle.id))} />
            <Badge color={status.color} variant="filled" autoContrast data-testid="vehicle-status">
              {status.label}
            </Badge>
          </Group>
        </Group>
        <Group gap="xs" wrap="wrap">
          <Badge
            color={checkedToday ? 'green' : 'gray'}
            variant={checkedToday ? 'light' : 'outline'}
            data-testid="prestart-today"
            data-checked={checkedToday}
          >
            {checkedToday ? PRESTART_TEXT.checkedToday : PRESTART_TEXT.noCheckToday}
          </Badge>
        </Group>
        {openDefects.length > 0 && (
          <Stack gap={6} data-testid="vehicle-defects">
            {openDefects.map((defect) => (
              <DefectRow key={defect.id} defect={defect} onResolve={(d) => onResolveDefect?.(d)} />
            ))}
          </Stack>
        )}
        <Button
          size="md"
          color={checkedToday ? 'gray' : 'blue'}
          variant={checkedToday ? 'light' : 'filled'}
          leftSection={<IconClipboardCheck size={18} aria-hidden />}
          onClick={() => onAction('prestart', vehicle)}
        >
          {PRESTART_TEXT.start}
        </Button>
        <Group gap="md" wrap="wrap">
          <Text size="sm">
            <b>{groupThousands(vehicle.mileage)}</b> km
          </Text>
          <Text size="sm" c="dimmed">
            {vehicle.make} {vehicle.model} {vehicle.year}
          </Text>
        </Group>
        <Stack gap={4}>
          <Group justify="space-between" gap="xs">
            <Text size="xs" c="dimmed">
              Service progress
            </Text>
            <Text size="xs" data-testid="remaining-km">
              {status.remainingKm >= 0
                ? `${groupThousands(status.remainingKm)} km to service`
                : `${groupThousands(-status.remainingKm)} km overdue`}
            </Text>
          </Group>
          <Progress
            value={progress.progressPercent}
            color={BAR_COLORS[status.color]}
            aria-label={`Service progress ${progress.progressPercent}%`}
          />
        </Stack>
        {(reminder.state !== 'ok' || alerts.length > 0) && (
          <Stack gap={4} data-testid="vehicle-alerts">
            {reminder.state !== 'ok' && (
              <Text size="sm" c={reminder.state === 'overdue' ? 'red.8' : 'orange.9'} fw={500}>
                {reminder.state === 'overdue' ? 'Service overdue' : 'Service due soon'}
                {reminder.by === 'date' && reminder.dateDueInDays !== null
                  ? ` (date: ${reminder.dateDueInDays < 0 ? `${-reminder.dateDueInDays} days ago` : `in ${reminder.dateDueInDays} days`})`
                  : ` (${reminder.remainingKm >= 0 ? `${groupThousands(reminder.remainingKm)} km left` : 'by km'})`}
              </Text>
            )}
            {alerts.map((alert) => (
              <Text key={alert.kind} size="sm" c={alert.expired ? 'red.8' : 'orange.9'} fw={500}>
                {alert.kind === 'registration' ? 'Registration' : 'Insurance'}{' '}
                {alert.expired ? 'expired' : 'expires'} {date(alert.expiresOn)}
                {alert.expired ? '' : ` (${alert.daysLeft} days)`}
              </Text>
            ))}
          </Stack>
        )}
        <Text size="sm" data-testid="cost-per-km">
          Cost per km ({periodDays} days):{' '}
          <b>{cost.centsPerKm === null ? '–' : `${formatCents(cost.centsPerKm)}/km`}</b>
          <Text span size="xs" c="dimmed">
            {' '}
            · fuel {formatCents(cost.fuelCents)} · service {formatCents(cost.serviceCents)}
          </Text>
        </Text>
        <SimpleGrid cols={2} spacing={6}>
          <Button
            size="sm"
            variant="light"
            leftSection={<IconGasStation size={16} aria-hidden />}
            onClick={() => onAction('fuel', vehicle)}
          >
            {FLEET_TEXT.addFuel}
          </Button>
          <Button
            size="sm"
            variant="light"
            leftSection={<IconTool size={16} aria-hidden />}
            onClick={() => onAction('service', vehicle)}
          >
            {FLEET_TEXT.addService}
          </Button>
        </SimpleGrid>
        <Group justify="space-between" gap="xs">
          <Button
            variant="subtle"
            size="sm"
            px={4}
            aria-expanded={open}
            aria-controls={detailsId}
            onClick={() => setOpen((value) => !value)}
            rightSection={
              open ? (
                <IconChevronUp size={16} aria-hidden />
              ) : (
                <IconChevronDown size={16} aria-hidden />
              )
            }
          >
            {open ? 'Hide details' : 'Show details'}
          </Button>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button variant="default" size="sm" leftSection={<IconDots size={16} aria-hidden />}>
                More
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item
                leftSection={<IconTimeline size={16} aria-hidden />}
                onClick={() => onAction('timeline', vehicle)}
              >
                {PRESTART_TEXT.timeline}
              </Menu.Item>
              <Menu.Item
                leftSection={<IconRoute size={16} aria-hidden />}
                onClick={() => onAction('mileage', vehicle)}
              >
                {FLEET_TEXT.addMileage}
              </Menu.Item>
              <Menu.Item
                leftSection={<IconReceipt size={16} aria-hidden />}
                onClick={() => onAction('expense', vehicle)}
              >
                {FLEET_TEXT.addExpense}
              </Menu.Item>
              <Menu.Item
                leftSection={<IconListCheck size={16} aria-hidden />}
                onClick={() => onAction('modifications', vehicle)}
              >
                {FLEET_TEXT.editModifications}
              </Menu.Item>
              <Menu.Item
                leftSection={<IconStar size={16} aria-hidden />}
                onClick={() => onAction('specialFeatures', vehicle)}
              >
                {FLEET_TEXT.editFeatures}
              </Menu.Item>
              <Menu.Divider />
              <Menu.Item
                color="red"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={() => onAction('remove', vehicle)}
              >
                {FLEET_TEXT.remove}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
        <Collapse expanded={open} id={detailsId}>
          <Stack gap="sm" pt="xs" data-testid="vehicle-details">
            <Chips
              title={FLEET_TEXT.modifications}
              values={vehicle.modifications}
              testId="vehicle-modifications"
            />
            <Chips
              title={FLEET_TEXT.specialFeatures}
              values={vehicle.specialFeatures}
              testId="vehicle-features"
            />
            <RecordList
              title={FLEET_TEXT.latestServices}
              testId="latest-services"
              empty={latestServices.length === 0}
            >
              {latestServices.map((record) => (
                <RecordRow
                  key={record.id}
                  testId="service-record"
                  title={record.serviceType}
                  aside={<Amount cents={record.totalCost} />}
                  details={
                    <>
                      {date(record.invoiceDate)} · {groupThousands(record.mileageAtService)} km ·{' '}
                      {record.servicedBy}
                    </>
                  }
                  pending={pendingKeys.has(rowKey('service_records', record.id))}
                >
                  <Text size="xs">{record.description}</Text>
                </RecordRow>
              ))}
            </RecordList>
            <RecordList
              title={FLEET_TEXT.latestFuel}
              testId="latest-fuel"
              empty={latestFuel.length === 0}
            >
              {latestFuel.map((record) => (
                <RecordRow
                  key={record.id}
                  testId="fuel-record"
                  title={
                    <>
                      {formatLitres(record.liters)} {record.fuelType}
                      {record.fillType === 'Partial' ? ' (partial)' : ''}
                    </>
                  }
                  aside={<Amount cents={record.totalCost} />}
                  details={
                    <>
                      {formatPerth(record.dateTime, 'DD/MM/YYYY HH:mm')} ·{' '}
                      {groupThousands(record.odometerReading)} km · {record.location}
                      {record.driver ? ` · ${record.driver}` : ''}
                    </>
                  }
                  pending={pendingKeys.has(rowKey('fuel_records', record.id))}
                />
              ))}
            </RecordList>
            <RecordList
              title={FLEET_TEXT.mileageRecords}
              testId="mileage-records"
              empty={trips.length === 0}
            >
              {trips.map((record) => (
                <RecordRow
                  key={record.id}
                  testId="mileage-record"
                  title={
                    <>
                      {groupThousands(record.distance)} km
                      {record.purpose ? ` · ${record.purpose}` : ''}
                    </>
                  }
                  aside={
                    <Text size="xs" c="dimmed">
                      {date(record.dateTime)}
                    </Text>
                  }
                  details={
                    <>
                      {groupThousands(record.startOdometer)} → {groupThousands(record.endOdometer)}{' '}
                      km
                      {record.startLocation || record.endLocation
                        ? ` · ${record.startLocation ?? ''} → ${record.endLocation ?? ''}`
                        : ''}
                    </>
                  }
                  pending={pendingKeys.has(rowKey('mileage_records', record.id))}
                />
              ))}
            </RecordList>
            <RecordList
              title={FLEET_TEXT.expenses}
              testId="fleet-expenses"
              empty={vehicleExpenses.length === 0}
            >
              {vehicleExpenses.map((record) => (
                <RecordRow
                  key={record.id}
                  testId="expense-record"
                  title={record.expenseType}
                  aside={<Amount cents={record.amount} />}
                  details={
                    <>
                      {date(record.expenseDate)}
                      {record.vendor ? ` · ${record.vendor}` : ''}
                      {record.isPaid ? ' · paid' : ''}
                    </>
                  }
                  pending={pendingKeys.has(rowKey('fleet_expenses', record.id))}
                />
              ))}
            </RecordList>
          </Stack>
        </Collapse>
      </Stack>
    </Card>
  );
}
