import type { FastifyPluginAsync } from 'fastify';
import { databaseAnswers } from '../db/connection';

/** GET /api/health: the process is up and the database answers. */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/health', async () => {
    databaseAnswers(app.db);
    return { status: 'ok', time: app.now().toISOString() };
  });
};
