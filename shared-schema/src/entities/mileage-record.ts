import { z } from 'zod';
import { intIdSchema, isoDateTimeSchema, jobIdSchema } from './common';

/** Table `mileage_records`: one trip of a fleet vehicle. Odometers and distance in km. */
export const mileageRecordSchema = z.object({
  id: intIdSchema,
  vehicleId: intIdSchema,
  dateTime: isoDateTimeSchema,
  startOdometer: z.number().int().nonnegative(),
  endOdometer: z.number().int().nonnegative(),
  distance: z.number().int().nonnegative(),
  purpose: z.string().nullable(),
  jobId: jobIdSchema.nullable(),
  startLocation: z.string().nullable(),
  endLocation: z.string().nullable(),
  driver: z.string().nullable(),
  notes: z.string().nullable(),
  createdAt: isoDateTimeSchema,
});
/** A stored mileage record. */
export type MileageRecord = z.infer<typeof mileageRecordSchema>;
