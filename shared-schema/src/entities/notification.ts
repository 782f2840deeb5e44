import { z } from 'zod';
import { NOTIFICATION_STATUSES, NOTIFICATION_TYPES } from '../constants/statuses';
import { intIdSchema, isoDateTimeSchema, jobIdSchema, quoteIdSchema } from './common';

/** Table `notifications`: an SMS or email sent (or to be sent) to a customer. */
export const notificationSchema = z.object({
  id: intIdSchema,
  jobId: jobIdSchema.nullable(),
  quoteId: quoteIdSchema.nullable(),
  recipientPhone: z.string().nullable(),
  recipientEmail: z.string().nullable(),
  type: z.enum(NOTIFICATION_TYPES),
  /** Default 'pending'. */
  status: z.enum(NOTIFICATION_STATUSES),
  message: z.string(),
  subject: z.string().nullable(),
  sentAt: isoDateTimeSchema.nullable(),
  error: z.string().nullable(),
  createdAt: isoDateTimeSchema,
});
/** A stored notification. */
export type Notification = z.infer<typeof notificationSchema>;
