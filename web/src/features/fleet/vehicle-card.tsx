/**
 * One fleet vehicle (spec staff §2 and §4): status badge, name, registration, type, mileage and
 * the service-progress bar, the service reminder and expiry alerts, cost per km over the chosen
 * period; expanding shows the details (vehicle-records.tsx), the More menu (vehicle-menu.tsx).
 */
import { useState } from 'react';
import {
  Badge,
  Button,
  Card,
  Collapse,
  Group,
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
  IconGasStation,
  IconTool,
} from '@tabler/icons-react';
import {
  expiryAlerts,
  formatCents,
  groupThousands,
  rowKey,
  lastServiceOdometer,
  serviceProgress,
  serviceReminder,
  vehicleDisplayStatus,
  type Vehicle,
  type VehicleDefect,
  PRESTART_TEXT,
} from '@pilbara/shared-schema';
import { DefectRow } from './defects';
import { PrestartTodayBadge } from './prestart-today-badge';
import { vehicleCostPerKm, vehicleLabel } from './fleet-figures';
import { FLEET_TEXT } from './fleet-text';
import classes from './fleet.module.css';
import { VehicleMenu, type VehicleAction } from './vehicle-menu';
import { date, PendingBadge, VehicleDetails, type VehicleRecordsProps } from './vehicle-records';

export type { VehicleAction } from './vehicle-menu';

export interface VehicleCardProps extends VehicleRecordsProps {
  periodDays: number;
  now: string;
  onAction: (action: VehicleAction, vehicle: Vehicle) => void;
  /** This vehicle's open defects, most severe first. */
  openDefects?: readonly VehicleDefect[];
  /** Whether the vehicle has a pre-start check on today's Perth date. */
  checkedToday?: boolean;
  onResolveDefect?: (defect: VehicleDefect) => void;
}

/** The two records a truck gets most often, one tap from its card; the rest are in its menu. */
const QUICK_RECORDS = [
  { action: 'fuel', icon: IconGasStation, label: FLEET_TEXT.addFuel },
  { action: 'service', icon: IconTool, label: FLEET_TEXT.addService },
] as const satisfies readonly { action: VehicleAction; icon: typeof IconTool; label: string }[];

const BAR_COLORS = { red: 'red', orange: 'orange', yellow: 'yellow', green: 'green' } as const;

export function VehicleCard({
  periodDays,
  now,
  onAction,
  openDefects = [],
  checkedToday = false,
  onResolveDefect,
  ...records
}: VehicleCardProps) {
  const { vehicle, services, fuel, pendingKeys } = records;
  const [open, setOpen] = useState(false);
  const label = vehicleLabel(vehicle);
  // Km since the last service on the odometer where known, not the 50 km a day estimate.
  const serviced = { ...vehicle, lastServiceMileage: lastServiceOdometer(services, vehicle) };
  const status = vehicleDisplayStatus(serviced, now);
  const progress = serviceProgress(serviced, now);
  const reminder = serviceReminder(serviced, now);
  const alerts = expiryAlerts(vehicle, now);
  const cost = vehicleCostPerKm(vehicle.id, fuel, services, periodDays, now);
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
          <PrestartTodayBadge checked={checkedToday} />
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
          {QUICK_RECORDS.map(({ action, icon: Icon, label }) => (
            <Button
              key={action}
              size="sm"
              variant="light"
              leftSection={<Icon size={16} aria-hidden />}
              onClick={() => onAction(action, vehicle)}
            >
              {label}
            </Button>
          ))}
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
          <VehicleMenu vehicle={vehicle} onAction={onAction} />
        </Group>
        <Collapse expanded={open} id={detailsId}>
          <VehicleDetails {...records} />
        </Collapse>
      </Stack>
    </Card>
  );
}
