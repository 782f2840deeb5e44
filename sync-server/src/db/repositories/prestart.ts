/**
 * Pre-start checks and defects as the server reads them: what the fleet's due list,
 * the owners' daily summary and a vehicle's history PDF are built from.
 */
import {
  fleetDueItems,
  sortOpenDefects,
  type DueItem,
  type Job,
  type PrestartCheck,
  type ServiceRecord,
  type Vehicle,
  type VehicleDefect,
} from '@pilbara/shared-schema';
import type { Db } from '../connection';
import { findRows, getRow } from '../rows';

/** The checks of one vehicle (or of every vehicle), newest first. */
export function checksOf(db: Db, vehicleId?: number): PrestartCheck[] {
  return findRows<PrestartCheck>(db, 'prestart_checks', { vehicleId }, { orderBy: '-checkedAt' });
}

/** The defects of one vehicle (or all), filtered by status, newest first. */
export function defectsOf(
  db: Db,
  filter: { vehicleId?: number | undefined; status?: 'open' | 'resolved' | undefined } = {},
): VehicleDefect[] {
  return findRows<VehicleDefect>(db, 'vehicle_defects', filter, { orderBy: '-raisedAt' });
}

/** Checks made since the start of yesterday (UTC), enough for "checked today" in Perth. */
function recentChecks(db: Db, now: string): PrestartCheck[] {
  const since = new Date(Date.parse(now) - 2 * 24 * 60 * 60 * 1000).toISOString();
  return (
    db
      .prepare('SELECT vehicleId, checkedAt FROM prestart_checks WHERE checkedAt >= ?')
      .all(since) as PrestartCheck[]
  ).map((check) => ({ ...check }));
}

/** What is due across the fleet at `now` (rules/prestart.ts fleetDueItems). */
export function dueItems(db: Db, now: string): DueItem[] {
  const vehicles = findRows<Vehicle>(db, 'vehicles');
  const jobs = db
    .prepare('SELECT vehicleId, status FROM jobs WHERE vehicleId IS NOT NULL')
    .all() as Pick<Job, 'vehicleId' | 'status'>[];
  const services = db
    .prepare('SELECT vehicleId, mileageAtService, invoiceDate, createdAt FROM service_records')
    .all() as Pick<ServiceRecord, 'vehicleId' | 'mileageAtService' | 'invoiceDate' | 'createdAt'>[];
  return fleetDueItems(vehicles, recentChecks(db, now), jobs, now, services);
}

/** The open defects across the fleet with their vehicle's name, most severe first. */
export function openDefectsWithVehicle(db: Db): (VehicleDefect & { vehicleName: string })[] {
  const names = new Map(findRows<Vehicle>(db, 'vehicles').map((v) => [v.id, v.name]));
  return sortOpenDefects(defectsOf(db, { status: 'open' })).map((defect) => ({
    ...defect,
    vehicleName: names.get(defect.vehicleId) ?? `Vehicle ${defect.vehicleId}`,
  }));
}

/** A vehicle with its checks, defects and services, or undefined for an unknown id. */
export function vehicleHistory(
  db: Db,
  vehicleId: number,
):
  | {
      vehicle: Vehicle;
      checks: PrestartCheck[];
      defects: VehicleDefect[];
      services: ServiceRecord[];
    }
  | undefined {
  const vehicle = getRow<Vehicle>(db, 'vehicles', vehicleId);
  if (!vehicle) return undefined;
  return {
    vehicle,
    checks: checksOf(db, vehicleId),
    defects: defectsOf(db, { vehicleId }),
    services: findRows<ServiceRecord>(db, 'service_records', { vehicleId }),
  };
}
