/**
 * The calls of the staff alerts: the on-call roster (GET/PUT /api/on-call), each staff member's
 * own alert channels (GET/PUT /api/staff-alerts/preferences), their devices' push subscriptions
 * (POST/DELETE /api/staff-alerts/push), a booking's alert log (GET /api/bookings/:id/alerts),
 * and declining a booking (POST /api/bookings/:id/decline).
 */
import { z } from 'zod';
import { MESSAGES } from '../messages';
import { isoDateTimeSchema } from '../entities/common';
import { feedbackSchema } from '../entities/feedback';
import { smsNumber } from '../rules/sms';
import { phoneField, reasonSchema, requiredText } from './fields';
import { NOTIFICATION_DELIVERY_STATUSES } from './sms';

/** `HH:mm`, 24-hour. */
const timeOfDay = z
  .string({ error: MESSAGES.ROSTER_TIME_INVALID })
  .regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, MESSAGES.ROSTER_TIME_INVALID);

/** One line of the roster as the screen sends it. */
export const rosterEntryInputSchema = z.object({
  name: requiredText(MESSAGES.ROSTER_NAME_REQUIRED, 100),
  // Alert texts go to it: a number that can receive a text.
  phone: phoneField(MESSAGES.PHONE_REQUIRED).refine(
    (phone) => smsNumber(phone) !== null,
    MESSAGES.ROSTER_PHONE_MOBILE,
  ),
  userId: z.number().int().positive().nullable().default(null),
  days: z
    .array(z.number().int().min(0).max(6), { error: MESSAGES.ROSTER_DAYS_REQUIRED })
    .min(1, MESSAGES.ROSTER_DAYS_REQUIRED)
    .max(7)
    .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
  from: timeOfDay,
  to: timeOfDay,
});
export type RosterEntryInput = z.input<typeof rosterEntryInputSchema>;

/** PUT /api/on-call body: the whole roster, in the order people are texted. */
export const rosterInputSchema = z.object({
  entries: z
    .array(rosterEntryInputSchema, { error: MESSAGES.ROSTER_EMPTY })
    .min(1, MESSAGES.ROSTER_EMPTY)
    .max(20),
});
export type RosterInput = z.input<typeof rosterInputSchema>;

const rosterEntrySchema = z.object({
  name: z.string(),
  phone: z.string(),
  userId: z.number().int().nullable(),
  days: z.array(z.number().int()),
  from: z.string(),
  to: z.string(),
});

/** GET and PUT /api/on-call answer. */
export const rosterResponseSchema = z.object({
  entries: z.array(rosterEntrySchema),
  /** True until the owners save a roster of their own: both owners, around the clock. */
  isDefault: z.boolean(),
  /** Who answers now, first one texted first. */
  onCallNow: z.array(rosterEntrySchema),
  /** Minutes an unanswered emergency waits before the next person is texted. */
  escalateAfterMinutes: z.number().int(),
});
export type RosterResponse = z.infer<typeof rosterResponseSchema>;

/** A staff member's own alert channels (defaults: push and texts on, email off). */
export const staffAlertPreferencesSchema = z.object({
  /** Push notifications on the devices they turned them on for. */
  push: z.boolean(),
  /** Texts when the roster has them on call. */
  sms: z.boolean(),
  /** An email for every new booking. */
  email: z.boolean(),
});
export type StaffAlertPreferences = z.infer<typeof staffAlertPreferencesSchema>;

/** GET /api/staff-alerts/preferences answer: the channels, and this device's subscription. */
export const staffAlertPreferencesResponseSchema = staffAlertPreferencesSchema.extend({
  /** How many of their devices get pushes. */
  pushDevices: z.number().int(),
});

/** DELETE /api/staff-alerts/push body: the subscription to forget. */
export const staffPushRemoveSchema = z.object({ endpoint: z.string().max(1000) });

/** POST /api/bookings/:id/decline body. */
export const declineBookingInputSchema = z.object({ reason: reasonSchema });

/** POST /api/contact-messages/:id/reply and POST /api/feedback/:id/reply body. */
export const replyInputSchema = z.object({
  text: requiredText(MESSAGES.REPLY_REQUIRED, 5000),
});
export type ReplyInput = z.input<typeof replyInputSchema>;

/** POST /api/jobs/:id/cancel body. */
export const cancelJobInputSchema = z.object({ reason: reasonSchema });

/** One alert of a booking, as staff read its log. */
export const bookingAlertSchema = z.object({
  channel: z.enum(['sms', 'email', 'push']),
  /** The phone, email, or the staff member whose device it was. */
  recipient: z.string(),
  /** 0: the booking's arrival; 1 and later: the escalations. */
  step: z.number().int(),
  status: z.enum(NOTIFICATION_DELIVERY_STATUSES),
  error: z.string().nullable(),
  createdAt: isoDateTimeSchema,
  sentAt: isoDateTimeSchema.nullable(),
});
export type BookingAlert = z.infer<typeof bookingAlertSchema>;

/** GET /api/bookings/:id/alerts answer. */
export const bookingAlertsResponseSchema = z.object({
  alerts: z.array(bookingAlertSchema),
  /** When the next escalation is due; null when none is (taken, or not an emergency). */
  nextEscalationAt: isoDateTimeSchema.nullable(),
});
export type BookingAlertsResponse = z.infer<typeof bookingAlertsResponseSchema>;

/** One review as the owners read it: with its job's number, customer and service. */
export const staffReviewSchema = feedbackSchema.extend({
  job: z
    .object({
      number: z.string().nullable(),
      customerName: z.string(),
      phone: z.string(),
      email: z.string().nullable(),
      service: z.string(),
    })
    .nullable(),
});
export type StaffReview = z.infer<typeof staffReviewSchema>;

/** GET /api/feedback answer: every review, newest first, and the average and count. */
export const staffReviewsResponseSchema = z.object({
  reviews: z.array(staffReviewSchema),
  count: z.number().int(),
  average: z.number().nullable(),
});
