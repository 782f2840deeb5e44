/** Notification preference bodies. */
import { z } from 'zod';
import { notificationSchema } from '../entities/notification';
import { notificationPreferenceSchema } from '../entities/notification-preference';
import { MESSAGES } from '../messages';
import { optionalText } from './fields';

/** PUT /api/notification-preferences body (upsert by customerEmail). Flags left out keep their defaults. */
export const notificationPreferenceInputSchema = z.object({
  customerEmail: z
    .string({ error: MESSAGES.EMAIL_INVALID })
    .trim()
    .max(100, MESSAGES.EMAIL_MAX)
    .pipe(z.email(MESSAGES.EMAIL_INVALID)),
  customerPhone: optionalText(20),
  smsEnabled: z.boolean().default(true),
  emailEnabled: z.boolean().default(true),
  jobUpdates: z.boolean().default(true),
  marketingEmails: z.boolean().default(false),
});
/** Notification preference body as sent. */
export type NotificationPreferenceInput = z.input<typeof notificationPreferenceInputSchema>;

/** Answer of reading or saving notification preferences. */
export const notificationPreferenceResponseSchema = z.object({
  preference: notificationPreferenceSchema,
});
/** GET /api/notifications answer (staff). */
export const notificationsResponseSchema = z.object({ notifications: z.array(notificationSchema) });
