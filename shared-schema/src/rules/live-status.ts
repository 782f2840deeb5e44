/** The live-status widget: response estimate and the available-driver count kept in the browser. */
import { LIVE_STATUS } from '../constants/timing';

const BUSY_STATUSES: readonly string[] = ['En Route', 'In Progress', 'Completed'];

/**
 * Average response estimate in minutes (spec public §9): 21 when there are no jobs or none is
 * En Route, In Progress or Completed; otherwise 15 plus 3 per such job, the added part capped at
 * 30 (so at most 45).
 */
export function responseEstimateMinutes(jobs: readonly { status: string }[]): number {
  const busy = jobs.filter((job) => BUSY_STATUSES.includes(job.status)).length;
  if (busy === 0) return LIVE_STATUS.idleEstimateMinutes;
  return (
    LIVE_STATUS.busyBaseMinutes +
    Math.min(LIVE_STATUS.perJobMinutes * busy, LIVE_STATUS.maxAddedMinutes)
  );
}

/**
 * Reads the available-driver count from browser storage text: 2 when unset or unreadable,
 * otherwise the whole number clamped to 0-10.
 */
export function parseAvailableDrivers(raw: string | null | undefined): number {
  if (raw === null || raw === undefined || raw.trim() === '') return LIVE_STATUS.defaultDrivers;
  const value = Number(raw);
  if (!Number.isFinite(value)) return LIVE_STATUS.defaultDrivers;
  return Math.min(LIVE_STATUS.maxDrivers, Math.max(LIVE_STATUS.minDrivers, Math.round(value)));
}
