import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import {
  PRESTART_TEXT,
  todayInPerth,
  type Job,
  type PrestartCheck,
  type VehicleDefect,
} from '@pilbara/shared-schema';
import { aJob, aVehicle } from '@pilbara/shared-schema/testing';
import { renderScreen } from '../../app/test-providers';
import { db, resetDevice } from '../../sync/testing/device';
import { choose } from '../../lib/testing/user-input';
import { JobVehicleSelect, type FleetState } from './job-vehicle-select';

const NOW = new Date().toISOString();
const BIG_RED = aVehicle({ id: 1, name: 'Big Red' });
const LITTLE_BLUE = aVehicle({ id: 2, name: 'Little Blue', registration: '1XYZ789' });

function checkedToday(vehicleId: number): PrestartCheck {
  return {
    id: vehicleId,
    vehicleId,
    checklist: 'heavy_recovery',
    checkedAt: NOW,
    perthDay: todayInPerth(),
    checkedBy: 2,
    checkedByName: 'Sam Taylor',
    odometer: 50000,
    items: [],
    failedCount: 0,
    createdAt: NOW,
    latitude: null,
    longitude: null,
    accuracy: null,
    positionNote: null,
  } as PrestartCheck;
}

function criticalDefect(vehicleId: number): VehicleDefect {
  return {
    id: 40 + vehicleId,
    vehicleId,
    checkId: null,
    itemKey: 'brakes',
    title: 'Brakes',
    severity: 'critical',
    note: 'Air leak on the trailer line',
    photos: [],
    status: 'open',
    raisedAt: NOW,
    raisedBy: 2,
    raisedByName: 'Sam Taylor',
    vehicleStatusBefore: 'active',
    resolvedAt: null,
    resolvedBy: null,
    resolution: null,
    serviceRecordId: null,
    resolutionNote: null,
    updatedAt: NOW,
  } as VehicleDefect;
}

function renderSelect(fleet: FleetState, job: Job = aJob({ createdAt: NOW, updatedAt: NOW })) {
  return renderScreen(<JobVehicleSelect job={job} fleet={fleet} />, { route: '/admin' });
}

function picker(): HTMLElement {
  return screen.getByLabelText('Vehicle for JOB-2026-1');
}

beforeEach(async () => {
  await resetDevice();
  await db.jobs.put(aJob({ createdAt: NOW, updatedAt: NOW }));
  // The assignment is checked against the trucks this device holds, as the server checks its own.
  await db.vehicles.bulkPut([BIG_RED, LITTLE_BLUE]);
});

describe('the vehicle a job goes out on', () => {
  it('assigns a checked truck with no open defect at once', async () => {
    const { user } = renderSelect({
      vehicles: [BIG_RED, LITTLE_BLUE],
      defects: [],
      checks: [checkedToday(2)],
    });
    expect((picker() as HTMLInputElement).value).toBe('No vehicle');
    await choose(user, picker(), 'Little Blue');
    await waitFor(async () => expect((await db.jobs.get('JOB-2026-1'))?.vehicleId).toBe(2));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect((await db.outbox.toArray()).map((entry) => entry.name)).toEqual(['job.assignVehicle']);
  });

  it('asks first about a truck with no pre-start check today, and Cancel keeps the job as it was', async () => {
    const { user } = renderSelect({ vehicles: [BIG_RED], defects: [], checks: [] });
    await choose(user, picker(), 'Big Red');
    const dialog = await screen.findByRole('dialog', { name: 'Assign Big Red to JOB-2026-1?' });
    expect(within(dialog).getByTestId('assignment-warning').textContent).toBe(
      PRESTART_TEXT.noCheckWarning,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await db.jobs.get('JOB-2026-1'))?.vehicleId ?? null).toBeNull();
    expect(await db.outbox.count()).toBe(0);
  });

  it('names both problems of an out-of-service truck, and assigns it when told to anyway', async () => {
    const { user } = renderSelect({
      vehicles: [BIG_RED],
      defects: [criticalDefect(1)],
      checks: [],
    });
    await choose(user, picker(), 'Big Red');
    const dialog = await screen.findByRole('dialog', { name: 'Assign Big Red to JOB-2026-1?' });
    const warning = within(dialog).getByTestId('assignment-warning');
    expect(warning.textContent).toContain(PRESTART_TEXT.outOfServiceWarning);
    expect(warning.textContent).toContain(PRESTART_TEXT.noCheckWarning);
    await user.click(within(dialog).getByRole('button', { name: PRESTART_TEXT.assignAnyway }));
    await waitFor(async () => expect((await db.jobs.get('JOB-2026-1'))?.vehicleId).toBe(1));
  });

  it('takes the vehicle off the job with No vehicle', async () => {
    const job = aJob({ createdAt: NOW, updatedAt: NOW, vehicleId: 1 });
    await db.jobs.put(job);
    const { user } = renderSelect(
      { vehicles: [BIG_RED], defects: [], checks: [checkedToday(1)] },
      job,
    );
    expect((picker() as HTMLInputElement).value).toBe('Big Red');
    await choose(user, picker(), 'No vehicle');
    await waitFor(async () =>
      expect((await db.jobs.get('JOB-2026-1'))?.vehicleId ?? null).toBeNull(),
    );
  });
});
