/**
 * Fleet rules: service progress and the card's status colour (spec staff §4), service reminders,
 * registration and insurance expiry alerts, fuel efficiency, cost per km and monthly costs.
 *
 * Distances are whole km; money cents; fuel thousandths of a litre. Days are counted between Perth
 * calendar dates.
 */
import { FLEET } from '../constants/fleet';
import type { FleetExpense } from '../entities/fleet-expense';
import type { FuelRecord } from '../entities/fuel-record';
import type { ServiceRecord } from '../entities/service-record';
import type { Vehicle } from '../entities/vehicle';
import { perthDate, perthDaysBetween } from './dates';
import { divideRoundHalfUp } from './pricing';

/**
 * What the service rules read of a vehicle. `lastServiceMileage` is the odometer at its last
 * service ({@link lastServiceOdometer}, from the service records), not a stored column.
 */
export type ServiceVehicle = Pick<Vehicle, 'serviceInterval' | 'lastServiceDate'> & {
  mileage?: number | null;
  lastServiceMileage?: number | null;
};

/** Service progress of a vehicle. */
export interface ServiceProgress {
  daysSinceService: number;
  /** Km since the last service: measured on the odometer when known, else 50 km per day. */
  kmSinceService: number;
  /** Whether kmSinceService is the odometer's reading (true) or the 50 km a day estimate. */
  measured: boolean;
  /** Service interval minus the estimate; negative once overdue. */
  remainingKm: number;
  /** Share of the interval used, 0-100 (capped at the interval). */
  progressPercent: number;
}

/**
 * Remaining km = service interval − km since the last service. Those km are measured when the
 * odometer is known both now (`mileage`) and at the last service (`lastServiceMileage`), and not
 * lower now, since an estimate can be far from what the truck really drove (8,000 km to go by
 * the estimate, 4,250 by an odometer that says 5,750 driven); otherwise estimated at 50 km × days since the last service (0
 * days when no service is recorded). The progress bar is capped at the interval.
 */
export function serviceProgress(vehicle: ServiceVehicle, now: string): ServiceProgress {
  const daysSinceService = vehicle.lastServiceDate
    ? Math.max(0, perthDaysBetween(vehicle.lastServiceDate, now))
    : 0;
  const odometer = vehicle.mileage ?? null;
  const atService = vehicle.lastServiceMileage ?? null;
  const measured = odometer !== null && atService !== null && odometer >= atService;
  const kmSinceService = measured ? odometer - atService : daysSinceService * FLEET.kmPerDay;
  const interval = Math.max(1, vehicle.serviceInterval);
  return {
    daysSinceService,
    kmSinceService,
    measured,
    remainingKm: interval - kmSinceService,
    progressPercent: Math.round((Math.min(kmSinceService, interval) / interval) * 100),
  };
}

/**
 * The form of a registration (or VIN) that uniqueness compares: a plate is the same
 * plate however it was typed, so case, spaces and hyphens do not count ("1hrt-001", "1HRT 001"
 * and "1HRT001" are one truck). What was typed is still stored and shown as typed.
 */
export function registrationKey(value: string): string {
  return value.toUpperCase().replace(/[\s-]+/g, '');
}

/** Whether two registrations (or VINs) name the same vehicle, by {@link registrationKey}. */
export function sameRegistration(
  a: string | null | undefined,
  b: string | null | undefined,
): boolean {
  if (!a || !b) return false;
  const key = registrationKey(a);
  return key !== '' && key === registrationKey(b);
}

/**
 * The odometer at a vehicle's last service: the `mileageAtService` of its latest service record
 * (by invoice date, then when recorded), or null when there is none, or when the vehicle's own
 * last service date is later than that record (a service recorded without its odometer: the km
 * since are not known, so they are estimated). A record with 0 km (not read) does not count.
 */
export function lastServiceOdometer(
  services: readonly Pick<
    ServiceRecord,
    'vehicleId' | 'mileageAtService' | 'invoiceDate' | 'createdAt'
  >[],
  vehicle: Pick<Vehicle, 'id' | 'lastServiceDate'>,
): number | null {
  let latest: (typeof services)[number] | null = null;
  for (const record of services) {
    if (record.vehicleId !== vehicle.id || record.mileageAtService <= 0) continue;
    const key = `${record.invoiceDate}|${record.createdAt}`;
    const best = latest ? `${latest.invoiceDate}|${latest.createdAt}` : '';
    if (!latest || key > best) latest = record;
  }
  if (!latest) return null;
  if (
    vehicle.lastServiceDate &&
    latest.invoiceDate.slice(0, 10) < vehicle.lastServiceDate.slice(0, 10)
  )
    return null;
  return latest.mileageAtService;
}

/** 'out_of_service' → 'Out Of Service': underscores replaced, every word capitalised. */
export function formatStatusLabel(status: string): string {
  return status
    .split(/[_\s]+/)
    .filter((word) => word !== '')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** Whether a stored vehicle status means active ('active' or the legacy 'Excellent'). */
export function isActiveVehicleStatus(status: string): boolean {
  const value = status.trim().toLowerCase();
  return value === 'active' || value === 'excellent';
}

/** Colour of a vehicle card's status badge. */
export type VehicleStatusColor = 'red' | 'orange' | 'yellow' | 'green';

/**
 * The vehicle card's status badge: out_of_service red; maintenance orange; remaining km at or under
 * 1000 yellow (labelled Service Due when the vehicle is active); anything else green (Active).
 * Other status values are labelled with underscores replaced and words capitalised.
 */
export function vehicleDisplayStatus(
  vehicle: ServiceVehicle & Pick<Vehicle, 'status'>,
  now: string,
): { color: VehicleStatusColor; label: string; remainingKm: number } {
  const { remainingKm } = serviceProgress(vehicle, now);
  const status = vehicle.status.trim().toLowerCase();
  const active = isActiveVehicleStatus(vehicle.status);
  if (status === 'out_of_service')
    return { color: 'red', label: formatStatusLabel(vehicle.status), remainingKm };
  if (status === 'maintenance')
    return { color: 'orange', label: formatStatusLabel(vehicle.status), remainingKm };
  if (remainingKm <= FLEET.serviceDueKm)
    return {
      color: 'yellow',
      label: active ? 'Service Due' : formatStatusLabel(vehicle.status),
      remainingKm,
    };
  return {
    color: 'green',
    label: active ? 'Active' : formatStatusLabel(vehicle.status),
    remainingKm,
  };
}

/** A service reminder. */
export interface ServiceReminder {
  state: 'ok' | 'due-soon' | 'overdue';
  /** Which limit comes first: the km estimate or the next-service date. */
  by: 'km' | 'date';
  /** Days until the first limit (negative when past). */
  dueInDays: number;
  remainingKm: number;
  /** Days until the next-service date, null when none is set. */
  dateDueInDays: number | null;
}

/**
 * Service reminder by km or by date, whichever comes first. The km side turns due-soon at 1000 km
 * remaining and overdue below 0; the date side due-soon 14 days ahead and overdue once past.
 */
export function serviceReminder(
  vehicle: ServiceVehicle & Pick<Vehicle, 'nextService'>,
  now: string,
): ServiceReminder {
  const { remainingKm } = serviceProgress(vehicle, now);
  const kmDueInDays = Math.floor(remainingKm / FLEET.kmPerDay);
  const dateDueInDays = vehicle.nextService ? perthDaysBetween(now, vehicle.nextService) : null;
  const by = dateDueInDays !== null && dateDueInDays < kmDueInDays ? 'date' : 'km';
  const dueInDays = by === 'date' && dateDueInDays !== null ? dateDueInDays : kmDueInDays;
  const overdue = remainingKm < 0 || (dateDueInDays !== null && dateDueInDays < 0);
  const dueSoon =
    remainingKm <= FLEET.dueSoonKm ||
    (dateDueInDays !== null && dateDueInDays <= FLEET.dueSoonDays);
  return {
    state: overdue ? 'overdue' : dueSoon ? 'due-soon' : 'ok',
    by,
    dueInDays,
    remainingKm,
    dateDueInDays,
  };
}

/** A registration or insurance expiry alert. */
export interface ExpiryAlert {
  kind: 'registration' | 'insurance';
  expiresOn: string;
  daysLeft: number;
  expired: boolean;
}

/** Registration and insurance alerts, from 30 days before expiry (and after it), soonest first. */
export function expiryAlerts(
  vehicle: Pick<Vehicle, 'registrationExpiry' | 'insuranceExpiry'>,
  now: string,
): ExpiryAlert[] {
  const alerts: ExpiryAlert[] = [];
  const candidates: [ExpiryAlert['kind'], string | null][] = [
    ['registration', vehicle.registrationExpiry],
    ['insurance', vehicle.insuranceExpiry],
  ];
  for (const [kind, expiry] of candidates) {
    if (!expiry) continue;
    const daysLeft = perthDaysBetween(now, expiry);
    if (daysLeft <= FLEET.expiryAlertDays)
      alerts.push({ kind, expiresOn: perthDate(expiry), daysLeft, expired: daysLeft < 0 });
  }
  return alerts.sort((a, b) => a.daysLeft - b.daysLeft);
}

/** Fuel efficiency of one fill. */
export interface FillEfficiency {
  id: number;
  /** Litres per 100 km to 2 decimals; null for partial fills, the first full fill, or no distance. */
  litresPer100Km: number | null;
}

type FuelFill = Pick<FuelRecord, 'id' | 'dateTime' | 'odometerReading' | 'liters' | 'fillType'>;

/**
 * Fuel efficiency (L/100 km) of one vehicle's fills, computed between FULL fills only: a full
 * fill's figure is all fuel put in since the previous full fill (partial fills included) over the
 * km driven since it. Partial fills and fills before the first full one get null. Also returns the
 * average over all complete segments.
 */
export function fuelEfficiency(records: readonly FuelFill[]): {
  fills: FillEfficiency[];
  averageLitresPer100Km: number | null;
} {
  const ordered = [...records].sort(
    (a, b) => a.odometerReading - b.odometerReading || a.dateTime.localeCompare(b.dateTime),
  );
  const fills: FillEfficiency[] = [];
  let lastFullOdometer: number | null = null;
  let pendingMl = 0;
  let totalMl = 0;
  let totalKm = 0;
  for (const record of ordered) {
    if (lastFullOdometer === null) {
      fills.push({ id: record.id, litresPer100Km: null });
      if (record.fillType === 'Full') lastFullOdometer = record.odometerReading;
      continue;
    }
    pendingMl += record.liters;
    if (record.fillType !== 'Full') {
      fills.push({ id: record.id, litresPer100Km: null });
      continue;
    }
    const km = record.odometerReading - lastFullOdometer;
    fills.push({ id: record.id, litresPer100Km: km > 0 ? round2(pendingMl / 10 / km) : null });
    if (km > 0) {
      totalMl += pendingMl;
      totalKm += km;
    }
    lastFullOdometer = record.odometerReading;
    pendingMl = 0;
  }
  return { fills, averageLitresPer100Km: totalKm > 0 ? round2(totalMl / 10 / totalKm) : null };
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

function inPeriod(iso: string, from: string, to: string): boolean {
  const time = Date.parse(iso);
  return time >= Date.parse(from) && time < Date.parse(to);
}

/** Running cost of one vehicle over a period. */
export interface CostPerKm {
  fuelCents: number;
  serviceCents: number;
  totalCents: number;
  /** Highest minus lowest odometer reading seen in the period (fuel fills and services). */
  distanceKm: number;
  /** Total cost per km in whole cents (half up); null when no distance was recorded. */
  centsPerKm: number | null;
}

/**
 * Cost per km (fuel + service) of one vehicle over [from, to): fuel by fill time, services by
 * invoice date; the distance comes from the odometer readings of those records.
 */
export function costPerKm(
  fuelRecords: readonly Pick<FuelRecord, 'dateTime' | 'totalCost' | 'odometerReading'>[],
  serviceRecords: readonly Pick<ServiceRecord, 'invoiceDate' | 'totalCost' | 'mileageAtService'>[],
  from: string,
  to: string,
): CostPerKm {
  const fuel = fuelRecords.filter((record) => inPeriod(record.dateTime, from, to));
  const services = serviceRecords.filter((record) => inPeriod(record.invoiceDate, from, to));
  const fuelCents = fuel.reduce((sum, record) => sum + record.totalCost, 0);
  const serviceCents = services.reduce((sum, record) => sum + record.totalCost, 0);
  const readings = [
    ...fuel.map((record) => record.odometerReading),
    ...services.map((record) => record.mileageAtService),
  ];
  const distanceKm = readings.length > 1 ? Math.max(...readings) - Math.min(...readings) : 0;
  const totalCents = fuelCents + serviceCents;
  return {
    fuelCents,
    serviceCents,
    totalCents,
    distanceKm,
    centsPerKm: distanceKm > 0 ? divideRoundHalfUp(totalCents, distanceKm) : null,
  };
}

/** One vehicle's costs in one Perth calendar month. */
export interface MonthlyVehicleCost {
  vehicleId: number;
  /** 'YYYY-MM' in Perth time. */
  month: string;
  fuelCents: number;
  serviceCents: number;
  expenseCents: number;
  totalCents: number;
}

/**
 * Monthly cost per vehicle: fuel (by fill time), services (by invoice date) and other fleet
 * expenses (by expense date), per Perth month, sorted by vehicle then month.
 */
export function monthlyCosts(
  fuelRecords: readonly Pick<FuelRecord, 'vehicleId' | 'dateTime' | 'totalCost'>[],
  serviceRecords: readonly Pick<ServiceRecord, 'vehicleId' | 'invoiceDate' | 'totalCost'>[],
  expenses: readonly Pick<FleetExpense, 'vehicleId' | 'expenseDate' | 'amount'>[] = [],
): MonthlyVehicleCost[] {
  const rows = new Map<string, MonthlyVehicleCost>();
  const row = (vehicleId: number, when: string): MonthlyVehicleCost => {
    const month = perthDate(when).slice(0, 7);
    const key = `${vehicleId}|${month}`;
    let entry = rows.get(key);
    if (!entry) {
      entry = { vehicleId, month, fuelCents: 0, serviceCents: 0, expenseCents: 0, totalCents: 0 };
      rows.set(key, entry);
    }
    return entry;
  };
  for (const record of fuelRecords) {
    const entry = row(record.vehicleId, record.dateTime);
    entry.fuelCents += record.totalCost;
    entry.totalCents += record.totalCost;
  }
  for (const record of serviceRecords) {
    const entry = row(record.vehicleId, record.invoiceDate);
    entry.serviceCents += record.totalCost;
    entry.totalCents += record.totalCost;
  }
  for (const record of expenses) {
    const entry = row(record.vehicleId, record.expenseDate);
    entry.expenseCents += record.amount;
    entry.totalCents += record.amount;
  }
  return [...rows.values()].sort(
    (a, b) => a.vehicleId - b.vehicleId || a.month.localeCompare(b.month),
  );
}

/** The latest `count` records (3 on the card) of a vehicle, newest first by `dateOf`. */
export function latestRecords<T extends { vehicleId: number }>(
  records: readonly T[],
  vehicleId: number,
  dateOf: (record: T) => string,
  count: number = FLEET.latestRecords,
): T[] {
  return records
    .filter((record) => record.vehicleId === vehicleId)
    .sort((a, b) => dateOf(b).localeCompare(dateOf(a)))
    .slice(0, count);
}

/** Year a new vehicle defaults to: the current year in Perth. */
export function defaultVehicleYear(now: string): number {
  return Number(perthDate(now).slice(0, 4));
}
