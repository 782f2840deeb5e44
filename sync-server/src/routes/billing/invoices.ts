/** GET /api/invoices/:id (admins): one invoice with its payments and credit notes. The list is the staff area's. */
import type { FastifyPluginAsync } from 'fastify';
import { MESSAGES } from '@pilbara/shared-schema';
import { invoiceWithSettlement } from '../../db/repositories/billing';
import { requireAdmin } from '../../plugins/auth';
import { notFound } from '../../plugins/errors';
import { invoiceIdFromParams } from './common';

export const invoiceDetailRoutes: FastifyPluginAsync = async (app) => {
  app.get('/invoices/:id', { onRequest: requireAdmin }, async (request) => {
    const found = invoiceWithSettlement(app.db, invoiceIdFromParams(request.params));
    if (!found) throw notFound(MESSAGES.INVOICE_NOT_FOUND);
    return found;
  });
};
