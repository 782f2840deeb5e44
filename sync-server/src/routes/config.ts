import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { configResponseSchema } from '@pilbara/shared-schema';
import { cardPaymentsEnabled } from '../config';

/**
 * GET /api/config: the active business profile (names, phones, email, ABN, the card provider's
 * publishable key) and whether card payments are set up, so a deployment changes them without
 * rebuilding the PWA.
 */
export const configRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/config',
    {
      schema: {
        tags: ['public'],
        summary: 'The business profile and whether card payment is set up',
        response: { 200: configResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-cache');
      return { profile: app.profile, cardPaymentsEnabled: cardPaymentsEnabled(app.config) };
    },
  );
};
