/** GET /api/invoices: every invoice, newest first. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { invoicesResponseSchema, type Invoice } from '@pilbara/shared-schema';
import { findRows } from '../../db/rows';

export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const schema = {
    summary: 'Every invoice, newest first',
    response: { 200: invoicesResponseSchema },
  };
  app.get('/invoices', { schema }, async () => ({
    invoices: findRows<Invoice>(app.db, 'invoices', {}, { orderBy: '-createdAt' }),
  }));
};
