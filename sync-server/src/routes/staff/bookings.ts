/**
 * Staff booking calls: the list (pending first, then emergency, same-day, scheduled) and approval,
 * which turns a booking into a job and answers with the new job (its id is read out to staff).
 */
import type { FastifyPluginAsync } from 'fastify';
import {
  MESSAGES,
  approveBookingInputSchema,
  bookingIdParamsSchema,
  sortBookingsByUrgency,
  type Booking,
  type Job,
} from '@pilbara/shared-schema';
import { findRows } from '../../db/rows';
import { mintIntegerId, mintTextId } from '../../db/id-series';
import { parse } from '../../plugins/validation';
import { idParam, mutate } from './mutate';

export const bookingRoutes: FastifyPluginAsync = async (app) => {
  app.get('/bookings', async () => {
    const bookings = findRows<Booking>(app.db, 'bookings');
    const pending = sortBookingsByUrgency(
      bookings.filter((booking) => booking.status === 'pending'),
    );
    const handled = bookings
      .filter((booking) => booking.status !== 'pending')
      .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
    return { bookings: [...pending, ...handled] };
  });

  app.post('/bookings/:id/approve', async (request) => {
    const bookingId = idParam(bookingIdParamsSchema, request.params, MESSAGES.BOOKING_NOT_FOUND);
    const input = parse(approveBookingInputSchema, request.body);
    const { job } = mutate<{ job: Job }>(app, request, () => ({
      name: 'booking.approve',
      args: {
        bookingId,
        jobId: input.jobId ?? mintTextId(app.db, 'JOB', app.now()),
        updateId: mintIntegerId(app.db, 'job_updates'),
      },
    }));
    return { job };
  });
};
