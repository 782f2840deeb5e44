/**
 * The vehicle a job goes out on, on the admin job card and the driver's screen. Picking a
 * vehicle with an open critical defect (out of service) or with no pre-start check today asks
 * first: the warning says which, and the choice is assigned anyway or the job kept as it was.
 */
import { useState } from 'react';
import { Alert, Button, Group, List, Modal, Select, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import {
  PRESTART_TEXT,
  assignmentWarnings,
  type Job,
  type PrestartCheck,
  type Vehicle,
  type VehicleDefect,
  documentRef,
} from '@pilbara/shared-schema';
import { mutate } from '../../sync';
import { notifications } from '@mantine/notifications';

const NO_VEHICLE = 'none';

export interface FleetState {
  vehicles: readonly Vehicle[];
  defects: readonly VehicleDefect[];
  checks: readonly PrestartCheck[];
}

async function assign(jobId: string, vehicleId: number | null): Promise<void> {
  const result = await mutate('job.assignVehicle', { id: jobId, vehicleId });
  if (!result.ok) notifications.show({ message: result.message, color: 'red' });
}

export function JobVehicleSelect({
  job,
  fleet,
  width = 170,
  disabled = false,
}: {
  job: Job;
  fleet: FleetState;
  /** The select's width (the driver's screen gives it the card's). */
  width?: number | string;
  /** Off while the job's synced row is not on the device (the driver's first screen). */
  disabled?: boolean;
}) {
  const [asking, setAsking] = useState<{ vehicle: Vehicle; warnings: string[] } | null>(null);
  const current = job.vehicleId ?? null;
  const choose = (value: string | null) => {
    const vehicleId = value && value !== NO_VEHICLE ? Number(value) : null;
    if (vehicleId === current) return;
    const vehicle = fleet.vehicles.find((candidate) => candidate.id === vehicleId);
    if (!vehicle) return void assign(job.id, null);
    const warnings = assignmentWarnings(
      vehicle.id,
      fleet.defects,
      fleet.checks,
      new Date().toISOString(),
    ).map((warning) =>
      warning === 'critical_defect'
        ? PRESTART_TEXT.outOfServiceWarning
        : PRESTART_TEXT.noCheckWarning,
    );
    if (warnings.length === 0) return void assign(job.id, vehicle.id);
    setAsking({ vehicle, warnings });
  };
  return (
    <>
      <Select
        size="sm"
        w={width}
        label="Vehicle"
        aria-label={`Vehicle for ${documentRef(job)}`}
        data={[
          { value: NO_VEHICLE, label: 'No vehicle' },
          ...fleet.vehicles.map((vehicle) => ({
            value: String(vehicle.id),
            label: vehicle.name || vehicle.registration,
          })),
        ]}
        value={current === null ? NO_VEHICLE : String(current)}
        allowDeselect={false}
        disabled={disabled}
        onChange={choose}
        // Mantine keeps a closed combobox's list mounted (hidden) and positions it: a screen of
        // job cards then drew and measured every truck's option in every card before showing.
        // Mounted when opened instead, as a select the driver rarely opens.
        comboboxProps={{ keepMounted: false }}
      />
      <Modal
        opened={asking !== null}
        onClose={() => setAsking(null)}
        title={`Assign ${asking?.vehicle.name ?? ''} to ${documentRef(job)}?`}
      >
        <Stack gap="sm">
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} aria-hidden />}
            data-testid="assignment-warning"
          >
            <List size="sm">
              {asking?.warnings.map((warning) => (
                <List.Item key={warning}>{warning}</List.Item>
              ))}
            </List>
          </Alert>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setAsking(null)}>
              Cancel
            </Button>
            <Button
              color="red"
              onClick={() => {
                const vehicle = asking?.vehicle;
                setAsking(null);
                if (vehicle) void assign(job.id, vehicle.id);
              }}
            >
              {PRESTART_TEXT.assignAnyway}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
