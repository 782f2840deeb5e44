/**
 * Who may hold blocks of which id series (docs/decisions/2026-11-21-ids-from-leased-blocks.md): a
 * device mints ids offline only from the blocks the server granted it, and only of the series its
 * user's role creates records of. A driver's work writes job history, an automatic draft quote when
 * they complete a job, fleet records and pre-start checks; everything else a device mints is an
 * admin's. Bookings are numbered by the server alone (the public form is their only source), so no
 * device holds them.
 *
 * The server refuses a block outside these rules, and a device asks only for what they allow
 * (the server tells it in the first page of its hello), so a stolen or faulty phone can neither
 * claim numbers nor use up a series.
 */
import { MAX_SERIES_NUMBER } from '../entities/common';
import { INTEGER_ID_SERIES } from '../constants/ids';
import type { Role } from './roles';

/** What a series counts, without its year: an integer-id table, or a text-id prefix. */
export const LEASE_KINDS = [...INTEGER_ID_SERIES, 'JOB', 'BKG', 'Q', 'INV', 'CN'] as const;
/** A member of {@link LEASE_KINDS}. */
export type LeaseKind = (typeof LEASE_KINDS)[number];

/** The kinds a driver's device mints: their job steps, the quote a completion drafts, the fleet. */
export const DRIVER_LEASE_KINDS: readonly LeaseKind[] = [
  'job_updates',
  'Q',
  'service_records',
  'fuel_records',
  'mileage_records',
  'prestart_checks',
  'vehicle_defects',
];

/** The kind of a series name: `JOB-2026` → `JOB`, `fuel_records` → `fuel_records`. */
export function leaseKindOf(series: string): LeaseKind | null {
  const kind = /^(JOB|BKG|Q|INV|CN)-\d{4}$/.exec(series)?.[1] ?? series;
  return (LEASE_KINDS as readonly string[]).includes(kind) ? (kind as LeaseKind) : null;
}

/** The kinds a role's devices may hold blocks of (none for a customer). */
export function leaseKindsFor(role: Role): LeaseKind[] {
  if (role === 'admin') return LEASE_KINDS.filter((kind) => kind !== 'BKG');
  if (role === 'driver') return [...DRIVER_LEASE_KINDS];
  return [];
}

/** Whether a device of `role` may hold a block of `series`. */
export function mayLeaseSeries(role: Role, series: string): boolean {
  const kind = leaseKindOf(series);
  return kind !== null && leaseKindsFor(role).includes(kind);
}

/**
 * A series whose counter passes this is far off its normal course (this business hands out a
 * few thousand numbers of a series a year): staff are warned, long before the ceiling of
 * {@link MAX_SERIES_NUMBER}. Numbers stored at or past it are not continued from either.
 */
export const SERIES_ALARM_AT = 10_000_000;

/** The warning staff see for a series past {@link SERIES_ALARM_AT}. */
export function seriesAlarm(series: string, handedOut: number): string {
  const left = Math.max(0, MAX_SERIES_NUMBER - handedOut);
  return `Id series ${series} has handed out numbers up to ${handedOut.toLocaleString('en-AU')}, far more than this business uses (${left.toLocaleString('en-AU')} left). Check which device asked for them before the series runs out.`;
}

/**
 * Blocks one device may be granted of one series in a day. A working phone asks for one block
 * (50 numbers) a busy day; a phone that asks for more is faulty or not ours.
 */
export const LEASE_GRANTS_PER_DAY = 20;
