/**
 * Text messages: the tracking page's opt-out, the provider's inbound webhook, and
 * what staff see of the messages sent about a job.
 */
import { z } from 'zod';
import { NOTIFICATION_TYPES } from '../constants/statuses';
import { isoDateTimeSchema } from '../entities/common';

/** Whether this tracking link's phone gets texts: on, off (opted out), or none (no mobile). */
export const trackSmsStateSchema = z.enum(['on', 'off', 'none']);
export type TrackSmsState = z.infer<typeof trackSmsStateSchema>;

/** GET /api/track/:token/sms and POST /api/track/:token/sms/stop and …/start answer. */
export const trackSmsResponseSchema = z.object({
  texts: trackSmsStateSchema,
  /** The number texted, all but its last three digits hidden; null when there is none. */
  phone: z.string().nullable(),
  /**
   * Whether the tracking page may turn texts back on: only when they were stopped there. A STOP
   * replied from the phone is undone only by a START from the phone.
   */
  restartable: z.boolean(),
});
export type TrackSmsResponse = z.infer<typeof trackSmsResponseSchema>;

/**
 * POST /api/sms/inbound body: the provider's form fields for a text a customer sent (Twilio's
 * Messaging webhook). Only the fields used are named; the others are kept, and none is given a
 * default, as the signature covers the fields exactly as posted.
 */
export const smsInboundBodySchema = z.looseObject({
  From: z.string().max(40),
  Body: z.string().max(2000).optional(),
  MessageSid: z.string().max(64).optional(),
  AccountSid: z.string().max(64).optional(),
});

/** POST /api/sms/inbound answer: empty TwiML (text/xml), nothing to reply. */
export const smsInboundAnswerSchema = z
  .string()
  .meta({ description: 'An empty TwiML document, sent as text/xml' });

/** Where a notification stands: `sending` while the provider is being asked. */
export const NOTIFICATION_DELIVERY_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;

/** One message about a job, as staff see it in the job's history. */
export const jobMessageSchema = z.object({
  id: z.number().int().positive(),
  type: z.enum(NOTIFICATION_TYPES),
  /** What it was about (`job_en_route` …); null for messages older than events. */
  event: z.string().nullable(),
  /** Who it went to: the phone in E.164 or the email. */
  recipient: z.string().nullable(),
  status: z.enum(NOTIFICATION_DELIVERY_STATUSES),
  message: z.string(),
  /** Why it failed, or why it is being retried. */
  error: z.string().nullable(),
  createdAt: isoDateTimeSchema,
  sentAt: isoDateTimeSchema.nullable(),
  /** Texts: segments billed. */
  segments: z.number().int().nullable(),
  attempts: z.number().int(),
  /** The message this one sends again by hand. */
  resendOf: z.number().int().nullable(),
  /** An email's subject (a quote or invoice email is named by it); null for a text. */
  subject: z.string().nullable(),
});
export type JobMessage = z.infer<typeof jobMessageSchema>;

/** GET /api/jobs/:id/messages answer. */
export const jobMessagesResponseSchema = z.object({ messages: z.array(jobMessageSchema) });

/** POST /api/notifications/:id/resend answer: the new message, pending. */
export const notificationResendResponseSchema = z.object({ message: jobMessageSchema });
