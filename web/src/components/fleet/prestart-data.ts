/**
 * The pre-start checks, defects and the jobs' vehicles, read from Dexie: what the
 * vehicle cards, the open-defects list, the due list and the timeline show, offline as online.
 */
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
 * Every check and defect on this device, the vehicles, and the jobs (for "has a job today").
 * Shared by the fleet screen and the admin panel (its due list and the assignment warning).
 */
export function usePrestartData(): {
  vehicles: Vehicle[];
  checks: PrestartCheck[];
  defects: VehicleDefect[];
  jobs: Pick<Job, 'vehicleId' | 'status'>[];
  /** Service records: the odometer at each vehicle's last service (km to the next one). */
  services: ServiceRecord[];
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
  const jobs = usePacedLiveQuery(async () => (await db.jobs.toArray()) as Job[], []);
  const services = usePacedLiveQuery(
    async () => (await db.service_records.toArray()) as ServiceRecord[],
    [],
  );
  return {
    vehicles: vehicles ?? EMPTY,
    checks: checks ?? EMPTY,
    defects: defects ?? EMPTY,
    jobs: jobs ?? EMPTY,
    services: services ?? EMPTY,
  };
}
