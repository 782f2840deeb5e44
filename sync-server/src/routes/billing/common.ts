/** Helpers shared by the billing routes: the quote of `:id`, and the not-found answers of ids. */
import type { FastifyInstance } from 'fastify';
import { MESSAGES, type Quote } from '@pilbara/shared-schema';
import { findDocument } from '../../db/repositories/documents';
import { notFound } from '../../http-error';

/** The message for a credit note that does not exist. */
export const CREDIT_NOTE_NOT_FOUND = 'Credit note not found';

/** Route config: an id that cannot exist is answered like an unknown one (404). */
export const QUOTE_NOT_FOUND = { paramsNotFound: { message: MESSAGES.QUOTE_NOT_FOUND } };
export const INVOICE_NOT_FOUND = { paramsNotFound: { message: MESSAGES.INVOICE_NOT_FOUND } };
export const CREDIT_NOTE_ID_NOT_FOUND = { paramsNotFound: { message: CREDIT_NOTE_NOT_FOUND } };

/** The quote with this number or key, or a 404. */
export function quoteById(app: FastifyInstance, id: string): Quote {
  const quote = findDocument<Quote>(app.db, 'quotes', id);
  if (!quote) throw notFound(MESSAGES.QUOTE_NOT_FOUND);
  return quote;
}
