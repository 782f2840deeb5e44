import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema } from '@pilbara/shared-schema';
import { databaseAnswers } from '../db/connection';

/** GET /api/health: the process is up and the database answers. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['public'],
        summary: 'The process is up and the database answers',
        response: { 200: healthResponseSchema },
      },
    },
    async () => {
      databaseAnswers(app.db);
      return { status: 'ok' as const, time: app.now().toISOString() };
    },
  );
};
