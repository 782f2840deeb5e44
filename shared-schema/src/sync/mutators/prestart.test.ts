import { describe, expect, it } from 'vitest';
import { applyInMemory } from '../memory-store';
import { checklistFor } from '../../rules/prestart';
import { NOW, aJob, aVehicle, ok, rejected, row, tables } from './test-fixtures';
import { MESSAGES } from '../../messages';

const checklist = checklistFor('Heavy Recovery');
const photo = {
  contentHash: 'a'.repeat(64),
  size: 1200,
  width: 640,
  height: 480,
  mimeType: 'image/jpeg' as const,
};

function submitArgs(
  failures: Record<string, { note: string; defectId: number; severity?: string }> = {},
) {
  return {
    id: 50,
    vehicleId: 1,
    checkedAt: '2026-11-21T09:55:00.000Z',
    checkedByName: 'Kim Driver',
    odometer: 50120,
    items: checklist.map((entry) => {
      const failure = failures[entry.key];
      return failure
        ? {
            key: entry.key,
            result: 'fail',
            ...failure,
            photos: entry.key === 'brakes' ? [photo] : [],
          }
        : { key: entry.key, result: 'pass' };
    }),
  };
}

const fleet = tables({ vehicles: [aVehicle({ status: 'maintenance' })] });

/** Failed items the tests raise defects with: the brakes (critical) and a tyre. */
const SOFT_BRAKES = { brakes: { note: 'Soft pedal', defectId: 71 } };
const CUT_TYRE = { tyres: { note: 'Cut', defectId: 73 } };

/** The truck's tables after a check with `failures` was submitted. */
function checked(failures: Parameters<typeof submitArgs>[0], state = fleet) {
  return ok(state, 'prestart.submit', submitArgs(failures));
}

describe('prestart.submit', () => {
  it('records an all-clear check, raises no defect and moves the odometer on', () => {
    const result = ok(fleet, 'prestart.submit', submitArgs());
    expect(row(result.tables, 'prestart_checks', 50)).toMatchObject({
      checklist: 'heavy_recovery',
      perthDay: '2026-11-21',
      checkedBy: 1,
      checkedByName: 'Kim Driver',
      failedCount: 0,
      latitude: null,
      positionNote: null,
    });
    expect(result.tables.vehicle_defects ?? []).toEqual([]);
    expect(row(result.tables, 'vehicles', 1)).toMatchObject({
      status: 'maintenance',
      mileage: 50120,
    });
  });

  it('one defect per failed item; a critical one takes the vehicle out of service', () => {
    const result = checked({ ...SOFT_BRAKES, first_aid: { note: 'Empty', defectId: 72 } });
    expect(result.tables.vehicle_defects).toHaveLength(2);
    expect(row(result.tables, 'vehicle_defects', 71)).toMatchObject({
      severity: 'critical',
      status: 'open',
      note: 'Soft pedal',
      photos: [photo],
      checkId: 50,
      vehicleStatusBefore: 'maintenance',
    });
    expect(row(result.tables, 'vehicle_defects', 72)).toMatchObject({
      severity: 'minor',
      vehicleStatusBefore: null,
    });
    expect(row(result.tables, 'vehicles', 1)).toMatchObject({ status: 'out_of_service' });
  });

  it('refuses a missing answer, a failure without a note, a repeated id and a clock ahead', () => {
    const args = submitArgs();
    expect(
      rejected(fleet, 'prestart.submit', { ...args, items: args.items.slice(1) }).message,
    ).toBe('Answer every item');
    const noNote = submitArgs({ brakes: { note: '', defectId: 71 } });
    expect(rejected(fleet, 'prestart.submit', noNote).fields).toMatchObject({
      'items.2.note': 'Say what is wrong',
    });
    const once = ok(fleet, 'prestart.submit', args).tables;
    expect(rejected(once, 'prestart.submit', args).code).toBe('conflict');
    const ahead = ok(fleet, 'prestart.submit', { ...args, checkedAt: '2026-11-22T09:00:00.000Z' });
    expect(row(ahead.tables, 'prestart_checks', 50)).toMatchObject({ checkedAt: NOW });
  });
});

const brakeService = {
  id: 90,
  vehicleId: 1,
  serviceType: 'Brake Service',
  description: 'Master cylinder replaced',
  servicedBy: 'Pilbara Diesel',
  mileageAtService: 50140,
  totalCost: 120000,
  invoiceDate: '2026-11-21',
};

/** The arguments that close defect `id` of the test truck as fixed, saying what was done. */
const fixed = (id: number, note: string) => ({ id, vehicleId: 1, resolution: 'fixed', note });

describe('defect.resolve', () => {
  const raised = checked({ ...SOFT_BRAKES, ...CUT_TYRE }).tables;

  it('the vehicle stays out of service until the last critical defect is resolved', () => {
    const first = ok(raised, 'defect.resolve', fixed(71, 'Bled the brake lines')).tables;
    expect(row(first, 'vehicle_defects', 71)).toMatchObject({
      status: 'resolved',
      resolution: 'fixed',
      resolutionNote: 'Bled the brake lines',
      resolvedAt: NOW,
      resolvedBy: 1,
    });
    expect(row(first, 'vehicles', 1)).toMatchObject({ status: 'out_of_service' });
    const withService = ok(first, 'service.add', {
      id: 90,
      vehicleId: 1,
      serviceType: 'Tyre Replacement',
      description: 'New steer tyre',
      servicedBy: 'Karratha Tyres',
      mileageAtService: 50130,
      totalCost: 60000,
      invoiceDate: '2026-11-21',
    }).tables;
    const second = ok(withService, 'defect.resolve', {
      id: 73,
      vehicleId: 1,
      resolution: 'service',
      serviceRecordId: 90,
    }).tables;
    expect(row(second, 'vehicle_defects', 73)).toMatchObject({
      resolution: 'service',
      serviceRecordId: 90,
    });
    expect(row(second, 'vehicles', 1)).toMatchObject({ status: 'maintenance' });
  });

  it('refuses a resolved defect, a fix without a note and another vehicle’s service', () => {
    const done = ok(raised, 'defect.resolve', fixed(71, 'ok'));
    expect(rejected(done.tables, 'defect.resolve', fixed(71, 'x')).message).toBe(
      'This defect is already resolved',
    );
    expect(rejected(raised, 'defect.resolve', fixed(71, ' ')).message).toBe('Say what was done');
    expect(
      rejected(raised, 'defect.resolve', {
        id: 71,
        vehicleId: 1,
        resolution: 'service',
        serviceRecordId: 5,
      }).field,
    ).toBe('serviceRecordId');
  });

  it('a driver may check but never resolve, not even through a service record; a customer neither', () => {
    const driver = { role: 'driver' as const, id: 2, name: 'Kim Driver' };
    const customer = { role: 'customer' as const, id: 9, name: 'Sam' };
    const ctx = { now: NOW, userId: 3 };
    expect(
      applyInMemory(fleet, 'prestart.submit', submitArgs(), { ...ctx, actor: driver }).outcome.ok,
    ).toBe(true);
    const refused = applyInMemory(fleet, 'prestart.submit', submitArgs(), {
      ...ctx,
      actor: customer,
    });
    expect(refused.outcome).toMatchObject({ ok: false, code: 'forbidden' });
    expect(
      applyInMemory(raised, 'defect.resolve', fixed(71, 'ok'), { ...ctx, actor: driver }).outcome,
    ).toMatchObject({ ok: false, code: 'forbidden' });
    // A driver still logs a service, but one that closes a defect is refused whole.
    expect(
      applyInMemory(raised, 'service.add', brakeService, { ...ctx, actor: driver }).outcome.ok,
    ).toBe(true);
    const closing = applyInMemory(
      raised,
      'service.add',
      { ...brakeService, resolvesDefects: [71] },
      { ...ctx, actor: driver },
    );
    expect(closing.outcome).toMatchObject({
      ok: false,
      code: 'forbidden',
      fields: { resolvesDefects: MESSAGES.ADMIN_REQUIRED },
    });
    expect(closing.tables).toEqual(raised);
  });
});

describe('service.add closing defects in the same step', () => {
  const raised = checked({
    ...SOFT_BRAKES,
    ...CUT_TYRE,
    first_aid: { note: 'Empty', defectId: 74 },
  }).tables;

  it('records the service and closes every listed defect linked to it; the truck is back', () => {
    const result = ok(raised, 'service.add', { ...brakeService, resolvesDefects: [71, 73] });
    expect(row(result.tables, 'service_records', 90)).toMatchObject({
      serviceType: 'Brake Service',
    });
    expect(row(result.tables, 'service_records', 90)).not.toHaveProperty('resolvesDefects');
    for (const id of [71, 73])
      expect(row(result.tables, 'vehicle_defects', id)).toMatchObject({
        status: 'resolved',
        resolution: 'service',
        serviceRecordId: 90,
        resolvedAt: NOW,
      });
    expect(row(result.tables, 'vehicle_defects', 74)).toMatchObject({ status: 'open' });
    expect(row(result.tables, 'vehicles', 1)).toMatchObject({
      status: 'maintenance',
      mileage: 50140,
      lastServiceDate: '2026-11-21',
    });
  });

  it('closing only one of two critical defects keeps the truck out of service', () => {
    const result = ok(raised, 'service.add', { ...brakeService, resolvesDefects: [71] });
    expect(row(result.tables, 'vehicles', 1)).toMatchObject({ status: 'out_of_service' });
  });

  it('a defect that cannot be closed refuses the whole step: no service, no resolution', () => {
    const otherTruck = tables({
      ...raised,
      vehicle_defects: [
        ...(raised.vehicle_defects ?? []),
        { ...row(raised, 'vehicle_defects', 74), id: 80, vehicleId: 2 },
      ],
    });
    for (const [state, ids, message] of [
      [raised, [71, 999], 'Defect not found'],
      [otherTruck, [71, 80], 'Defect not found'],
      [
        ok(raised, 'defect.resolve', fixed(73, 'ok')).tables,
        [71, 73],
        'This defect is already resolved',
      ],
    ] as const) {
      const refused = applyInMemory(
        state,
        'service.add',
        { ...brakeService, resolvesDefects: [...ids] },
        { now: NOW, userId: 1 },
      );
      expect(refused.outcome).toMatchObject({
        ok: false,
        fields: { resolvesDefects: message },
      });
      expect(refused.tables).toEqual(state);
    }
  });
});

describe('job.assignVehicle and vehicle.remove', () => {
  const job = aJob({ email: null, trackingToken: null, createdAt: NOW, updatedAt: NOW });

  it('a job goes out on a vehicle; removing the vehicle keeps its checks and defects', () => {
    const state = checked(SOFT_BRAKES, tables({ ...fleet, jobs: [job] })).tables;
    const assigned = ok(state, 'job.assignVehicle', { id: 'JOB-2026-1', vehicleId: 1 }).tables;
    expect(row(assigned, 'jobs', 'JOB-2026-1')).toMatchObject({ vehicleId: 1 });
    expect(rejected(assigned, 'job.assignVehicle', { id: 'JOB-2026-1', vehicleId: 9 }).field).toBe(
      'vehicleId',
    );
    const removed = ok(assigned, 'vehicle.remove', { id: 1 });
    // A removed vehicle is retired, never erased: its checks and defects stay for
    // audits, like its service and fuel records.
    expect(removed.changes.map((change) => `${change.op} ${change.entity}`)).toEqual([
      'put vehicles',
    ]);
    expect(row(removed.tables, 'vehicles', 1)).toMatchObject({ isActive: false });
    expect(removed.tables.vehicle_defects).toHaveLength(1);
    expect(removed.tables.prestart_checks).toHaveLength(1);
  });
});
