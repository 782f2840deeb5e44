/**
 * A fleet vehicle's expanded details (spec staff §2): modifications, special features, the latest
 * 3 service and fuel records, and the trip and expense lists, each row marked while unsynced.
 */
import type { ReactNode } from 'react';
import { Badge, Group, Stack, Text } from '@mantine/core';
import {
  formatCents,
  formatLitres,
  groupThousands,
  latestRecords,
  rowKey,
  type FleetExpense,
  type FuelRecord,
  type MileageRecord,
  type ServiceRecord,
  type Vehicle,
  formatDate,
  formatDateTime,
} from '@pilbara/shared-schema';
import { FLEET_TEXT } from './fleet-text';
import classes from './fleet.module.css';

export function date(iso: string): string {
  return formatDate(iso);
}

export function PendingBadge({ show }: { show: boolean }) {
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

/** What the details list; the card takes these too. */
export interface VehicleRecordsProps {
  vehicle: Vehicle;
  services: readonly ServiceRecord[];
  fuel: readonly FuelRecord[];
  mileage: readonly MileageRecord[];
  expenses: readonly FleetExpense[];
  pendingKeys: ReadonlySet<string>;
}

export function VehicleDetails({
  vehicle,
  services,
  fuel,
  mileage,
  expenses,
  pendingKeys,
}: VehicleRecordsProps) {
  const latestServices = latestRecords(services, vehicle.id, (r) => r.invoiceDate || r.createdAt);
  const latestFuel = latestRecords(fuel, vehicle.id, (r) => r.dateTime);
  const trips = latestRecords(mileage, vehicle.id, (r) => r.dateTime, 5);
  const vehicleExpenses = latestRecords(expenses, vehicle.id, (r) => r.expenseDate, 5);
  return (
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
                {formatDateTime(record.dateTime)} · {groupThousands(record.odometerReading)} km ·{' '}
                {record.location}
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
                {groupThousands(record.startOdometer)} → {groupThousands(record.endOdometer)} km
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
  );
}
