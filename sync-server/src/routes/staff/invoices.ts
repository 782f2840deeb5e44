/** GET /api/invoices: every invoice, newest first. */
import type { FastifyPluginAsync } from 'fastify';
import { findRows } from '../../db/rows';

export const invoiceRoutes: FastifyPluginAsync = async (app) => {
  app.get('/invoices', async () => ({
    invoices: findRows(app.db, 'invoices', {}, { orderBy: '-createdAt' }),
  }));
};
