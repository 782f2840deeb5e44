/**
 * Staff booking calls: the list (pending first, then emergency, same-day, scheduled) and approval,
 * which turns a booking into a job and answers with the new job (its id is read out to staff).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MESSAGES,
  approveBookingInputSchema,
  approveBookingResponseSchema,
  bookingIdParamsSchema,
  bookingsResponseSchema,
  sortBookingsByUrgency,
  type Booking,
  type Job,
} from '@pilbara/shared-schema';
import { findRows } from '../../db/rows';
import { mintIntegerId, mintTextId } from '../../db/id-series';
import { errorAnswers } from '../../plugins/route-schemas';
import { mutate } from './mutate';

export const bookingRoutes: FastifyPluginAsyncZod = async (app) => {
  const listSchema = {
    summary: 'Every booking: pending first, by urgency; then the handled ones',
    response: { 200: bookingsResponseSchema },
  };
  app.get('/bookings', { schema: listSchema }, async () => {
    const bookings = findRows<Booking>(app.db, 'bookings');
    const pending = sortBookingsByUrgency(
      bookings.filter((booking) => booking.status === 'pending'),
    );
    const handled = bookings
      .filter((booking) => booking.status !== 'pending')
      .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
    return { bookings: [...pending, ...handled] };
  });

  const approveSchema = {
    summary: 'Approve a booking into a new job; answers the job',
    params: bookingIdParamsSchema,
    body: approveBookingInputSchema,
    response: { 200: approveBookingResponseSchema, ...errorAnswers(400, 404, 409) },
  };
  app.post(
    '/bookings/:id/approve',
    { schema: approveSchema, config: { paramsNotFound: { message: MESSAGES.BOOKING_NOT_FOUND } } },
    async (request) => {
      const { job } = mutate<{ job: Job }>(app, request, () => ({
        name: 'booking.approve',
        args: {
          bookingId: request.params.id,
          // The server keys a REST caller's job; a `jobId` sent is dropped.
          jobId: mintTextId(app.db, 'JOB', app.now()),
          updateId: mintIntegerId(app.db, 'job_updates'),
        },
      }));
      return { job };
    },
  );
};
