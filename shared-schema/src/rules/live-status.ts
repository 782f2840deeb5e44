/**
 * The live-status widget's available-driver count kept in the browser. (Its response time is the
 * recorded one, rules/response-times.ts.)
 */
import { LIVE_STATUS } from '../constants/timing';

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
