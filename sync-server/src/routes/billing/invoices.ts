/** GET /api/invoices/:id (admins): one invoice with its payments and credit notes. The list is the staff area's. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MESSAGES,
  invoiceDetailResponseSchema,
  invoiceIdParamsSchema,
} from '@pilbara/shared-schema';
import { invoiceWithSettlement } from '../../db/repositories/billing';
import { documentKey } from '../../db/repositories/documents';
import { requireAdmin } from '../../plugins/auth';
import { notFound } from '../../http-error';
import { errorAnswers } from '../../plugins/route-schemas';
import { INVOICE_NOT_FOUND } from './common';

export const invoiceDetailRoutes: FastifyPluginAsyncZod = async (app) => {
  const schema = {
    summary: 'One tax invoice with its payments and credit notes',
    params: invoiceIdParamsSchema,
    response: { 200: invoiceDetailResponseSchema, ...errorAnswers(404) },
  };
  app.get(
    '/invoices/:id',
    { onRequest: requireAdmin, schema, config: INVOICE_NOT_FOUND },
    async (request) => {
      const { id } = request.params;
      const found = invoiceWithSettlement(app.db, documentKey(app.db, 'invoices', id) ?? id);
      if (!found) throw notFound(MESSAGES.INVOICE_NOT_FOUND);
      return found;
    },
  );
};
