/** Helpers shared by the billing routes: id params, the quote lookup, and empty JSON bodies. */
import type { FastifyInstance } from 'fastify';
import {
  MESSAGES,
  creditNoteIdParamsSchema,
  invoiceIdParamsSchema,
  quoteIdParamsSchema,
  type Quote,
} from '@pilbara/shared-schema';
import { getRow } from '../../db/rows';
import { HttpError, notFound } from '../../plugins/errors';

/** The quote named by `:id`; a malformed id is answered like an unknown one (404). */
export function quoteFromParams(app: FastifyInstance, params: unknown): Quote {
  const parsed = quoteIdParamsSchema.safeParse(params);
  const quote = parsed.success ? getRow<Quote>(app.db, 'quotes', parsed.data.id) : undefined;
  if (!quote) throw notFound(MESSAGES.QUOTE_NOT_FOUND);
  return quote;
}

/** The invoice id of `:id`, or a 404 for one that cannot exist. */
export function invoiceIdFromParams(params: unknown): string {
  const parsed = invoiceIdParamsSchema.safeParse(params);
  if (!parsed.success) throw notFound(MESSAGES.INVOICE_NOT_FOUND);
  return parsed.data.id;
}

/** The credit note id of `:id`, or a 404 for one that cannot exist. */
export function creditNoteIdFromParams(params: unknown): string {
  const parsed = creditNoteIdParamsSchema.safeParse(params);
  if (!parsed.success) throw notFound('Credit note not found');
  return parsed.data.id;
}

/**
 * Lets the no-body POSTs of this area (send-email, create-payment-intent) arrive with a JSON
 * content type and an empty body, as browsers' fetch wrappers often send them; anything else is
 * parsed by Fastify's own JSON parser.
 */
export function acceptEmptyJson(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, (error, value) => {
      if (error) done(new HttpError(400, 'The request body is not valid JSON'), undefined);
      else done(null, value);
    });
  });
}
