/** GET /api/invoices/:id (admins): one invoice and how it was paid. The list is the staff area's. */
import type { FastifyPluginAsync } from 'fastify';
import { MESSAGES, type Invoice } from '@pilbara/shared-schema';
import { getRow } from '../../db/rows';
import { requireAdmin } from '../../plugins/auth';
import { notFound } from '../../plugins/errors';
import { invoiceIdFromParams } from './common';
import { invoicePayment } from './settle';

export const invoiceDetailRoutes: FastifyPluginAsync = async (app) => {
  app.get('/invoices/:id', { onRequest: requireAdmin }, async (request) => {
    const id = invoiceIdFromParams(request.params);
    const invoice = getRow<Invoice>(app.db, 'invoices', id);
    if (!invoice) throw notFound(MESSAGES.INVOICE_NOT_FOUND);
    return { invoice, payment: invoicePayment(app.db, id) ?? null };
  });
};
