import { z } from 'zod';
import { intIdSchema, isoDateTimeSchema } from './common';

/** Table `notification_preferences`: how a customer wants to hear from the business. */
export const notificationPreferenceSchema = z.object({
  id: intIdSchema,
  /** Unique. */
  customerEmail: z.string().max(100),
  customerPhone: z.string().max(20).nullable(),
  smsEnabled: z.boolean(),
  emailEnabled: z.boolean(),
  jobUpdates: z.boolean(),
  marketingEmails: z.boolean(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
/** Stored notification preferences. */
export type NotificationPreference = z.infer<typeof notificationPreferenceSchema>;
