/** Status vocabularies of every entity that has one. */

/** Every job status, in the order staff move through them. */
export const JOB_STATUSES = [
  'Assigned',
  'En Route',
  'In Progress',
  'Completed',
  'Cancelled',
  'Emergency',
  'Scheduled',
] as const;
/** A job status. */
export type JobStatus = (typeof JOB_STATUSES)[number];

/** Finished statuses: a job in one of these is no longer worked on. */
export const FINISHED_JOB_STATUSES = [
  'Completed',
  'Cancelled',
] as const satisfies readonly JobStatus[];
/** Active statuses: every status that is not finished. */
export const ACTIVE_JOB_STATUSES = [
  'Assigned',
  'En Route',
  'In Progress',
  'Emergency',
  'Scheduled',
] as const satisfies readonly JobStatus[];

/** Statuses a job may be created in: staff open a job as Assigned, Emergency or Scheduled. */
export const OPENING_JOB_STATUSES = [
  'Assigned',
  'Emergency',
  'Scheduled',
] as const satisfies readonly JobStatus[];

/** Job status a new job gets when none is given. */
export const DEFAULT_JOB_STATUS: JobStatus = 'Assigned';

/** Quote statuses. `expired` exists but no screen sets it. */
export const QUOTE_STATUSES = ['draft', 'sent', 'accepted', 'rejected', 'expired'] as const;
/** A quote status. */
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/** Booking urgency levels; `scheduled` is the default. */
export const URGENCY_LEVELS = ['emergency', 'same-day', 'scheduled'] as const;
/** A booking urgency. */
export type Urgency = (typeof URGENCY_LEVELS)[number];
/** Urgency a booking gets when none is chosen. */
export const DEFAULT_URGENCY: Urgency = 'scheduled';
/** Display labels and explanations of each urgency (same-day means within 4-6 hours). */
export const URGENCY_LABELS: Record<Urgency, { label: string; description: string }> = {
  emergency: { label: 'Emergency', description: 'Immediate assistance needed' },
  'same-day': { label: 'Same Day', description: 'Within 4-6 hours' },
  scheduled: { label: 'Scheduled', description: 'At your preferred date and time' },
};

/**
 * Booking statuses. The spec shows only `pending`; `approved` is what approval sets when it turns
 * the booking into a job, `declined` what staff set when they cannot take it (with a reason).
 */
export const BOOKING_STATUSES = ['pending', 'approved', 'declined'] as const;
/** A booking status. */
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** Answers to "would you recommend us". */
export const RECOMMEND_OPTIONS = ['yes', 'no', 'maybe'] as const;
/** A recommend answer. */
export type Recommend = (typeof RECOMMEND_OPTIONS)[number];

/**
 * Vehicle statuses the vehicle form offers. The create call of the original sent `Excellent`, so
 * stored vehicles may also carry that (see {@link VEHICLE_STATUSES}).
 */
export const VEHICLE_FORM_STATUSES = ['active', 'maintenance', 'out_of_service'] as const;
/** A status the vehicle form offers. */
export type VehicleFormStatus = (typeof VEHICLE_FORM_STATUSES)[number];
/** Every vehicle status value that is known; stored status is free text up to 20 characters. */
export const VEHICLE_STATUSES = ['active', 'maintenance', 'out_of_service', 'Excellent'] as const;

/** Fuel fill types; efficiency is computed only between Full fills. */
export const FILL_TYPES = ['Full', 'Partial'] as const;
/** A fuel fill type. */
export type FillType = (typeof FILL_TYPES)[number];

/** Quote item categories, matching the quick-add catalogue groups. */
export const QUOTE_ITEM_CATEGORIES = ['service', 'parts', 'misc'] as const;
/** A quote item category. */
export type QuoteItemCategory = (typeof QUOTE_ITEM_CATEGORIES)[number];

/** Invoice statuses. */
export const INVOICE_STATUSES = ['pending', 'paid', 'cancelled'] as const;
/** An invoice status. */
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** How a payment was made: online card, or recorded by staff (cash, card on site, bank transfer). */
export const PAYMENT_METHODS = ['card', 'cash', 'card-on-site', 'bank-transfer'] as const;
/** A payment method. */
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** Payment methods staff record by hand (card online is recorded by the payment webhook). */
export const RECORDABLE_PAYMENT_METHODS = ['cash', 'card-on-site', 'bank-transfer'] as const;
/** How a refund goes back to the customer: the same ways money comes in, staff-recorded. */
export const REFUND_METHODS = ['bank-transfer', 'cash', 'card-on-site'] as const;
/**
 * Which way money moved: a payment in, or a refund out (money back to a customer a credit note
 * left in credit). A refund is a `payments` row with `kind: 'refund'`, so the money history of an
 * invoice is one table and the payments export lists both.
 */
export const PAYMENT_KINDS = ['payment', 'refund'] as const;
/** A payment kind. */
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

/** Notification channels. */
export const NOTIFICATION_TYPES = ['sms', 'email'] as const;
/** Notification delivery statuses. */
export const NOTIFICATION_STATUSES = ['pending', 'sent', 'failed'] as const;
