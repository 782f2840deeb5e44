/**
 * The fleet screen's reads, all from Dexie (docs/architecture.md), so the screen works with no
 * signal and shows a record the moment its mutation commits locally.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type {
  FleetExpense,
  FuelRecord,
  MileageRecord,
  ServiceRecord,
  Vehicle,
} from '@pilbara/shared-schema';
import { db } from '../../sync';

const EMPTY: never[] = [];

/** Everything the fleet screen shows. */
export interface FleetData {
  vehicles: Vehicle[];
  services: ServiceRecord[];
  fuel: FuelRecord[];
  mileage: MileageRecord[];
  expenses: FleetExpense[];
}

/** Vehicles (oldest first, so cards keep their place) and every record of every vehicle. */
export function useFleetData(): FleetData {
  const vehicles = useLiveQuery(
    async () =>
      // A removed vehicle is kept for its records but is no longer in the fleet.
      ((await db.vehicles.toArray()) as Vehicle[])
        .filter((v) => v.isActive !== false)
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id),
    [],
  );
  const services = useLiveQuery(
    async () => (await db.service_records.toArray()) as ServiceRecord[],
    [],
  );
  const fuel = useLiveQuery(async () => (await db.fuel_records.toArray()) as FuelRecord[], []);
  const mileage = useLiveQuery(
    async () => (await db.mileage_records.toArray()) as MileageRecord[],
    [],
  );
  const expenses = useLiveQuery(
    async () => (await db.fleet_expenses.toArray()) as FleetExpense[],
    [],
  );
  return {
    vehicles: vehicles ?? EMPTY,
    services: services ?? EMPTY,
    fuel: fuel ?? EMPTY,
    mileage: mileage ?? EMPTY,
    expenses: expenses ?? EMPTY,
  };
}
