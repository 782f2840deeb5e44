import { describe, expect, it } from 'vitest';
import { LITTLE_BLUE } from './test-args';
import { NOW, aVehicle, ok, rejected, row, tables } from './test-fixtures';

const addArgs = { id: 2, ...LITTLE_BLUE, status: 'Excellent' };

describe('vehicle.add', () => {
  it('adds a vehicle with the fleet defaults', () => {
    const result = ok(tables({ vehicles: [aVehicle()] }), 'vehicle.add', addArgs);
    expect(row(result.tables, 'vehicles', 2)).toMatchObject({
      name: 'Little Blue',
      mileage: 0,
      serviceInterval: 10000,
      fuelType: 'Diesel',
      modifications: [],
      isActive: true,
      vin: null,
      createdAt: NOW,
    });
  });

  it('rejects a registration or VIN already in the fleet with the spec message', () => {
    const state = tables({ vehicles: [aVehicle()] });
    const message = 'Registration number already exists. Please use a different registration.';
    expect(rejected(state, 'vehicle.add', { ...addArgs, registration: '1ABC123' }).message).toBe(
      message,
    );
    expect(rejected(state, 'vehicle.add', { ...addArgs, vin: 'JALFVZ34SM7000001' }).message).toBe(
      message,
    );
  });

  it('counts a registration typed in another case or with spaces or a hyphen as taken', () => {
    const state = tables({ vehicles: [aVehicle({ registration: '1HRT-001' })] });
    for (const registration of ['1hrt-001', '1HRT 001', ' 1hrt001 ']) {
      const refusal = rejected(state, 'vehicle.add', { ...addArgs, registration });
      expect(refusal).toMatchObject({ code: 'conflict', field: 'registration' });
      expect(refusal.message).toBe(
        'Registration number already exists. Please use a different registration.',
      );
    }
    expect(rejected(state, 'vehicle.add', { ...addArgs, vin: 'jalfvz34sm7000001' }).code).toBe(
      'conflict',
    );
    ok(state, 'vehicle.add', { ...addArgs, registration: '1HRT-002' });
  });

  it('rejects missing fields with the spec messages', () => {
    expect(rejected(tables({}), 'vehicle.add', { ...addArgs, registration: '' }).message).toBe(
      'Registration is required',
    );
    expect(rejected(tables({}), 'vehicle.add', { ...addArgs, name: '' }).message).toBe(
      'Vehicle name is required',
    );
    expect(rejected(tables({}), 'vehicle.add', { ...addArgs, year: 1800 }).message).toBe(
      'Year must be between 1900 and 2030',
    );
  });
});

describe('vehicle.update', () => {
  it('changes only the given fields', () => {
    const result = ok(tables({ vehicles: [aVehicle()] }), 'vehicle.update', {
      id: 1,
      patch: { mileage: 51000 },
    });
    expect(row(result.tables, 'vehicles', 1)).toMatchObject({
      mileage: 51000,
      vin: 'JALFVZ34SM7000001',
      driveType: '4WD',
    });
  });

  it('allows keeping its own registration but not taking another vehicle’s', () => {
    const state = tables({
      vehicles: [aVehicle(), aVehicle({ id: 2, registration: '2DEF456', vin: null })],
    });
    ok(state, 'vehicle.update', { id: 1, patch: { registration: '1ABC123' } });
    expect(
      rejected(state, 'vehicle.update', { id: 1, patch: { registration: '2DEF456' } }).code,
    ).toBe('conflict');
    expect(
      rejected(state, 'vehicle.update', { id: 1, patch: { registration: '2def 456' } }).code,
    ).toBe('conflict');
    // Its own plate in another case is still its own.
    ok(state, 'vehicle.update', { id: 1, patch: { registration: '1abc123' } });
  });

  it('rejects an unknown vehicle', () => {
    expect(rejected(tables({}), 'vehicle.update', { id: 1, patch: {} }).message).toBe(
      'Vehicle not found',
    );
  });
});

describe('vehicle modifications and special features', () => {
  it('replaces the ticked lists, dropping duplicates', () => {
    const state = tables({ vehicles: [aVehicle()] });
    const mods = ok(state, 'vehicle.updateModifications', {
      id: 1,
      modifications: ['Snatch Block', 'Snatch Block', 'Hydraulic Winch'],
    });
    expect(row(mods.tables, 'vehicles', 1)).toMatchObject({
      modifications: ['Snatch Block', 'Hydraulic Winch'],
    });
    const features = ok(state, 'vehicle.updateSpecialFeatures', {
      id: 1,
      specialFeatures: ['Mine Site Approved'],
    });
    expect(row(features.tables, 'vehicles', 1)).toMatchObject({
      specialFeatures: ['Mine Site Approved'],
    });
  });

  it('rejects an unknown vehicle and a malformed list', () => {
    expect(
      rejected(tables({}), 'vehicle.updateModifications', { id: 1, modifications: [] }).code,
    ).toBe('not_found');
    expect(
      rejected(tables({ vehicles: [aVehicle()] }), 'vehicle.updateSpecialFeatures', {
        id: 1,
        specialFeatures: 'GPS',
      }).code,
    ).toBe('invalid_args');
  });
});

describe('vehicle.remove', () => {
  it('takes the vehicle out of the fleet and keeps its records for reports', () => {
    const state = tables({
      vehicles: [aVehicle()],
      fuel_records: [{ id: 5, vehicleId: 1 }],
      service_records: [
        { id: 6, vehicleId: 1 },
        { id: 7, vehicleId: 2 },
      ],
    });
    const result = ok(state, 'vehicle.remove', { id: 1 });
    expect(result.tables.vehicles).toEqual([
      expect.objectContaining({ id: 1, isActive: false, status: 'out_of_service' }),
    ]);
    expect(result.tables.fuel_records).toHaveLength(1);
    expect(result.tables.service_records?.map((r) => r.id)).toEqual([6, 7]);
    expect(result.changes.every((change) => change.op === 'put')).toBe(true);
  });

  it('rejects an unknown vehicle', () => {
    expect(rejected(tables({}), 'vehicle.remove', { id: 1 }).message).toBe('Vehicle not found');
  });
});
