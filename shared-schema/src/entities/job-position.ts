import { z } from 'zod';
import { isoDateTimeSchema, jobIdSchema } from './common';

/**
 * Table `job_positions`: the latest position of the truck on a job, shared by the
 * driver's phone while the job is En Route. One row per job (its id is the job id), replaced by
 * each newer fix and deleted when the job leaves En Route: nothing older is kept.
 */
export const jobPositionSchema = z.object({
  /** The job's id: one position per job. */
  id: jobIdSchema,
  jobId: jobIdSchema,
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  /** Radius of 68 % confidence in metres, as the Geolocation API reports it; null if unknown. */
  accuracy: z.number().min(0).nullable(),
  /** When the phone took the fix (never later than the server's clock when it arrived). */
  recordedAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
/** A job's latest truck position. */
export type JobPosition = z.infer<typeof jobPositionSchema>;
