/**
 * The dispatch board's rules: what a job needs of the truck that goes, whether a truck has it,
 * and how far away a truck is and roughly when it could be there. The board shows each
 * candidate's distance and estimate and warns before an owner sends the wrong truck or a driver
 * past a fatigue limit (rules/fatigue.ts).
 */
import { SERVICE_TOWNS, distanceKm } from './nearest-town';
import { AVERAGE_SPEED_KMH, destinationOf, type LatLng } from './live-position';

/** Something a job needs of the truck that goes. */
export type EquipmentNeed = 'tow' | 'winch' | 'heavy' | 'fourWheelDrive' | 'flatbed' | 'mineSite';

/** The words the board uses for each need, as "needs …" and "truck has no …". */
export const EQUIPMENT_NEED_TEXT: Record<EquipmentNeed, string> = {
  tow: 'a tow truck',
  winch: 'a winch',
  heavy: 'heavy recovery',
  fourWheelDrive: 'four-wheel drive',
  flatbed: 'a flatbed',
  mineSite: 'mine-site approval',
};

/** The vehicle types that can tow a car away (constants/services.ts VEHICLE_TYPES). */
const TOWING_TYPES = ['Heavy Recovery', 'Light Towing', 'Tow Truck', 'Flatbed'];

/** What each bookable service needs; a service not listed needs nothing of the truck. */
const SERVICE_NEEDS: Readonly<Record<string, readonly EquipmentNeed[]>> = {
  'Emergency Towing': ['tow'],
  'Local Towing': ['tow'],
  'Long Distance Towing': ['tow'],
  '4x4 Recovery': ['fourWheelDrive', 'winch'],
  'Winch Recovery': ['winch'],
  'Heavy Vehicle Recovery': ['heavy', 'winch'],
};

/** The job or booking as the needs are read from it. */
export interface NeedsSource {
  service: string;
  location?: string | null;
  notes?: string | null;
  description?: string | null;
  vehicleDetails?: string | null;
}

/**
 * What a job or booking needs: its service's needs, a flatbed when the text says the car is low
 * or asks for one (a lowered car is dragged up a tilt tray, never on a hook), and mine-site
 * approval when the place is a mine site (sites admit only approved vehicles).
 */
export function equipmentNeeds(source: NeedsSource): EquipmentNeed[] {
  const needs = new Set<EquipmentNeed>(SERVICE_NEEDS[source.service] ?? []);
  const text = [source.notes, source.description, source.vehicleDetails]
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
  if (/\b(flatbed|tilt tray|lowered|low car|low clearance)\b/.test(text)) needs.add('flatbed');
  if (/\bmine\b|\bmine site\b/.test(`${source.location ?? ''} ${text}`.toLowerCase()))
    needs.add('mineSite');
  return [...needs];
}

/** The truck as matching needs it (the fleet's vehicle record). */
export interface EquipmentVehicle {
  type: string;
  driveType?: string | null;
  modifications: readonly string[];
  specialFeatures: readonly string[];
}

/** Whether the vehicle meets one need, by its type, drive, modifications and special features. */
export function meetsNeed(vehicle: EquipmentVehicle, need: EquipmentNeed): boolean {
  switch (need) {
    case 'tow':
      return TOWING_TYPES.includes(vehicle.type);
    case 'winch':
      return vehicle.modifications.some((item) => /winch/i.test(item) && !/rope/i.test(item));
    case 'heavy':
      return (
        vehicle.type === 'Heavy Recovery' ||
        vehicle.specialFeatures.includes('Heavy Vehicle Certified')
      );
    case 'fourWheelDrive':
      return vehicle.type === '4x4 Recovery' || /4wd|4x4|awd/i.test(vehicle.driveType ?? '');
    case 'flatbed':
      return vehicle.type === 'Flatbed';
    case 'mineSite':
      return vehicle.specialFeatures.includes('Mine Site Approved');
  }
}

/** The needs this vehicle does not meet, in the order given. */
export function missingEquipment(
  vehicle: EquipmentVehicle,
  needs: readonly EquipmentNeed[],
): EquipmentNeed[] {
  return needs.filter((need) => !meetsNeed(vehicle, need));
}

/** Where trucks wait when no position of theirs is known: the yard in Karratha. */
export const DEPOT: LatLng & { label: string } = {
  lat: SERVICE_TOWNS[0]!.lat,
  lng: SERVICE_TOWNS[0]!.lng,
  label: 'the depot',
};

/** A candidate truck's distance and rough arrival at a job. */
export interface DispatchEstimate {
  /** Straight-line km, one decimal. */
  km: number;
  /** Minutes at the stated average speed, at least 1. */
  minutes: number;
  /** Counted from the depot: the truck's position is not known. */
  fromDepot: boolean;
}

/**
 * How far a truck is from a job and roughly when it could be there: straight-line distance from
 * its last known position (the depot when none is known) to the job's place (coordinates in the
 * location, else the town it names), at the tracking link's stated average speed. Null when the
 * job's place cannot be read: no estimate is better than an invented one.
 */
export function dispatchEstimate(
  truck: LatLng | null,
  jobLocation: string,
): DispatchEstimate | null {
  const destination = destinationOf(jobLocation);
  if (!destination) return null;
  const from = truck ?? DEPOT;
  const km = distanceKm(from, destination);
  return {
    km: Math.round(km * 10) / 10,
    minutes: Math.max(1, Math.round((km / AVERAGE_SPEED_KMH) * 60)),
    fromDepot: truck === null,
  };
}

/** Minutes allowed on site for a job when judging a driver's hours against it. */
export const ON_SITE_ALLOWANCE_MINUTES = 60;

/**
 * The work a job adds to a driver's day: the drive there, the time on site and the drive back
 * (the same distance again), so an assignment that would end past a limit is caught before it
 * is made. Without an estimate the allowance on site alone is counted.
 */
export function jobWorkMinutes(estimate: DispatchEstimate | null): number {
  return ON_SITE_ALLOWANCE_MINUTES + (estimate ? 2 * estimate.minutes : 0);
}

/** "About 42 km, about 36 min (an estimate: straight line at 70 km/h)". */
export function estimateText(estimate: DispatchEstimate | null): string {
  if (!estimate) return 'No estimate: the job’s place is not coordinates or a town';
  const from = estimate.fromDepot ? ' from the depot' : '';
  return `${estimate.km} km${from}, about ${estimate.minutes} min (estimate: straight line at ${AVERAGE_SPEED_KMH} km/h)`;
}
