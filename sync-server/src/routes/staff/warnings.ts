/** The owners' banners: what the server needs them to know now (services/server-warnings.ts). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serverWarningsResponseSchema } from '@pilbara/shared-schema';
import { idSeriesWarnings, smsBudgetWarnings } from '../../services/server-warnings';

export const warningRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/server-warnings',
    {
      schema: {
        summary: 'What the owners must know now: id series far off course, text budgets used up',
        response: { 200: serverWarningsResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return {
        warnings: [
          ...idSeriesWarnings(app.db),
          ...smsBudgetWarnings(app.db, app.config.sms.budgets, app.now()),
        ],
      };
    },
  );
};
