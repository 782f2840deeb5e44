/**
 * POST /api/bookings: a customer's booking request, stored as pending for staff to approve.
 *
 * The server mints the booking id (`BKG-YYYY-n`) and its tracking token; any id in the body is
 * dropped, since a guest never chooses a record id (DESIGN §11). The 201 answer carries both at
 * the top (`{success, id, trackingToken, booking}`): the customer's tracking link is
 * `${PUBLIC_URL}/customer-portal?token=<trackingToken>` and keeps working once the booking is
 * approved, because the job takes the booking's token.
 */
import type { FastifyPluginAsync } from 'fastify';
import { makeBookingInputSchema, perthDate } from '@pilbara/shared-schema';
import { notifyChanges } from '../../sync/change-log';
import { parse } from '../../plugins/validation';
import { replayIfSeen, writeOnce } from '../../plugins/idempotency';
import { insertBooking } from '../../db/repositories/public-records';

export const bookingRoutes: FastifyPluginAsync = async (app) => {
  // "Not before today" is judged by the server's clock in Perth.
  const bookingInputSchema = makeBookingInputSchema(() => perthDate(app.now()));

  app.post(
    '/bookings',
    { config: { rateLimit: app.limits.publicWrite } },
    async (request, reply) => {
      const route = 'POST /api/bookings';
      const replay = replayIfSeen(app, request, route);
      if (replay) return reply.code(replay.status).send(replay.body);

      const input = parse(bookingInputSchema, request.body);
      const result = writeOnce(app, request, route, () => {
        const booking = insertBooking(app.db, input, app.now());
        return {
          status: 201,
          body: { success: true, id: booking.id, trackingToken: booking.trackingToken, booking },
        };
      });
      // Staff devices are poked so the new row shows in the admin panel within a second.
      if (!result.replayed) notifyChanges(app.db);
      return reply.code(result.status).send(result.body);
    },
  );
};
