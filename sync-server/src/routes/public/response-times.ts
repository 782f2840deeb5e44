/**
 * GET /api/response-times: how quickly a truck has reached customers, per coverage area, measured
 * from the recorded jobs by the shared rule (rules/response-times.ts) — the only response times
 * the public pages show. Recomputed at most every few minutes: the figures move by the day, and
 * every public page may ask.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  RESPONSE_WINDOW_DAYS,
  responseTimes,
  responseTimesResponseSchema,
  type ResponseTimes,
} from '@pilbara/shared-schema';
import { responseRecordsSince } from '../../db/repositories/response-records';

/** How long an answer is reused before the jobs are read again. */
const REUSE_MS = 5 * 60_000;
/** Bookings made this much before the window can still have jobs inside it. */
const BOOKING_MARGIN_DAYS = 7;
const DAY_MS = 86_400_000;

export const responseTimeRoutes: FastifyPluginAsyncZod = async (app) => {
  let kept: { at: number; answer: ResponseTimes } | null = null;

  const read = (now: Date): ResponseTimes => {
    const since = new Date(now.getTime() - (RESPONSE_WINDOW_DAYS + BOOKING_MARGIN_DAYS) * DAY_MS);
    const { jobs, updates, bookings } = responseRecordsSince(app.db, since);
    return responseTimes(jobs, updates, bookings, now.toISOString());
  };

  app.get(
    '/response-times',
    {
      schema: {
        summary: 'Recorded response times per coverage area, with their basis',
        response: { 200: responseTimesResponseSchema },
      },
    },
    async (_request, reply) => {
      const now = app.now();
      if (!kept || now.getTime() - kept.at > REUSE_MS || now.getTime() < kept.at)
        kept = { at: now.getTime(), answer: read(now) };
      reply.header('Cache-Control', 'public, max-age=300');
      return kept.answer;
    },
  );
};
