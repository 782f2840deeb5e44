/**
 * Booking mutators: `booking.approve` turns a pending booking into a job (the job id is supplied
 * by the caller, a device's lease or the server, so the admin can read it out before the change
 * syncs); `booking.acknowledge` is a staff member's "I've got it"; `booking.decline` refuses a
 * booking with a reason the customer is told. Each of the three takes the booking: the first
 * one records who and when, which stops the alarm on every staff screen and the escalation.
 */
import { shownId } from '../../rules/document-number';
import { z } from 'zod';
import { MESSAGES } from '../../messages';
import { reasonSchema } from '../../api/fields';
import { defineMutator, occurredAt, put, readOne, reject, succeed } from '../mutator';
import type { MutationContext, MutationRejection, Row } from '../mutator';
import {
  creditDecisionSchema,
  creditNoteOf,
  leasedIdSchema,
  jobUpdate,
  textIdSchema,
} from './common';
import { bookingToJob, type Booking, type Job } from './deps';

/**
 * The refusal of a second approval, in plain words naming the job the first one made (and who
 * made it, when known), with that job as the related record the device links to.
 */
export function alreadyApproved(booking: Booking): MutationRejection {
  const jobId = booking.approvedJobId;
  if (!jobId) return reject('invalid_state', MESSAGES.BOOKING_ALREADY_APPROVED, 'bookingId');
  const who = booking.approvedBy || 'Another staff member';
  return {
    ...reject('invalid_state', MESSAGES.bookingApprovedAs(who, jobId), 'bookingId'),
    related: { entity: 'jobs', id: jobId },
  };
}

/**
 * The booking with who took it and when, unless someone took it before: the first to act is the
 * one the customer is told about.
 */
function taken(booking: Booking, ctx: MutationContext): Booking {
  if (booking.acknowledgedAt) return booking;
  return {
    ...booking,
    acknowledgedAt: occurredAt(ctx),
    acknowledgedBy: ctx.actor?.name || 'Staff',
  };
}

/** `booking.approve`: booking status → approved, a new job, and the job's first history row. */
export const bookingApprove = defineMutator({
  name: 'booking.approve',
  argsSchema: z.object({
    bookingId: textIdSchema('BKG'),
    jobId: textIdSchema('JOB'),
    updateId: leasedIdSchema,
    creditDecision: creditDecisionSchema.optional(),
  }),
  reads: (args) => [
    { key: 'booking', entity: 'bookings' as const, id: args.bookingId },
    { key: 'job', entity: 'jobs' as const, id: args.jobId },
  ],
  apply(ctx, args) {
    const booking = readOne<Booking>(ctx, 'booking');
    if (!booking) return reject('not_found', MESSAGES.BOOKING_NOT_FOUND, 'bookingId');
    if (booking.status === 'declined')
      return reject('invalid_state', MESSAGES.BOOKING_ALREADY_DECLINED, 'bookingId');
    if (booking.status !== 'pending') return alreadyApproved(booking);
    if (readOne(ctx, 'job'))
      return reject('conflict', `Job ${shownId(args.jobId)} already exists`, 'jobId');
    // The job was made when the owner approved it on their device (a booking approved
    // offline at 7:20 and synced at 7:22 shows 7:20), within the time rule's bounds.
    const job: Job = {
      ...bookingToJob(booking, args.jobId, occurredAt(ctx)),
      creditHoldNote: creditNoteOf(ctx, args.creditDecision),
      updatedAt: ctx.now,
    };
    const approved: Booking = {
      ...taken(booking, ctx),
      status: 'approved',
      approvedJobId: args.jobId,
      approvedBy: ctx.actor?.name || null,
      updatedAt: ctx.now,
    };
    return succeed(
      [
        put('bookings', approved as Row),
        put('jobs', job as Row),
        jobUpdate(
          args.updateId,
          job.id,
          job.status,
          [`Job created from booking ${booking.id}`, job.creditHoldNote].filter(Boolean).join('. '),
          occurredAt(ctx),
        ),
      ],
      { job },
    );
  },
});

const bookingKey = (args: { bookingId: string }) => [
  { key: 'booking', entity: 'bookings' as const, id: args.bookingId },
];

/**
 * `booking.acknowledge`: "I've got it". Taking a booking someone else took already changes
 * nothing and answers who has it, so two owners tapping at once both see the same name.
 */
export const bookingAcknowledge = defineMutator({
  name: 'booking.acknowledge',
  argsSchema: z.object({ bookingId: textIdSchema('BKG') }),
  reads: bookingKey,
  apply(ctx, _args) {
    const booking = readOne<Booking>(ctx, 'booking');
    if (!booking) return reject('not_found', MESSAGES.BOOKING_NOT_FOUND, 'bookingId');
    if (booking.acknowledgedAt) return succeed([], { booking, already: true });
    const updated: Booking = { ...taken(booking, ctx), updatedAt: ctx.now };
    return succeed([put('bookings', updated as Row)], { booking: updated, already: false });
  },
});

/**
 * `booking.decline`: a pending booking staff cannot take leaves Pending as `declined`, with the
 * reason the customer is told (the server texts and emails them once, from the change log).
 */
export const bookingDecline = defineMutator({
  name: 'booking.decline',
  argsSchema: z.object({ bookingId: textIdSchema('BKG'), reason: reasonSchema }),
  reads: bookingKey,
  apply(ctx, args) {
    const booking = readOne<Booking>(ctx, 'booking');
    if (!booking) return reject('not_found', MESSAGES.BOOKING_NOT_FOUND, 'bookingId');
    if (booking.status === 'approved') return alreadyApproved(booking);
    if (booking.status !== 'pending')
      return reject('invalid_state', MESSAGES.BOOKING_ALREADY_DECLINED, 'bookingId');
    const declined: Booking = {
      ...taken(booking, ctx),
      status: 'declined',
      declineReason: args.reason,
      updatedAt: ctx.now,
    };
    return succeed([put('bookings', declined as Row)], { booking: declined });
  },
});
