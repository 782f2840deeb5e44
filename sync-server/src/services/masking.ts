/**
 * Masks contact details in public answers (docs/security.md): a phone keeps its last three digits
 * (`•••• ••• 123`), an email its first letter and domain (`j•••@example.com`). A public lookup
 * shows a phone in full only when it is the very number the caller typed; staff notes and a
 * booking's description never leave the server in a public answer.
 */
import {
  documentRef,
  maskEmail,
  maskPhone,
  samePhone,
  type Booking,
  type Job,
  type PublicBooking,
} from '@pilbara/shared-schema';

export { maskEmail, maskPhone };

function shownPhone(phone: string, knownPhone: string | undefined): string {
  return knownPhone !== undefined && samePhone(knownPhone, phone) ? phone : maskPhone(phone);
}

/**
 * The job as a public caller may see it: email always masked, phone masked unless it is
 * `knownPhone` (the number the caller searched with). Free-text notes are staff-only, and so are
 * the account, site, PO and credit decision of work on account. Its `id`
 * is the job number the customer was told; the key stays on the server.
 */
export function maskJob(job: Job, knownPhone?: string): Job {
  // Work on account: the account's PO and the owners' credit decision are between the business
  // and the account, never for whoever holds the driver's phone number.
  const { accountId: _account, siteId: _site, poNumber: _po, creditHoldNote: _note, ...rest } = job;
  return {
    ...rest,
    id: documentRef(job),
    phone: shownPhone(job.phone, knownPhone),
    email: job.email ? maskEmail(job.email) : null,
    notes: null,
  };
}

/** A booking as its customer may see it (shared-schema `publicBookingSchema`). */
export function maskBooking(booking: Booking, knownPhone?: string): PublicBooking {
  return {
    id: booking.id,
    customerName: booking.customerName,
    phone: shownPhone(booking.phone, knownPhone),
    email: booking.email ? maskEmail(booking.email) : booking.email,
    service: booking.service,
    location: booking.location,
    preferredDate: booking.preferredDate,
    preferredTime: booking.preferredTime,
    urgency: booking.urgency,
    status: booking.status,
    trackingToken: booking.trackingToken,
    createdAt: booking.createdAt,
    acknowledgedAt: booking.acknowledgedAt ?? null,
    acknowledgedBy: booking.acknowledgedBy ?? null,
    declineReason: booking.declineReason ?? null,
  };
}
