/** What a driver records on /driver about their working day (rules/fatigue.ts works from it). */
export const DRIVER_SHIFT_EVENT_KINDS = [
  'shift_start',
  'break_start',
  'break_end',
  'shift_end',
] as const;
/** One of {@link DRIVER_SHIFT_EVENT_KINDS}. */
export type DriverShiftEventKind = (typeof DRIVER_SHIFT_EVENT_KINDS)[number];

/**
 * Years a driver's work-time records are kept from their last entry: WA's OSH Regulations
 * (r. 3.132) want the record of work time, breaks and non-work time kept at least three years.
 */
export const WORK_RECORD_KEEP_YEARS = 3;
