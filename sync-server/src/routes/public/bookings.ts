/**
 * POST /api/bookings: a customer's booking request, stored as pending for staff to approve.
 * The id is the one the device minted offline (BKG-2026-…) or one the server mints.
 */
import type { FastifyPluginAsync } from 'fastify';
import { makeBookingInputSchema, perthDate } from '@pilbara/shared-schema';
import { notifyChanges } from '../../sync/change-log';
import { parse } from '../../plugins/validation';
import { conflict } from '../../plugins/errors';
import { replayIfSeen, writeOnce } from '../../plugins/idempotency';
import { getBooking, insertBooking } from '../../db/repositories/public-records';

export const BOOKING_EXISTS = 'A booking with this id already exists';

export const bookingRoutes: FastifyPluginAsync = async (app) => {
  // "Not before today" is judged by the server's clock in Perth.
  const bookingInputSchema = makeBookingInputSchema(() => perthDate(app.now()));

  app.post('/bookings', async (request, reply) => {
    const route = 'POST /api/bookings';
    const replay = replayIfSeen(app, request, route);
    if (replay) return reply.code(replay.status).send(replay.body);

    const input = parse(bookingInputSchema, request.body);
    const result = writeOnce(app, request, route, () => {
      if (input.id && getBooking(app.db, input.id)) {
        throw conflict(BOOKING_EXISTS, { id: BOOKING_EXISTS });
      }
      const booking = insertBooking(app.db, input, app.now());
      return { status: 201, body: { success: true, booking } };
    });
    // Staff devices are poked so the new row shows in the admin panel within a second.
    if (!result.replayed) notifyChanges(app.db);
    return reply.code(result.status).send(result.body);
  });
};
