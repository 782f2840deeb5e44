/**
 * Backups: which copies are kept, how old is too old, and the words staff read about
 * them. Pure: the server's scheduler, its status answer and the admin panel all call these.
 *
 * The schedule takes one backup an hour. Retention is grandfather–father–son over that one
 * stream: the newest {@link BACKUP_POLICY.keepHourly} copies, the newest copy of each of the last
 * {@link BACKUP_POLICY.keepDaily} Perth days that have one, and the newest copy of each of the
 * last {@link BACKUP_POLICY.keepMonthly} Perth months (five years: the tax records the business
 * must keep). A copy is kept when any of the three wants it.
 */

/** The defaults of the backup schedule and retention (each can be set in the environment). */
export const BACKUP_POLICY = {
  /** Minutes between two scheduled backups. */
  everyMinutes: 60,
  keepHourly: 48,
  keepDaily: 35,
  keepMonthly: 60,
  /** Send every this-many-th kind of backup off the machine: each daily one by default. */
  offsite: 'daily',
} as const;

/** How often copies go off the machine: with every backup, or the first of each Perth day. */
export const OFFSITE_SCHEDULES = ['hourly', 'daily'] as const;
export type OffsiteSchedule = (typeof OFFSITE_SCHEDULES)[number];

/** A backup (or an off-machine copy) older than this is shown with a warning. */
export const BACKUP_STALE_HOURS = 24;

/**
 * How long a device keeps a mutation the server acknowledged (web `acknowledged` table): longer
 * than the gap between two off-machine copies (a day) with a long weekend's margin, so a server
 * restored from its last off-machine copy still gets back everything saved since from devices.
 */
export const ACKNOWLEDGED_KEEP_DAYS = 7;

/**
 * How long after a restore the server lets a device's change wait for other devices' changes
 * it depends on (a job another phone created), instead of refusing it, unless staff stop the
 * wait sooner or every change the server's journal expects is back.
 */
export const RECOVERY_WAIT_HOURS = 24;

/** How long the server's journal of what it acknowledged is kept (longer than daily copies). */
export const JOURNAL_KEEP_DAYS = 40;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * The Perth calendar date of an instant. Perth keeps UTC+8 all year (no daylight saving), so a
 * fixed offset is exact, and cheap enough for years of hourly copies.
 */
function perthDay(iso: string): string {
  return new Date(new Date(iso).getTime() + 8 * HOUR).toISOString().slice(0, 10);
}

export interface RetentionPolicy {
  keepHourly: number;
  keepDaily: number;
  keepMonthly: number;
}

/** A backup as retention sees it. */
export interface DatedBackup {
  id: string;
  takenAt: string;
}

/**
 * The ids of the backups to keep under `policy`; the rest may be deleted. Only good (verified)
 * backups should be passed: a failed copy never counts as the day's or the month's.
 */
export function backupsToKeep(
  backups: readonly DatedBackup[],
  policy: RetentionPolicy,
): Set<string> {
  // Plain string order: ISO times sort as text, and a collation (localeCompare) costs more.
  const newestFirst = [...backups].sort((a, b) =>
    a.takenAt < b.takenAt ? 1 : a.takenAt > b.takenAt ? -1 : 0,
  );
  const keep = new Set<string>();
  for (const backup of newestFirst.slice(0, Math.max(0, policy.keepHourly))) keep.add(backup.id);
  // Each copy's Perth day as a number, and its month written out once per day: years of hourly
  // copies are tens of thousands, and formatting a date for each was most of the work.
  const days = newestFirst.map((backup) =>
    Math.floor((Date.parse(backup.takenAt) + 8 * HOUR) / DAY),
  );
  const months = new Map<number, string>();
  const monthOf = (day: number): string => {
    let month = months.get(day);
    if (month === undefined) {
      month = new Date(day * DAY).toISOString().slice(0, 7);
      months.set(day, month);
    }
    return month;
  };
  const byPeriod = (period: (day: number) => number | string, count: number) => {
    const seen = new Set<number | string>();
    for (const [i, backup] of newestFirst.entries()) {
      const key = period(days[i] ?? 0);
      if (seen.has(key)) continue;
      if (seen.size >= count) break;
      seen.add(key);
      keep.add(backup.id);
    }
  };
  byPeriod((day) => day, policy.keepDaily);
  byPeriod(monthOf, policy.keepMonthly);
  return keep;
}

/**
 * Whether a backup taken at `takenAt` is the first of its Perth day among `earlier` (the good
 * backups before it): the one a daily off-machine schedule sends.
 */
export function isFirstOfDay(takenAt: string, earlier: readonly DatedBackup[]): boolean {
  const day = perthDay(takenAt);
  return !earlier.some((backup) => backup.takenAt < takenAt && perthDay(backup.takenAt) === day);
}

/** "just now", "5 minutes ago", "3 hours ago", "2 days ago"; "never" without a time. */
export function ageInWords(at: string | null | undefined, now: Date): string {
  if (!at) return 'never';
  const ms = Math.max(0, now.getTime() - new Date(at).getTime());
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;
  if (ms < MINUTE) return 'just now';
  if (ms < HOUR) return plural(Math.floor(ms / MINUTE), 'minute');
  if (ms < 2 * DAY) return plural(Math.floor(ms / HOUR), 'hour');
  return plural(Math.floor(ms / DAY), 'day');
}

/** Whether a copy made at `at` (null: never) is too old to leave unremarked. */
export function isBackupStale(at: string | null | undefined, now: Date): boolean {
  return !at || now.getTime() - new Date(at).getTime() > BACKUP_STALE_HOURS * HOUR;
}

/** "322 MB", "4.1 GB", "950 KB". */
export function sizeInWords(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const shown = unit === 0 || value >= 10 ? Math.round(value) : Math.round(value * 10) / 10;
  return `${shown} ${units[unit]}`;
}

/** The exact words of the backup status, used by the admin panel and its tests. */
export const BACKUP_TEXT = {
  heading: 'Backups',
  lastGood: (age: string) => `Last good backup: ${age}`,
  lastOffsite: (age: string) => `Last off-machine copy: ${age}`,
  offsiteOff: 'Off-machine copies are not set up',
  staleBackup:
    'No good backup in the last day. A failed disk now would lose everything since. Press “Back up now”, and check the server’s disk and log.',
  staleOffsite:
    'No copy has left this machine in the last day. A fire or theft would lose everything since: check the USB drive, network share or storage account.',
  offsiteMissing:
    'Copies are kept on this machine only. Set up a USB drive, network share or storage account (BACKUP_OFFSITE_DIR or BACKUP_S3_BUCKET) so a lost machine does not lose the records.',
  failed: (age: string, message: string) => `The backup ${age} failed: ${message}`,
  running: 'A backup is running now…',
  start: 'Back up now',
  started: 'Backup started. This panel shows when it is done.',
  needsConnection: 'Backup status needs a connection to the server.',
  restoredHeading: 'Restored from a backup',
  restored: (restoredAt: string, backupAt: string | null) =>
    backupAt
      ? `The server was restored on ${restoredAt} from the backup of ${backupAt}.`
      : `The server was restored on ${restoredAt} from an older copy.`,
  gaveBack: (count: number) =>
    count === 1
      ? 'Devices sent back 1 change saved after the backup.'
      : `Devices sent back ${count} changes saved after the backup.`,
  waiting:
    'Waiting for devices to come online and send back what they saved after the backup. A change that depends on one of them waits too, instead of being refused.',
  stopWaiting: 'Stop waiting',
  notGivenBack: 'Saved after the backup and not sent back by any device:',
  nothingMissing: 'Nothing saved after the backup is missing.',
  unknownAfter: (backupAt: string) =>
    `This machine’s own record of what was saved after ${backupAt} was lost with the data folder, so anything saved then that no device still held cannot be listed here. Check the paperwork of that time: bookings from the website, payments and changes from a phone that was reset.`,
} as const;

/** What staff call a record of each synced table, for lists of changes ("Fuel record 51"). */
const RECORD_LABELS: Record<string, string> = {
  jobs: 'Job',
  job_updates: 'Job history entry',
  bookings: 'Booking',
  emails: 'Contact message',
  quotes: 'Quote',
  vehicles: 'Vehicle',
  service_records: 'Service record',
  fuel_records: 'Fuel record',
  mileage_records: 'Mileage record',
  fleet_expenses: 'Fleet expense',
  invoices: 'Invoice',
  notification_preferences: 'Notification preference',
  feedback: 'Feedback',
  payments: 'Payment',
  credit_notes: 'Credit note',
  job_photos: 'Job photo',
  job_signatures: 'Signature',
  stored_files: 'Uploaded file',
  prestart_checks: 'Pre-start check',
  vehicle_defects: 'Vehicle defect',
  job_positions: 'Truck position',
  driver_shift_events: 'Shift record',
  vehicle_positions: 'Truck last seen',
};

/** "Fuel record" for `fuel_records`; an unknown table shows its name. */
export function recordLabel(entity: string): string {
  return RECORD_LABELS[entity] ?? entity;
}
