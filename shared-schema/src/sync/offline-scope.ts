/**
 * What a staff device keeps offline, and in which order a new one receives it
 * (docs/new-device.md): a new device syncs what its role needs first and never freezes the screen.
 *
 * A new device's first download (a snapshot) comes in two parts, both within the role's sync
 * scope (scope.ts):
 * 1. **The first screen**: the rows someone needs the moment they sign in, whatever their age:
 *    open jobs and today's (with their history, photos and signatures), the fleet and what is
 *    due on it (vehicles, service records, open defects, today's pre-start checks), pending
 *    bookings, unpaid invoices, open quotes, open merge notices, notification settings.
 * 2. **History**: every other row, newest first, as far back as the device keeps history: a
 *    number of days staff choose on the device, within what the role allows. A driver's device
 *    keeps a fortnight by default and never more than a quarter: their jobs and the fleet's
 *    records, not ten years of them.
 *
 * Once synced the device receives every change as it happens, whatever its age; older records
 * than it keeps are fetched from the server when asked for (the admin's job list).
 */
import { isActiveStatus } from '../rules/job-flow';
import { perthDate } from '../rules/dates';
import type { Role } from '../rules/roles';
import type { Row, SyncedTable } from './mutator';

/** The choices of "history kept on this device", in days; `null` is everything. */
export const HISTORY_DAY_CHOICES = [14, 30, 90, 365, null] as const;

/** A device's history setting: days back, or `null` for everything. */
export type HistoryDays = number | null;

/** The history a new device of each staff role keeps until someone chooses otherwise. */
export const DEFAULT_HISTORY_DAYS: Readonly<Record<'admin' | 'driver', number>> = {
  admin: 90,
  driver: 14,
};

/** The most history a device of each staff role may keep (`null`: no limit). */
export const MAX_HISTORY_DAYS: Readonly<Record<'admin' | 'driver', number | null>> = {
  admin: null,
  driver: 90,
};

/**
 * The history a device keeps: what it asked for (`undefined`: the role's default), never more
 * than the role allows. Roles without a sync scope keep nothing.
 */
export function historyDaysFor(role: Role, wanted: HistoryDays | undefined): HistoryDays {
  if (role !== 'admin' && role !== 'driver') return 0;
  const days = wanted === undefined ? DEFAULT_HISTORY_DAYS[role] : wanted;
  const max = MAX_HISTORY_DAYS[role];
  if (max === null) return days;
  return days === null ? max : Math.min(days, max);
}

/** The choices a role may pick from, in order. */
export function historyChoicesFor(role: Role): HistoryDays[] {
  return HISTORY_DAY_CHOICES.filter((days) => historyDaysFor(role, days) === days) as HistoryDays[];
}

/** The oldest time a device keeping `days` of history holds (ISO), or null for everything. */
export function historyCutoff(now: Date, days: HistoryDays): string | null {
  if (days === null) return null;
  return new Date(now.getTime() - days * 86_400_000).toISOString();
}

/** How a history setting reads on the device ("the last 90 days", "everything"). */
export function historyDaysLabel(days: HistoryDays): string {
  if (days === null) return 'Everything';
  if (days === 365) return 'The last year';
  return `The last ${days} days`;
}

/**
 * The tables of the first screen, in the order a new device receives them: the day's jobs and
 * what belongs to them, then the fleet's due items, then the office's open work.
 */
export const FIRST_SCREEN_TABLES = [
  'jobs',
  'job_updates',
  'job_positions',
  'job_photos',
  'job_signatures',
  'vehicles',
  'service_records',
  'vehicle_defects',
  'prestart_checks',
  'bookings',
  'invoices',
  'quotes',
  'merge_notices',
  'notification_preferences',
] as const satisfies readonly SyncedTable[];

/** A table of {@link FIRST_SCREEN_TABLES}. */
export type FirstScreenTable = (typeof FIRST_SCREEN_TABLES)[number];

/** What {@link onFirstScreen} needs beside the row. */
export interface FirstScreenContext {
  /** Today in Perth (YYYY-MM-DD). */
  today: string;
  /** Whether the job a history, photo or signature row belongs to is on the first screen. */
  jobOnFirstScreen: (jobId: string) => boolean;
}

/** The tables of a job's own rows: on the first screen with their job. */
export const FIRST_SCREEN_JOB_CHILDREN = [
  'job_updates',
  'job_positions',
  'job_photos',
  'job_signatures',
] as const satisfies readonly FirstScreenTable[];

const JOB_CHILDREN = new Set<string>(FIRST_SCREEN_JOB_CHILDREN);

/**
 * The statuses a row of these tables has when it is on the first screen (a quote must also
 * still be valid). A store may select by them before {@link onFirstScreen} decides.
 */
export const FIRST_SCREEN_STATUSES = {
  vehicle_defects: ['open'],
  merge_notices: ['open'],
  bookings: ['pending'],
  invoices: ['pending'],
  quotes: ['draft', 'sent'],
} as const satisfies Partial<Record<FirstScreenTable, readonly string[]>>;

/** The tables of the first screen whose every row is on it (the fleet and its records). */
export const FIRST_SCREEN_WHOLE_TABLES = [
  'vehicles',
  'service_records',
  'notification_preferences',
] as const satisfies readonly FirstScreenTable[];

const hasStatus = (table: keyof typeof FIRST_SCREEN_STATUSES, status: unknown): boolean =>
  (FIRST_SCREEN_STATUSES[table] as readonly unknown[]).includes(status);

/** Whether an ISO time (or date) falls on `today` in Perth; false for anything else. */
function isToday(value: unknown, today: string): boolean {
  if (typeof value !== 'string' || value === '') return false;
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? value === today : perthDate(value) === today;
}

/** Whether a job is on the first screen: still being worked on, or created or changed today. */
export function jobOnFirstScreen(job: Row, today: string): boolean {
  return (
    isActiveStatus(String(job.status ?? '')) ||
    isToday(job.createdAt, today) ||
    isToday(job.updatedAt, today)
  );
}

/**
 * Whether a row is on the first screen, whatever its age (see the module comment). Rows of
 * other tables never are: they come with the history.
 */
export function onFirstScreen(entity: SyncedTable, row: Row, context: FirstScreenContext): boolean {
  if (entity === 'jobs') return jobOnFirstScreen(row, context.today);
  if (JOB_CHILDREN.has(entity)) {
    return typeof row.jobId === 'string' && context.jobOnFirstScreen(row.jobId);
  }
  if ((FIRST_SCREEN_WHOLE_TABLES as readonly string[]).includes(entity)) return true;
  switch (entity) {
    case 'vehicle_defects':
    case 'merge_notices':
    case 'bookings':
    case 'invoices':
      return hasStatus(entity, row.status);
    case 'prestart_checks':
      return row.perthDay === context.today;
    case 'quotes':
      return (
        hasStatus('quotes', row.status) &&
        (typeof row.validUntil !== 'string' || row.validUntil >= context.today)
      );
    default:
      return false;
  }
}
