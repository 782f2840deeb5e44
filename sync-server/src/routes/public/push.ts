/**
 * Web Push for a customer's job:
 *
 * - GET /api/push/key — the server's VAPID public key, which the browser subscribes with;
 * - POST /api/track/:token/push — the browser's subscription for the job (or booking waiting
 *   for approval) its tracking token opens. The token is the proof, as for the tracking page
 *   itself: whoever can see the job may be told about it, nobody else. An unknown token is the
 *   tracking page's 404.
 *
 * The subscription is kept by token (an approved booking hands its token to its job) and one
 * browser subscribing twice updates its keys. Only a browser push service's address is taken
 * (rules/push-endpoint.ts; the sender checks it again, services/push.ts). At most ten browsers
 * per job; an eleventh is refused with 409, never let in by pushing one out
 * (db/repositories/push-subscriptions.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MESSAGES,
  pushKeyResponseSchema,
  pushSubscribeResponseSchema,
  pushSubscriptionInputSchema,
  trackParamsSchema,
} from '@pilbara/shared-schema';
import { findJobByToken, findPendingBookingByToken } from '../../db/repositories/public-records';
import { saveSubscription } from '../../db/repositories/push-subscriptions';
import { HttpError } from '../../http-error';
import { errorAnswers } from '../../plugins/route-schemas';

export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/push/key',
    {
      schema: {
        summary: 'The VAPID public key browsers subscribe to job notifications with',
        response: { 200: pushKeyResponseSchema },
      },
    },
    async () => ({ publicKey: app.push.publicKey }),
  );

  const trackNotFound = { message: MESSAGES.TRACKING_LINK_NOT_FOUND, field: 'token' };
  app.post(
    '/track/:token/push',
    {
      schema: {
        summary: "Notify this browser about the tracking link's job",
        params: trackParamsSchema,
        body: pushSubscriptionInputSchema,
        response: { 201: pushSubscribeResponseSchema, ...errorAnswers(400, 404, 409, 429) },
      },
      config: { rateLimit: app.limits.publicWrite, paramsNotFound: trackNotFound },
    },
    async (request, reply) => {
      const { token } = request.params;
      if (!findJobByToken(app.db, token) && !findPendingBookingByToken(app.db, token)) {
        throw new HttpError(404, MESSAGES.TRACKING_LINK_NOT_FOUND, {
          token: MESSAGES.TRACKING_LINK_NOT_FOUND,
        });
      }
      if (!saveSubscription(app.db, token, request.body, app.now())) {
        throw new HttpError(409, MESSAGES.PUSH_SUBSCRIPTIONS_FULL, {
          endpoint: MESSAGES.PUSH_SUBSCRIPTIONS_FULL,
        });
      }
      return reply.code(201).send({ subscribed: true as const });
    },
  );
};
