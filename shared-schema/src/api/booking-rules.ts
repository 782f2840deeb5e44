/** Booking rules: building a booking from the form, turning an approved booking into a job, urgency order. */
import { TIME_SLOTS } from '../constants/services';
import {
  URGENCY_LABELS,
  URGENCY_LEVELS,
  type JobStatus,
  type Urgency,
} from '../constants/statuses';
import type { Booking } from '../entities/booking';
import type { Job } from '../entities/job';
import type { BookingData } from './public';
import { formatDaySlot } from '../rules/date-format';

/** The stored booking for a validated form submission: status pending, with its tracking token. */
export function bookingFromInput(
  data: BookingData,
  id: string,
  trackingToken: string,
  now: string,
): Booking {
  return {
    id,
    trackingToken,
    customerName: data.customerName,
    phone: data.phone,
    email: data.email,
    service: data.service,
    location: data.location,
    preferredDate: data.preferredDate,
    preferredTime: data.preferredTime,
    urgency: data.urgency,
    description: data.description,
    vehicleDetails: data.vehicleDetails,
    status: 'pending',
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * Job status an approved booking starts in: an emergency booking becomes an Emergency job (it
 * counts in the Emergency tile), a same-day booking is Assigned straight away, a scheduled
 * booking is Scheduled.
 */
export function jobStatusForUrgency(urgency: Urgency): JobStatus {
  if (urgency === 'emergency') return 'Emergency';
  if (urgency === 'same-day') return 'Assigned';
  return 'Scheduled';
}

/**
 * The job an approved booking becomes. Estimated arrival: none set for an emergency (the shared
 * rule gives it from the distance, rules/arrival.ts), 'Within 4-6 hours' for same-day, else the
 * preferred date and time: what the customer booked, until the next step. The booking's
 * description and vehicle details go in the notes. Nobody is assigned yet; progress 0.
 */
export function bookingToJob(booking: Booking, jobId: string, now: string): Job {
  const estimatedArrival =
    booking.urgency === 'emergency'
      ? null
      : booking.urgency === 'same-day'
        ? URGENCY_LABELS['same-day'].description
        : formatDaySlot(booking.preferredDate, booking.preferredTime);
  const notes = [
    booking.description,
    booking.vehicleDetails ? `Vehicle: ${booking.vehicleDetails}` : null,
    `From booking ${booking.id}`,
  ]
    .filter((part): part is string => Boolean(part))
    .join('\n');
  return {
    id: jobId,
    customerName: booking.customerName,
    phone: booking.phone,
    email: booking.email || null,
    status: jobStatusForUrgency(booking.urgency),
    service: booking.service,
    location: booking.location,
    estimatedArrival,
    progress: 0,
    assignedTo: null,
    assignedDriverId: null,
    notes,
    // The link the customer got at booking time keeps working once the booking is a job.
    trackingToken: booking.trackingToken ?? null,
    // Work booked under an account stays the account's, at its site, on its PO.
    accountId: booking.accountId ?? null,
    siteId: booking.siteId ?? null,
    poNumber: booking.poNumber ?? null,
    createdAt: now,
    updatedAt: now,
  };
}

function slotRank(time: string): number {
  const index = TIME_SLOTS.indexOf(time);
  return index === -1 ? TIME_SLOTS.length : index;
}

/**
 * Orders bookings for the admin list: emergency first, then same-day, then scheduled; within an
 * urgency the earliest preferred date and time first, then the oldest request. Returns a new array.
 */
export function sortBookingsByUrgency<
  T extends Pick<Booking, 'urgency' | 'preferredDate' | 'preferredTime' | 'createdAt'>,
>(bookings: readonly T[]): T[] {
  return [...bookings].sort(
    (a, b) =>
      URGENCY_LEVELS.indexOf(a.urgency) - URGENCY_LEVELS.indexOf(b.urgency) ||
      a.preferredDate.localeCompare(b.preferredDate) ||
      slotRank(a.preferredTime) - slotRank(b.preferredTime) ||
      a.createdAt.localeCompare(b.createdAt),
  );
}
