import { describe, expect, it } from 'vitest';
import { applyInMemory } from '../memory-store';
import { NOW, aJob, aVehicle, ok, rejected, row, tables } from './test-fixtures';

describe('shift.record', () => {
  it('records the event for the signed-in driver at the device time', () => {
    const { outcome } = applyInMemory(
      tables({}),
      'shift.record',
      { id: 7, kind: 'shift_start', userName: 'Sam Taylor' },
      { now: NOW, occurredAt: '2026-11-21T06:00:00.000Z', userId: 4 },
    );
    expect(outcome.ok && outcome.changes[0]).toMatchObject({
      entity: 'driver_shift_events',
      row: {
        id: 7,
        userId: 4,
        userName: 'Sam Taylor',
        kind: 'shift_start',
        at: '2026-11-21T06:00:00.000Z',
        createdAt: NOW,
      },
    });
  });

  it('applies on the driver’s phone, which runs its copy without the account id', () => {
    const { outcome } = applyInMemory(
      tables({}),
      'shift.record',
      { id: 7, kind: 'shift_start', userName: 'Sam Taylor' },
      { now: NOW, userId: 0 },
    );
    expect(outcome.ok && outcome.changes[0]).toMatchObject({
      row: { id: 7, userId: 0, userName: 'Sam Taylor' },
    });
  });

  it('refuses an id already used and an unknown kind', () => {
    const state = ok(tables({}), 'shift.record', { id: 7, kind: 'break_start', userName: 'Sam' });
    expect(
      rejected(state.tables, 'shift.record', { id: 7, kind: 'break_end', userName: 'Sam' }).code,
    ).toBe('conflict');
    expect(rejected(tables({}), 'shift.record', { id: 8, kind: 'nap', userName: 'Sam' }).code).toBe(
      'invalid_args',
    );
  });
});

describe('job.dispatch', () => {
  const args = {
    id: 'JOB-2026-1',
    updateId: 30,
    driverId: 4,
    driverName: 'Sam Taylor',
    vehicleId: 2,
  };

  it('sets the driver and the truck in one step and says so in the history', () => {
    const state = tables({
      jobs: [aJob({ assignedTo: null })],
      vehicles: [aVehicle({ id: 2, name: 'Tow 2' })],
    });
    const result = ok(state, 'job.dispatch', args);
    expect(row(result.tables, 'jobs', 'JOB-2026-1')).toMatchObject({
      assignedTo: 'Sam Taylor',
      assignedDriverId: 4,
      vehicleId: 2,
    });
    expect(row(result.tables, 'job_updates', 30)).toMatchObject({
      message: 'Dispatched: Sam Taylor in Tow 2',
    });
  });

  it('refuses a finished job or a truck that does not exist, changing nothing', () => {
    const vehicles = [aVehicle({ id: 2 })];
    expect(
      rejected(tables({ jobs: [aJob({ status: 'Completed' })], vehicles }), 'job.dispatch', args)
        .code,
    ).toBe('invalid_state');
    expect(rejected(tables({ jobs: [aJob()] }), 'job.dispatch', args).field).toBe('vehicleId');
  });
});

describe('position.report keeps the truck’s last position', () => {
  const report = {
    jobId: 'JOB-2026-1',
    latitude: -20.7781,
    longitude: 117.1456,
    accuracy: 12,
    recordedAt: '2026-11-21T09:59:00.000Z',
  };

  it('writes the position of the job’s truck, newest only, and keeps it after the job', () => {
    const state = tables({ jobs: [aJob({ status: 'En Route', vehicleId: 2 })] });
    const first = ok(state, 'position.report', report);
    expect(row(first.tables, 'vehicle_positions', 2)).toMatchObject({
      vehicleId: 2,
      latitude: -20.7781,
      jobId: 'JOB-2026-1',
    });
    const older = ok(first.tables, 'position.report', {
      ...report,
      latitude: -20,
      recordedAt: '2026-11-21T09:58:00.000Z',
    });
    expect(row(older.tables, 'vehicle_positions', 2)).toMatchObject({ latitude: -20.7781 });
    const done = ok(older.tables, 'job.startService', { id: 'JOB-2026-1', updateId: 40 });
    expect(row(done.tables, 'vehicle_positions', 2)).toBeDefined();
  });

  it('writes no truck position for a job without a truck', () => {
    const result = ok(
      tables({ jobs: [aJob({ status: 'En Route', vehicleId: null })] }),
      'position.report',
      report,
    );
    expect(result.tables.vehicle_positions ?? []).toEqual([]);
  });
});
