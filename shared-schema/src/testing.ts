/**
 * Test support for the other packages (`@pilbara/shared-schema/testing`): the same plausible
 * entities the mutator tests use, so a server, device or benchmark test that needs "a job" or
 * "the truck" takes this one and states only what it changes. Production code never imports
 * it (lint).
 */
import type { Vehicle } from './entities';
import { aVehicle } from './sync/mutators/test-fixtures';

export { aBooking, aJob, aQuote, aVehicle } from './sync/mutators/test-fixtures';

function pick<T extends object, K extends keyof T>(from: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((key) => [key, from[key]])) as Pick<T, K>;
}

const ADD_FIELDS = [
  'id',
  'name',
  'make',
  'model',
  'year',
  'registration',
  'type',
  'status',
  'mileage',
  'serviceInterval',
] as const;

/** The arguments of `vehicle.add` that put the test truck (aVehicle) in the fleet. */
export function vehicleAddArgs(
  overrides: Partial<Pick<Vehicle, (typeof ADD_FIELDS)[number]>> = {},
) {
  return pick(aVehicle(overrides), ADD_FIELDS);
}

const NEW_ROW_FIELDS = [
  ...ADD_FIELDS,
  'vin',
  'fuelType',
  'modifications',
  'specialFeatures',
  'alerts',
  'isActive',
  'createdAt',
  'updatedAt',
] as const;

/** The test truck's row as first stored, with only the fields a new truck has set. */
export function aNewVehicleRow(
  overrides: Partial<Pick<Vehicle, (typeof NEW_ROW_FIELDS)[number]>> = {},
) {
  return pick(aVehicle(overrides), NEW_ROW_FIELDS);
}

/** The arguments of `fuel.add` for a full tank of the test truck: 80 L of diesel at $2.15. */
export function fuelAddArgs(overrides: { id?: number; vehicleId?: number } = {}) {
  return {
    id: 1,
    vehicleId: 1,
    location: 'Karratha',
    fuelType: 'Diesel',
    liters: 80_000,
    pricePerLiter: 215,
    totalCost: 17_200,
    odometerReading: 1000,
    ...overrides,
  };
}
