/**
 * What the board shows, worked out from the synced rows with shared-schema's rules: the work
 * waiting with what it needs, each truck's last position and equipment, each driver's hours and
 * fatigue, and for a job the candidates with their estimate and warnings.
 */
import {
  ACTIVE_JOB_STATUSES,
  EQUIPMENT_NEED_TEXT,
  FATIGUE_RULE_TEXT,
  fatigueLimitNamed,
  assignmentBreaksLimit,
  destinationOf,
  dispatchEstimate,
  equipmentNeeds,
  FATIGUE_WARN_MINUTES,
  fatigueOutlook,
  hoursText,
  jobWorkMinutes,
  missingEquipment,
  perthDate,
  shiftState,
  weekStartOf,
  weeklyTimesheet,
  type Booking,
  type DispatchEstimate,
  type DriverShiftEvent,
  type EquipmentNeed,
  type FatigueOutlook,
  type Job,
  type LatLng,
  type Vehicle,
  type VehiclePosition,
} from '@pilbara/shared-schema';
import type { BoardDriver } from './use-drivers';

/** A job or booking waiting for a driver and a truck. */
export interface WaitingItem {
  kind: 'job' | 'booking';
  id: string;
  title: string;
  service: string;
  location: string;
  needs: EquipmentNeed[];
  place: LatLng | null;
  job?: Job;
}

export function waitingWork(jobs: readonly Job[], bookings: readonly Booking[]): WaitingItem[] {
  const active = jobs.filter(
    (job) =>
      !job.archivedAt &&
      (ACTIVE_JOB_STATUSES as readonly string[]).includes(job.status) &&
      (!job.assignedTo || job.assignedTo === 'Unassigned' || job.vehicleId == null),
  );
  return [
    ...active.map((job) => ({
      kind: 'job' as const,
      id: job.id,
      title: `${job.number ?? job.id} · ${job.customerName}`,
      service: job.service,
      location: job.location,
      needs: equipmentNeeds(job),
      place: destinationOf(job.location),
      job,
    })),
    ...bookings
      .filter((booking) => booking.status === 'pending')
      .map((booking) => ({
        kind: 'booking' as const,
        id: booking.id,
        title: `Booking · ${booking.customerName}`,
        service: booking.service,
        location: booking.location,
        needs: equipmentNeeds(booking),
        place: destinationOf(booking.location),
      })),
  ];
}

/** A truck on the board. */
export interface BoardTruck {
  vehicle: Vehicle;
  position: VehiclePosition | null;
  /** The active job it is out on, if any. */
  onJob: Job | null;
}

export function boardTrucks(
  vehicles: readonly Vehicle[],
  positions: readonly VehiclePosition[],
  jobs: readonly Job[],
): BoardTruck[] {
  return vehicles
    .filter((vehicle) => vehicle.isActive)
    .map((vehicle) => ({
      vehicle,
      position: positions.find((row) => row.vehicleId === vehicle.id) ?? null,
      onJob:
        jobs.find(
          (job) =>
            job.vehicleId === vehicle.id &&
            !job.archivedAt &&
            (ACTIVE_JOB_STATUSES as readonly string[]).includes(job.status) &&
            job.status !== 'Scheduled',
        ) ?? null,
    }));
}

/** A driver on the board. */
export interface BoardDriverRow {
  driver: BoardDriver;
  state: 'off' | 'working' | 'break';
  activeJobs: number;
  todayMinutes: number;
  weekMinutes: number;
  outlook: FatigueOutlook;
  events: DriverShiftEvent[];
}

export function boardDrivers(
  drivers: readonly BoardDriver[],
  events: readonly DriverShiftEvent[],
  jobs: readonly Job[],
  now: Date,
): BoardDriverRow[] {
  return drivers.map((driver) => {
    const own = events.filter((event) => event.userId === driver.id);
    const sheet = weeklyTimesheet(own, weekStartOf(now), now);
    return {
      driver,
      state: shiftState(own),
      // A job is a driver's by their account; only a job with no account on it (one named by
      // hand) goes by the name, so two drivers sharing a name never count each other's jobs.
      activeJobs: jobs.filter(
        (job) =>
          (job.assignedDriverId == null
            ? job.assignedTo === driver.name
            : job.assignedDriverId === driver.id) &&
          !job.archivedAt &&
          (ACTIVE_JOB_STATUSES as readonly string[]).includes(job.status),
      ).length,
      todayMinutes: sheet.days.find((day) => day.date === perthDate(now))?.workMinutes ?? 0,
      weekMinutes: sheet.workMinutes,
      outlook: fatigueOutlook(own, now),
      events: own,
    };
  });
}

/** A truck as a candidate for one job. */
export interface TruckCandidate extends BoardTruck {
  estimate: DispatchEstimate | null;
  missing: EquipmentNeed[];
}

export function truckCandidates(
  trucks: readonly BoardTruck[],
  item: WaitingItem,
): TruckCandidate[] {
  return trucks
    .map((truck) => ({
      ...truck,
      estimate: dispatchEstimate(
        truck.position ? { lat: truck.position.latitude, lng: truck.position.longitude } : null,
        item.location,
      ),
      missing: missingEquipment(truck.vehicle, item.needs),
    }))
    .sort(
      (a, b) =>
        a.missing.length - b.missing.length ||
        (a.estimate?.minutes ?? Infinity) - (b.estimate?.minutes ?? Infinity),
    );
}

/** The warnings of sending `driver` in `truck` to the job. */
export function assignmentWarnings(
  truck: TruckCandidate | null,
  driver: BoardDriverRow | null,
  inductionGap: string | null,
): string[] {
  const warnings: string[] = [];
  if (truck && truck.missing.length > 0)
    warnings.push(
      `${truck.vehicle.name} lacks ${truck.missing.map((need) => EQUIPMENT_NEED_TEXT[need]).join(' and ')}, which this job needs`,
    );
  if (driver) {
    const name = driver.driver.name;
    const minutes = jobWorkMinutes(truck?.estimate ?? null);
    const rule = fatigueLimitNamed(driver.outlook);
    if (assignmentBreaksLimit(driver.outlook, minutes))
      warnings.push(
        `${name} would pass a fatigue limit on this job (about ${hoursText(minutes)} of work, ${hoursText(driver.outlook.minutesLeft ?? 0)} left): ${rule ? FATIGUE_RULE_TEXT[rule] : ''}`,
      );
    else if (
      rule &&
      driver.outlook.minutesLeft !== null &&
      driver.outlook.minutesLeft < minutes + FATIGUE_WARN_MINUTES
    )
      warnings.push(
        `${name} is near a fatigue limit: ${hoursText(driver.outlook.minutesLeft ?? 0)} left before: ${FATIGUE_RULE_TEXT[rule]}`,
      );
  }
  if (inductionGap) warnings.push(inductionGap);
  return warnings;
}
