/**
 * The pre-start checks, defects and the jobs' vehicles, read from Dexie: what the
 * vehicle cards, the open-defects list, the due list and the timeline show, offline as online.
 */
import { useMemo } from 'react';
import type {
  Job,
  PrestartCheck,
  ServiceRecord,
  Vehicle,
  VehicleDefect,
} from '@pilbara/shared-schema';
import { db, usePacedLiveQuery } from '../../sync';

const EMPTY: never[] = [];

/**
 * The vehicles, every pre-start check and every defect on this device: what the vehicle select
 * warns with and the driver's pre-start shows. One object while the three are unchanged, so a
 * list of job cards given it is not drawn again for rows it does not read (the jobs).
 */
export function useFleetState(): {
  vehicles: Vehicle[];
  checks: PrestartCheck[];
  defects: VehicleDefect[];
} {
  const vehicles = usePacedLiveQuery(async () => (await db.vehicles.toArray()) as Vehicle[], []);
  const checks = usePacedLiveQuery(
    async () => (await db.prestart_checks.toArray()) as PrestartCheck[],
    [],
  );
  const defects = usePacedLiveQuery(
    async () => (await db.vehicle_defects.toArray()) as VehicleDefect[],
    [],
  );
  return useMemo(
    () => ({ vehicles: vehicles ?? EMPTY, checks: checks ?? EMPTY, defects: defects ?? EMPTY }),
    [vehicles, checks, defects],
  );
}

/**
 * The fleet's state, and the jobs (for "has a job today") and service records. Shared by the
 * fleet screen and the admin panel (its due list and the assignment warning).
 */
export function usePrestartData(): {
  vehicles: Vehicle[];
  checks: PrestartCheck[];
  defects: VehicleDefect[];
  jobs: Pick<Job, 'vehicleId' | 'status'>[];
  /** Service records: the odometer at each vehicle's last service (km to the next one). */
  services: ServiceRecord[];
} {
  const fleet = useFleetState();
  const jobs = usePacedLiveQuery(async () => (await db.jobs.toArray()) as Job[], []);
  const services = usePacedLiveQuery(
    async () => (await db.service_records.toArray()) as ServiceRecord[],
    [],
  );
  return { ...fleet, jobs: jobs ?? EMPTY, services: services ?? EMPTY };
}
