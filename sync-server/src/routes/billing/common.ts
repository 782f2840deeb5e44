/** Helpers shared by the billing routes: id params and the quote lookup. */
import type { FastifyInstance } from 'fastify';
import {
  MESSAGES,
  creditNoteIdParamsSchema,
  invoiceIdParamsSchema,
  quoteIdParamsSchema,
  type Quote,
} from '@pilbara/shared-schema';
import { getRow } from '../../db/rows';
import { notFound } from '../../plugins/errors';

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
