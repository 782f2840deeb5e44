/** GET /api/emails: the contact messages, newest first. */
import type { FastifyPluginAsync } from 'fastify';
import { findRows } from '../../db/rows';

export const emailRoutes: FastifyPluginAsync = async (app) => {
  app.get('/emails', async () => ({
    emails: findRows(app.db, 'emails', {}, { orderBy: '-timestamp' }),
  }));
};
