import type { FastifyPluginAsync } from 'fastify';
import { cardPaymentsEnabled } from '../config';

/**
 * GET /api/config: the active business profile (names, phones, email, ABN, the card provider's
 * publishable key) and whether card payments are set up, so a deployment changes them without
 * rebuilding the PWA.
 */
export const configRoutes: FastifyPluginAsync = async (app) => {
  app.get('/config', async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return { profile: app.profile, cardPaymentsEnabled: cardPaymentsEnabled(app.config) };
  });
};
