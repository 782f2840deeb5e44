import type { FastifyPluginAsync } from 'fastify';

/** GET /api/health: the process is up and the database answers. */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/health', async () => {
    app.db.prepare('SELECT 1').get();
    return { status: 'ok', time: app.now().toISOString() };
  });
};
