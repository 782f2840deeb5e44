/**
 * The fleet screen's writes. Each mints its row id on this device, runs the named mutation
 * through the sync client (local apply and outbox in one transaction, so it works with no
 * signal) and shows the toast that says how it went (MESSAGES).
 */
import { notifications } from '@mantine/notifications';
import { MESSAGES, TOAST_DURATIONS } from '@pilbara/shared-schema';
import { mintId, mutate, type MintSeries, type MutateResult } from '../../sync';
import { FLEET_TEXT } from './fleet-text';
import type {
  ExpenseFormData,
  FuelFormData,
  MileageFormData,
  ServiceFormData,
  VehicleFormData,
} from './fleet-forms';
import { expenseArgs, fillTime, fuelArgs, serviceArgs } from './fleet-forms';

function success(message: string): void {
  notifications.show({ message, color: 'green', autoClose: TOAST_DURATIONS.default });
}

function failure(title: string, message?: string): void {
  notifications.show({
    title,
    message: message ?? title,
    color: 'red',
    autoClose: TOAST_DURATIONS.default,
  });
}

/** A registration clash (or a server 'duplicate key') reads as the registration message. */
export function vehicleAddFailureMessage(reason: string | undefined): string {
  if (!reason) return MESSAGES.VEHICLE_ADD_FAILED;
  if (
    reason.toLowerCase().includes(MESSAGES.DUPLICATE_KEY_MARKER) ||
    reason === MESSAGES.REGISTRATION_EXISTS
  ) {
    return MESSAGES.REGISTRATION_EXISTS;
  }
  return reason;
}

type Outcome =
  { ok: true; result: MutateResult & { ok: true } } | { ok: false; message: string | undefined };

async function write(
  series: MintSeries,
  run: (id: number) => Promise<MutateResult>,
): Promise<Outcome & { id?: number }> {
  try {
    const id = Number(await mintId(series));
    const result = await run(id);
    if (!result.ok) return { ok: false, message: result.message };
    return { ok: true, result, id };
  } catch (error) {
    // No ids left on a device that never synced, or the local database refused the write.
    return { ok: false, message: error instanceof Error ? error.message : undefined };
  }
}

/** Adds a vehicle; resolves with its id, or null (and the failure toast). */
export async function addVehicle(values: VehicleFormData): Promise<number | null> {
  const outcome = await write('vehicles', (id) => mutate('vehicle.add', { ...values, id }));
  if (!outcome.ok) {
    failure(MESSAGES.VEHICLE_ADD_FAILED, vehicleAddFailureMessage(outcome.message));
    return null;
  }
  success(MESSAGES.vehicleAdded(values.name));
  return outcome.id ?? null;
}

/** Adds a fuel record at its fill time (now when none was entered). */
export async function addFuelRecord(values: FuelFormData): Promise<boolean> {
  const dateTime = fillTime(values.filledAt);
  const outcome = await write('fuel_records', (id) =>
    mutate('fuel.add', { ...fuelArgs(values, dateTime), id }),
  );
  if (!outcome.ok) {
    failure(MESSAGES.FUEL_RECORD_ADD_FAILED, outcome.message ?? MESSAGES.FUEL_RECORD_CHECK_FIELDS);
    return false;
  }
  success(MESSAGES.FUEL_RECORD_ADDED);
  return true;
}

/**
 * Adds a service record; a next-service date also goes onto the vehicle for its reminder, in
 * the same step (`service.add` writes both).
 */
export async function addServiceRecord(values: ServiceFormData): Promise<boolean> {
  const outcome = await write('service_records', (id) =>
    mutate('service.add', { ...serviceArgs(values), id }),
  );
  if (!outcome.ok) {
    failure(MESSAGES.SERVICE_RECORD_ADD_FAILED, outcome.message);
    return false;
  }
  success(MESSAGES.SERVICE_RECORD_ADDED);
  return true;
}

/** Adds a trip (mileage record). */
export async function addMileageRecord(values: MileageFormData): Promise<boolean> {
  const outcome = await write('mileage_records', (id) => mutate('mileage.add', { ...values, id }));
  if (!outcome.ok) {
    failure(FLEET_TEXT.mileageFailed, outcome.message);
    return false;
  }
  success(FLEET_TEXT.mileageUpdated);
  return true;
}

/** Adds a fleet expense. */
export async function addExpense(values: ExpenseFormData): Promise<boolean> {
  const outcome = await write('fleet_expenses', (id) =>
    mutate('expense.add', { ...expenseArgs(values), id }),
  );
  if (!outcome.ok) {
    failure(FLEET_TEXT.expenseFailed, outcome.message);
    return false;
  }
  success(FLEET_TEXT.expenseAdded);
  return true;
}

/** Replaces a vehicle's ticked modifications or special features. */
export async function updateVehicleList(
  id: number,
  field: 'modifications' | 'specialFeatures',
  values: string[],
): Promise<boolean> {
  try {
    const result =
      field === 'modifications'
        ? await mutate('vehicle.updateModifications', { id, modifications: values })
        : await mutate('vehicle.updateSpecialFeatures', { id, specialFeatures: values });
    if (!result.ok) {
      failure(FLEET_TEXT.updateFailed, result.message);
      return false;
    }
  } catch (error) {
    failure(FLEET_TEXT.updateFailed, error instanceof Error ? error.message : undefined);
    return false;
  }
  success(
    field === 'modifications'
      ? MESSAGES.VEHICLE_MODIFICATIONS_UPDATED
      : MESSAGES.VEHICLE_FEATURES_UPDATED,
  );
  return true;
}

/** Removes a vehicle with its records (the card asks first). */
export async function removeVehicle(id: number): Promise<boolean> {
  try {
    const result = await mutate('vehicle.remove', { id });
    if (!result.ok) {
      failure(MESSAGES.VEHICLE_REMOVE_FAILED, result.message);
      return false;
    }
  } catch (error) {
    failure(MESSAGES.VEHICLE_REMOVE_FAILED, error instanceof Error ? error.message : undefined);
    return false;
  }
  success(MESSAGES.VEHICLE_REMOVED);
  return true;
}
