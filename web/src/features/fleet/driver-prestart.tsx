/**
 * The pre-start entry of the driver's screen: the trucks, read-only — each with its
 * status (Out Of Service while a critical defect is open), whether it was checked today and its
 * open defects with their photos — and the big button that opens the pre-start form. A driver
 * checks a truck and reports what failed; changing a vehicle or resolving a defect stays with the
 * admins (the server refuses both, rules/roles.ts). Reads Dexie, so it works with no signal.
 */
import { useMemo, useState } from 'react';
import { Badge, Button, Card, Group, Paper, Stack, Text } from '@mantine/core';
import { IconClipboardCheck } from '@tabler/icons-react';
import {
  PRESTART_TEXT,
  checkedToday,
  sortOpenDefects,
  vehicleDisplayStatus,
  type Vehicle,
} from '@pilbara/shared-schema';
import { useFleetState } from '../../components/fleet/prestart-data';
import { HeadingWithHint } from '../../components/heading-with-hint';
import { useNow } from './use-now';
import { DefectRow } from './defects';
import { PrestartTodayBadge } from './prestart-today-badge';
import { vehicleLabel } from './fleet-figures';
import { PrestartDialog } from './prestart-dialog';

export function DriverPrestart({ checkedByName }: { checkedByName: string }) {
  const { vehicles, checks, defects } = useFleetState();
  const [checking, setChecking] = useState<number | null>(null);
  // Folded until asked for, so the jobs stay at the top of the screen whatever the fleet's size.
  const [listed, setListed] = useState(false);
  const now = useNow();
  const trucks = useMemo(
    () =>
      vehicles
        .filter((vehicle) => vehicle.isActive !== false)
        .sort((a, b) => vehicleLabel(a).localeCompare(vehicleLabel(b))),
    [vehicles],
  );
  const open = useMemo(() => sortOpenDefects(defects), [defects]);
  const current: Vehicle | undefined = trucks.find((vehicle) => vehicle.id === checking);
  return (
    <Card withBorder radius="md" padding="md" data-testid="driver-prestart">
      <Stack gap="sm">
        <HeadingWithHint
          order={2}
          size="h3"
          title={PRESTART_TEXT.title}
          hint={PRESTART_TEXT.driverHint}
        />
        <Button
          fullWidth
          size="lg"
          variant={listed ? 'default' : 'light'}
          leftSection={<IconClipboardCheck size={20} aria-hidden />}
          aria-expanded={listed}
          aria-controls="driver-prestart-trucks"
          onClick={() => setListed((value) => !value)}
        >
          {listed ? PRESTART_TEXT.hideTrucks : PRESTART_TEXT.chooseTruck}
        </Button>
        {listed && trucks.length === 0 && (
          <Text size="sm" c="dimmed">
            {PRESTART_TEXT.noTrucks}
          </Text>
        )}
        <Stack gap="sm" id="driver-prestart-trucks" hidden={!listed}>
          {listed &&
            trucks.map((vehicle) => {
              const status = vehicleDisplayStatus(vehicle, now);
              const done = checkedToday(vehicle.id, checks, now);
              const own = open.filter((defect) => defect.vehicleId === vehicle.id);
              return (
                <Paper
                  key={vehicle.id}
                  withBorder
                  radius="md"
                  p="sm"
                  data-testid="driver-vehicle"
                  data-vehicle-id={vehicle.id}
                  data-registration={vehicle.registration}
                >
                  <Stack gap={8}>
                    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                      <div style={{ minWidth: 0 }}>
                        <Text fw={700}>{vehicleLabel(vehicle)}</Text>
                        <Text size="sm" c="dimmed">
                          {vehicle.registration}
                        </Text>
                      </div>
                      <Badge
                        color={status.color}
                        variant="filled"
                        autoContrast
                        data-testid="vehicle-status"
                      >
                        {status.label}
                      </Badge>
                    </Group>
                    <PrestartTodayBadge checked={done} />
                    {own.length > 0 && (
                      <Stack gap={6} data-testid="vehicle-defects">
                        {own.map((defect) => (
                          <DefectRow key={defect.id} defect={defect} />
                        ))}
                      </Stack>
                    )}
                    <Button
                      fullWidth
                      size="lg"
                      color={done ? 'gray' : 'blue'}
                      variant={done ? 'light' : 'filled'}
                      leftSection={<IconClipboardCheck size={20} aria-hidden />}
                      aria-label={`${PRESTART_TEXT.start}: ${vehicleLabel(vehicle)}`}
                      onClick={() => setChecking(vehicle.id)}
                    >
                      {PRESTART_TEXT.start}
                    </Button>
                  </Stack>
                </Paper>
              );
            })}
        </Stack>
      </Stack>
      {current && (
        <PrestartDialog
          vehicle={current}
          checkedByName={checkedByName}
          onClose={() => setChecking(null)}
        />
      )}
    </Card>
  );
}
