/**
 * Test support for the other packages (`@pilbara/shared-schema/testing`): the same plausible
 * entities the mutator tests use, so a server, device or benchmark test that needs "a job" or
 * "the truck" takes this one and states only what it changes. Production code never imports
 * it (lint).
 */
import type { Vehicle } from './entities';
import { aVehicle } from './sync/mutators/test-fixtures';

export { aBooking, aJob, anAccount, aQuote, aVehicle } from './sync/mutators/test-fixtures';
export * from './sync/mutators/test-args';
export {
  aContactMessage,
  aFleetVehicle,
  aJobOfToday,
  aJobPhoto,
  aJobSignature,
  aPayment,
  aStaffUser,
  anInvoice,
  OTHER_DRIVER_ID,
  SAM_DRIVER_ID,
} from './test-entities';

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

/**
 * Push endpoints a link holder could name to make the server connect inside its own network, or
 * to a browser push service on another port or with credentials: the rule refuses each, and so
 * does the route that stores a subscription.
 */
export const UNSAFE_PUSH_ENDPOINTS = [
  'https://169.254.169.254/latest/meta-data/',
  'https://10.0.0.1/push',
  'https://192.168.1.1/push',
  'https://[::1]/push',
  'https://localhost/push',
  'https://0x7f000001/push',
  'https://fcm.googleapis.com:22/push',
  'https://user:pw@fcm.googleapis.com/push',
] as const;
