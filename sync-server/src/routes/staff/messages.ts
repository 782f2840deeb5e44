/**
 * What the customer was told about a job, for the office:
 *
 * - GET /api/jobs/:id/messages — every email and text about the job, its booking, quotes and
 *   payments: when, which channel, to whom, the words, and where it stands (sent, failed with
 *   the provider's reason, retrying);
 * - GET /api/quotes/:id/messages, GET /api/invoices/:id/messages — the same for one quote or
 *   invoice (its emails with the PDF, its texts), job or no job: where the office finds what
 *   was sent, rather than among the contact messages;
 * - POST /api/notifications/:id/resend — sends one again by hand: a new message with the same
 *   words to the same recipient, through the same delivery (the opt-out list and the hourly
 *   caps still hold). One resend at a time per message.
 *
 * Admins only: these hold customers' numbers and addresses. Messages are server-only records
 * (the server sends them), so the screen needs a connection and says so.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MESSAGES,
  SMS_NOT_SENT,
  intIdParamsSchema,
  jobIdParamsSchema,
  jobMessagesResponseSchema,
  quoteIdParamsSchema,
  invoiceIdParamsSchema,
  type Invoice,
  type Quote,
  notificationResendResponseSchema,
  noBodySchema,
  type Job,
} from '@pilbara/shared-schema';
import { inTransaction } from '../../db/connection';
import { getRow } from '../../db/rows';
import { findDocument } from '../../db/repositories/documents';
import {
  documentMessages,
  findMessage,
  isOptedOut,
  jobMessages,
  queueResend,
  resendInFlight,
} from '../../db/repositories/sms';
import { HttpError, notFound } from '../../http-error';
import { errorAnswers } from '../../plugins/route-schemas';
import { notifyChanges } from '../../db/change-log';

const MESSAGE_NOT_FOUND = 'Message not found';
const RESEND_BUSY = 'This message is still being sent';
const RESEND_NOT_POSSIBLE = 'Only a message about a job event can be sent again';

export const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/jobs/:id/messages',
    {
      schema: {
        summary: 'The emails and texts sent to the customer about a job',
        params: jobIdParamsSchema,
        response: { 200: jobMessagesResponseSchema, ...errorAnswers(400, 404) },
      },
      config: { paramsNotFound: { message: MESSAGES.JOB_NOT_FOUND } },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!getRow<Job>(app.db, 'jobs', id)) throw notFound(MESSAGES.JOB_NOT_FOUND);
      reply.header('Cache-Control', 'no-store');
      return { messages: jobMessages(app.db, id) };
    },
  );

  app.get(
    '/quotes/:id/messages',
    {
      schema: {
        summary: 'The emails and texts sent to the customer about a quote',
        params: quoteIdParamsSchema,
        response: { 200: jobMessagesResponseSchema, ...errorAnswers(400, 404) },
      },
      config: { paramsNotFound: { message: MESSAGES.QUOTE_NOT_FOUND } },
    },
    async (request, reply) => {
      const quote = findDocument<Quote>(app.db, 'quotes', request.params.id);
      if (!quote) throw notFound(MESSAGES.QUOTE_NOT_FOUND);
      reply.header('Cache-Control', 'no-store');
      return { messages: documentMessages(app.db, { quoteId: quote.id, invoiceId: null }) };
    },
  );

  app.get(
    '/invoices/:id/messages',
    {
      schema: {
        summary: 'The emails and texts sent to the customer about an invoice',
        params: invoiceIdParamsSchema,
        response: { 200: jobMessagesResponseSchema, ...errorAnswers(400, 404) },
      },
      config: { paramsNotFound: { message: MESSAGES.INVOICE_NOT_FOUND } },
    },
    async (request, reply) => {
      const invoice = findDocument<Invoice>(app.db, 'invoices', request.params.id);
      if (!invoice) throw notFound(MESSAGES.INVOICE_NOT_FOUND);
      reply.header('Cache-Control', 'no-store');
      return { messages: documentMessages(app.db, { quoteId: null, invoiceId: invoice.id }) };
    },
  );

  app.post(
    '/notifications/:id/resend',
    {
      schema: {
        summary: 'Send a message to the customer again',
        description:
          'A new message with the same words to the same recipient, sent as soon as the ' +
          'notifier runs; a number that opted out of texts is refused (409).',
        params: intIdParamsSchema,
        body: noBodySchema,
        response: { 201: notificationResendResponseSchema, ...errorAnswers(400, 404, 409) },
      },
      config: { paramsNotFound: { message: MESSAGE_NOT_FOUND } },
    },
    async (request, reply) => {
      const { id } = request.params;
      const message = inTransaction(app.db, () => {
        const original = findMessage(app.db, id);
        if (!original) throw notFound(MESSAGE_NOT_FOUND);
        if (!original.event || !original.recipient) throw new HttpError(409, RESEND_NOT_POSSIBLE);
        if (original.status === 'pending' || original.status === 'sending')
          throw new HttpError(409, RESEND_BUSY);
        if (resendInFlight(app.db, id)) throw new HttpError(409, RESEND_BUSY);
        if (original.type === 'sms' && isOptedOut(app.db, original.recipient))
          throw new HttpError(409, SMS_NOT_SENT.optedOut);
        return queueResend(app.db, id, app.now());
      });
      // Wakes the notifier, which sends it on its next run.
      notifyChanges(app.db);
      return reply.code(201).send({ message });
    },
  );
};
