import { z } from 'zod';
import { intIdSchema, isoDateTimeSchema, jobIdSchema } from './common';

/** Table `job_updates`: a line of a job's history. */
export const jobUpdateSchema = z.object({
  id: intIdSchema,
  jobId: jobIdSchema,
  message: z.string(),
  status: z.string(),
  createdAt: isoDateTimeSchema,
});
/** A stored job update. */
export type JobUpdate = z.infer<typeof jobUpdateSchema>;
