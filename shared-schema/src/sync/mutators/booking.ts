/**
 * `booking.approve`: turns a pending booking into a job. The job id is supplied by the caller
 * (a device's lease or the server), so the admin can read it out before the change syncs.
 */
import { z } from 'zod';
import { MESSAGES } from '../../messages';
import { defineMutator, occurredAt, put, readOne, reject, succeed } from '../mutator';
import type { Row } from '../mutator';
import { leasedIdSchema, jobUpdate, textIdSchema } from './common';
import { bookingToJob, type Booking, type Job } from './deps';

/** `booking.approve`: booking status → approved, a new job, and the job's first history row. */
export const bookingApprove = defineMutator({
  name: 'booking.approve',
  argsSchema: z.object({
    bookingId: textIdSchema('BKG'),
    jobId: textIdSchema('JOB'),
    updateId: leasedIdSchema,
  }),
  reads: (args) => [
    { key: 'booking', entity: 'bookings' as const, id: args.bookingId },
    { key: 'job', entity: 'jobs' as const, id: args.jobId },
  ],
  apply(ctx, args) {
    const booking = readOne<Booking>(ctx, 'booking');
    if (!booking) return reject('not_found', MESSAGES.BOOKING_NOT_FOUND, 'bookingId');
    if (booking.status !== 'pending')
      return reject('invalid_state', MESSAGES.BOOKING_ALREADY_APPROVED, 'bookingId');
    if (readOne(ctx, 'job')) return reject('conflict', `Job ${args.jobId} already exists`, 'jobId');
    const job: Job = bookingToJob(booking, args.jobId, ctx.now);
    const approved: Booking = { ...booking, status: 'approved', updatedAt: ctx.now };
    return succeed(
      [
        put('bookings', approved as Row),
        put('jobs', job as Row),
        jobUpdate(
          args.updateId,
          job.id,
          job.status,
          `Job created from booking ${booking.id}`,
          occurredAt(ctx),
        ),
      ],
      { job },
    );
  },
});
