import { z } from 'zod';
import { BOOKING_STATUSES, URGENCY_LEVELS } from '../constants/statuses';
import { accountWorkFields, bookingIdSchema, isoDateSchema, isoDateTimeSchema } from './common';

/** Booking urgency value. */
export const urgencySchema = z.enum(URGENCY_LEVELS);
/** Booking status value. */
export const bookingStatusSchema = z.enum(BOOKING_STATUSES);

/** Table `bookings`. */
export const bookingSchema = z.object({
  id: bookingIdSchema,
  customerName: z.string(),
  phone: z.string(),
  email: z.string(),
  service: z.string(),
  location: z.string(),
  /** Calendar date `YYYY-MM-DD` (Perth). */
  preferredDate: isoDateSchema,
  /** One of the time slots, such as '08:30 AM'. */
  preferredTime: z.string(),
  urgency: urgencySchema,
  description: z.string(),
  vehicleDetails: z.string().nullable(),
  /** Default 'pending'. */
  status: bookingStatusSchema,
  /**
   * The customer's tracking token (rules/tracking.ts). The server sets one on every row it
   * stores; null only in a device's copy of a row synced before tokens existed.
   */
  trackingToken: z.string().nullable(),
  /** The job approving this booking made; null while pending. */
  approvedJobId: z.string().nullable().optional(),
  /** Who approved it (their assignment name), when the server knows. */
  approvedBy: z.string().nullable().optional(),
  ...accountWorkFields,
  /**
   * Why the account was on credit hold when the booking arrived (the server's reading then), or
   * null; staff see it in the list and decide at approval.
   */
  creditHold: z.string().nullable().optional(),
  /**
   * When a staff member took the booking ("I've got it", approving or declining it): the alarm
   * stops on every staff screen, the escalation stops, and the tracking link says who has it.
   */
  acknowledgedAt: isoDateTimeSchema.nullable().optional(),
  /** Who took it (their assignment name). */
  acknowledgedBy: z.string().nullable().optional(),
  /** Why staff declined it, as the customer is told. */
  declineReason: z.string().nullable().optional(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
/** A stored booking. */
export type Booking = z.infer<typeof bookingSchema>;
