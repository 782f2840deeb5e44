import { z } from 'zod';
import { intIdSchema, isoDateTimeSchema } from './common';

/** The customer details an email record carries (column `customerInfo`, JSON). */
export const emailCustomerInfoSchema = z.object({
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  service: z.string(),
  message: z.string(),
});
/** Customer details of an email record. */
export type EmailCustomerInfo = z.infer<typeof emailCustomerInfoSchema>;

/** Table `emails`: every outgoing message, shown as Contact Messages with Sent / Pending badges. */
export const emailRecordSchema = z.object({
  id: intIdSchema,
  to: z.string(),
  subject: z.string(),
  htmlContent: z.string(),
  customerInfo: emailCustomerInfoSchema.nullable(),
  timestamp: isoDateTimeSchema,
  /** Default false. */
  sent: z.boolean(),
});
/** A stored email record. */
export type EmailRecord = z.infer<typeof emailRecordSchema>;
