/**
 * Staff booking calls: the list (pending first, then emergency, same-day, scheduled); approval,
 * which turns a booking into a job and answers with the new job (its id is read out to staff);
 * "I've got it" (acknowledge) and decline with a reason, which like approval take the booking
 * (the alarm and the escalation stop, and the customer's tracking link says who has it); and the
 * booking's alert log (who was pushed, texted and emailed, and how each went).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MESSAGES,
  approveBookingInputSchema,
  approveBookingResponseSchema,
  bookingAlertsResponseSchema,
  bookingIdParamsSchema,
  bookingSchema,
  bookingsResponseSchema,
  declineBookingInputSchema,
  noBodySchema,
  sortBookingsByUrgency,
  type Booking,
  type Job,
} from '@pilbara/shared-schema';
import { findRows, getRow } from '../../db/rows';
import { mintIntegerId, mintTextId } from '../../db/id-series';
import { errorAnswers } from '../../plugins/route-schemas';
import { mutate } from './mutate';
import { z } from 'zod';
import { HttpError } from '../../http-error';
import { bookingAlerts, nextEscalationAt } from '../../db/repositories/staff-alerts';

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

  const notFound = { paramsNotFound: { message: MESSAGES.BOOKING_NOT_FOUND } };
  const bookingAnswer = z.object({ booking: bookingSchema });

  const declineSchema = {
    summary: 'Decline a booking with the reason the customer is told (by text and email)',
    params: bookingIdParamsSchema,
    body: declineBookingInputSchema,
    response: { 200: bookingAnswer, ...errorAnswers(400, 404, 409) },
  };
  app.post(
    '/bookings/:id/decline',
    { schema: declineSchema, config: notFound },
    async (request) => {
      const { booking } = mutate<{ booking: Booking }>(app, request, () => ({
        name: 'booking.decline',
        args: { bookingId: request.params.id, reason: request.body.reason },
      }));
      return { booking };
    },
  );

  const acknowledgeSchema = {
    summary: 'Take a booking ("I\'ve got it"): the alarm and the escalation stop',
    params: bookingIdParamsSchema,
    body: noBodySchema,
    response: {
      200: bookingAnswer.extend({ already: z.boolean() }),
      ...errorAnswers(404),
    },
  };
  app.post(
    '/bookings/:id/acknowledge',
    { schema: acknowledgeSchema, config: notFound },
    async (request) => {
      return mutate<{ booking: Booking; already: boolean }>(app, request, () => ({
        name: 'booking.acknowledge',
        args: { bookingId: request.params.id },
      }));
    },
  );

  const alertsSchema = {
    summary: "A booking's staff alerts: pushes, texts and emails, and the next escalation",
    params: bookingIdParamsSchema,
    response: { 200: bookingAlertsResponseSchema, ...errorAnswers(404) },
  };
  app.get('/bookings/:id/alerts', { schema: alertsSchema, config: notFound }, async (request) => {
    const id = request.params.id;
    if (!getRow<Booking>(app.db, 'bookings', id))
      throw new HttpError(404, MESSAGES.BOOKING_NOT_FOUND);
    return { alerts: bookingAlerts(app.db, id), nextEscalationAt: nextEscalationAt(app.db, id) };
  });
};
