import { z } from 'zod';
import { DRIVER_SHIFT_EVENT_KINDS } from '../constants/fatigue';
import { intIdSchema, isoDateTimeSchema, jobIdSchema } from './common';

/**
 * Table `driver_shift_events`: what a driver records on /driver about their working day (shift
 * start and end, break start and end), at the time on their device. Rows are only ever added,
 * never changed, so two devices offline never conflict; the fatigue limits and the timesheet are
 * worked out from them (rules/fatigue.ts, rules/timesheet.ts). Kept for the years the work-time
 * record must be kept (constants/fatigue.ts).
 */
export const driverShiftEventSchema = z.object({
  id: intIdSchema,
  /** The driver's account id (users.id). */
  userId: intIdSchema,
  /** Their name when they recorded it, for the timesheet of a driver since renamed. */
  userName: z.string().max(100),
  kind: z.enum(DRIVER_SHIFT_EVENT_KINDS),
  /** When it happened on the device. */
  at: isoDateTimeSchema,
  createdAt: isoDateTimeSchema,
});
/** A recorded shift event. */
export type DriverShiftEvent = z.infer<typeof driverShiftEventSchema>;

/**
 * Table `vehicle_positions`: the last known position of each truck (its id is the vehicle's
 * id), kept from the positions its driver's phone shares on a job. Unlike `job_positions`, it
 * stays after the job, so the dispatch board knows where a truck was last seen.
 */
export const vehiclePositionSchema = z.object({
  id: intIdSchema,
  vehicleId: intIdSchema,
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  recordedAt: isoDateTimeSchema,
  /** The job whose position report it came from. */
  jobId: jobIdSchema,
  updatedAt: isoDateTimeSchema,
});
/** A truck's last known position. */
export type VehiclePosition = z.infer<typeof vehiclePositionSchema>;
