/**
 * POST /api/bookings: a customer's booking request, stored as pending for staff to approve.
 *
 * The server mints the booking id (`BKG-YYYY-n`) and its tracking token; any id in the body is
 * dropped, since a guest never chooses a record id (docs/security.md). The 201 answer carries both
 * at the top (`{success, id, trackingToken, booking}`): the customer's tracking link is
 * `${PUBLIC_URL}/customer-portal?token=<trackingToken>` and keeps working once the booking is
 * approved, because the job takes the booking's token.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createBookingResponseSchema,
  makeBookingInputSchema,
  perthDate,
} from '@pilbara/shared-schema';
import { notifyChanges } from '../../db/change-log';
import { writeOnce } from '../../plugins/idempotency';
import { errorAnswers } from '../../plugins/route-schemas';
import { insertBooking } from '../../db/repositories/public-records';
import { recordBookingSource } from '../../db/repositories/sms';

export const bookingRoutes: FastifyPluginAsyncZod = async (app) => {
  // "Not before today" is judged by the server's clock in Perth.
  const bookingInputSchema = makeBookingInputSchema(() => perthDate(app.now()));

  const schema = {
    summary: 'Request a booking; answers its reference and tracking token',
    body: bookingInputSchema,
    response: { 201: createBookingResponseSchema, ...errorAnswers(400, 422, 429) },
  };
  app.post(
    '/bookings',
    { schema, config: { rateLimit: app.limits.publicWrite, idempotent: true } },
    async (request, reply) => {
      const route = 'POST /api/bookings';
      const input = request.body;
      const result = writeOnce(app, request, route, () => {
        const booking = insertBooking(app.db, input, app.now());
        // Where it came from: the acknowledgement text's budget counts per address.
        recordBookingSource(app.db, booking.id, request.ip, app.now());
        return {
          status: 201 as const,
          body: {
            success: true as const,
            id: booking.id,
            trackingToken: booking.trackingToken,
            booking,
          },
        };
      });
      // Staff devices are poked so the new row shows in the admin panel within a second.
      if (!result.replayed) notifyChanges(app.db);
      return reply.code(result.status).send(result.body);
    },
  );
};
