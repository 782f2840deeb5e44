import { z } from 'zod';
import { centsSchema, intIdSchema, isoDateOrDateTimeSchema, isoDateTimeSchema } from './common';

/** Table `service_records`: a workshop service of a fleet vehicle. Money in cents. */
export const serviceRecordSchema = z.object({
  id: intIdSchema,
  vehicleId: intIdSchema,
  /** Unique when present. */
  invoiceNumber: z.string().nullable(),
  serviceType: z.string(),
  description: z.string(),
  servicedBy: z.string(),
  laborCost: centsSchema,
  partsCost: centsSchema,
  totalCost: centsSchema,
  /** Odometer km at the service. */
  mileageAtService: z.number().int().nonnegative(),
  partsReplaced: z.string().nullable(),
  workPerformed: z.string().nullable(),
  nextServiceDue: isoDateOrDateTimeSchema.nullable(),
  warranty: z.string().nullable(),
  invoiceDate: isoDateOrDateTimeSchema,
  isPaid: z.boolean(),
  notes: z.string().nullable(),
  createdAt: isoDateTimeSchema,
});
/** A stored service record. */
export type ServiceRecord = z.infer<typeof serviceRecordSchema>;
