/** Notification preference bodies. */
import { z } from 'zod';
import { notificationSchema } from '../entities/notification';
import { notificationPreferenceSchema } from '../entities/notification-preference';
import { MESSAGES } from '../messages';
import { optionalText } from './fields';

const customerEmailField = z
  .string({ error: MESSAGES.EMAIL_INVALID })
  .trim()
  .max(100, MESSAGES.EMAIL_MAX)
  .pipe(z.email(MESSAGES.EMAIL_INVALID));

/** PUT /api/notification-preferences body (upsert by customerEmail). Flags left out keep their defaults. */
export const notificationPreferenceInputSchema = z.object({
  customerEmail: customerEmailField,
  customerPhone: optionalText(20),
  smsEnabled: z.boolean().default(true),
  emailEnabled: z.boolean().default(true),
  jobUpdates: z.boolean().default(true),
  marketingEmails: z.boolean().default(false),
});
/** Notification preference body as sent. */
export type NotificationPreferenceInput = z.input<typeof notificationPreferenceInputSchema>;

/** GET /api/notification-preferences query: the customer's email. */
export const notificationPreferenceQuerySchema = z.object({ email: customerEmailField });

/** Answer of saving notification preferences. */
export const notificationPreferenceResponseSchema = z.object({
  preference: notificationPreferenceSchema,
});

/**
 * GET /api/notification-preferences answer: the stored preferences, or for an email never saved
 * the defaults, without an id or timestamps yet, so a screen can show the switches at once.
 */
export const notificationPreferenceReadResponseSchema = z.object({
  preference: notificationPreferenceSchema.extend({
    id: notificationPreferenceSchema.shape.id.nullable(),
    createdAt: notificationPreferenceSchema.shape.createdAt.nullable(),
    updatedAt: notificationPreferenceSchema.shape.updatedAt.nullable(),
  }),
});
/** GET /api/notifications answer (staff). */
export const notificationsResponseSchema = z.object({ notifications: z.array(notificationSchema) });
