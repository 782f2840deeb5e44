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

/** What a quote request adds to a contact message (all optional). */
export const quoteRequestDetailsSchema = z.object({
  vehicle: z.string().nullable().optional(),
  fromLocation: z.string().nullable().optional(),
  toLocation: z.string().nullable().optional(),
});
/** A quote request's details. */
export type QuoteRequestDetails = z.infer<typeof quoteRequestDetailsSchema>;

/** A staff member's emailed answer to a contact message (or review), kept with it. */
export const messageReplySchema = z.object({
  id: z.string(),
  at: isoDateTimeSchema,
  /** Who answered (their assignment name). */
  by: z.string(),
  text: z.string(),
  status: z.enum(['sent', 'failed']),
  error: z.string().nullable(),
});
/** A reply kept with its message. */
export type MessageReply = z.infer<typeof messageReplySchema>;

/** Where staff are with a contact message. */
export const CONTACT_MESSAGE_STATUSES = ['new', 'handled'] as const;
/** What a contact message asks for: a message, or a quote. */
export const CONTACT_KINDS = ['message', 'quote'] as const;

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
  /** New until a staff member marks it handled (absent on rows from before: new). */
  status: z.enum(CONTACT_MESSAGE_STATUSES).nullable().optional(),
  /** Who marked it handled, and when. */
  handledBy: z.string().nullable().optional(),
  handledAt: isoDateTimeSchema.nullable().optional(),
  /** A message, or a quote request (absent: a message). */
  kind: z.enum(CONTACT_KINDS).nullable().optional(),
  /** A quote request's vehicle and route. */
  details: quoteRequestDetailsSchema.nullable().optional(),
  /** Staff's emailed replies, oldest first. */
  replies: z.array(messageReplySchema).nullable().optional(),
  /** The quote drafted from this request, once staff made one. */
  quoteId: z.string().nullable().optional(),
});
/** A stored email record. */
export type EmailRecord = z.infer<typeof emailRecordSchema>;
