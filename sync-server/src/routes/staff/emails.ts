/** GET /api/emails: the contact messages, newest first. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emailsResponseSchema, type EmailRecord } from '@pilbara/shared-schema';
import { findRows } from '../../db/rows';

export const emailRoutes: FastifyPluginAsyncZod = async (app) => {
  const schema = {
    summary: 'The contact messages (and staff notices), newest first',
    response: { 200: emailsResponseSchema },
  };
  app.get('/emails', { schema }, async () => ({
    emails: findRows<EmailRecord>(app.db, 'emails', {}, { orderBy: '-timestamp' }),
  }));
};
