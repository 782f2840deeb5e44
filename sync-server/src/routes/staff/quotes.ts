/**
 * Staff quote calls. Totals are never taken from the body: the quote input schema drops them and
 * the `quote.save` mutator computes them from the items with the shared pricing rule.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MESSAGES,
  duplicateQuoteInputSchema,
  quoteIdParamsSchema,
  quoteInputSchema,
  quoteResponseSchema,
  quoteStatusInputSchema,
  quotesResponseSchema,
  successResponseSchema,
  type Quote,
} from '@pilbara/shared-schema';
import { findRows, getRow } from '../../db/rows';
import { mintTextId } from '../../db/id-series';
import { documentKey } from '../../db/repositories/documents';
import { notFound } from '../../http-error';
import { errorAnswers } from '../../plugins/route-schemas';
import { mutate } from './mutate';

/** A quote id that cannot exist is answered like an unknown one. */
const quoteNotFound = { paramsNotFound: { message: MESSAGES.QUOTE_NOT_FOUND } };

export const quoteRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The key of the quote a path names by its number or key; an unknown one stays unknown. */
  const keyOf = (ref: string) => documentKey(app.db, 'quotes', ref) ?? ref;

  const listSchema = {
    summary: 'Every quote, newest first',
    response: { 200: quotesResponseSchema },
  };
  app.get('/quotes', { schema: listSchema }, async () => ({
    quotes: findRows<Quote>(app.db, 'quotes', {}, { orderBy: '-createdAt' }),
  }));

  const createSchema = {
    summary: 'Create a quote; the server prices it',
    body: quoteInputSchema,
    response: { 201: quoteResponseSchema, ...errorAnswers(400, 409) },
  };
  app.post('/quotes', { schema: createSchema }, async (request, reply) => {
    // The server keys a REST caller's quote; an `id` sent is dropped.
    const { id: _dropped, ...input } = request.body;
    const { quote } = mutate<{ quote: Quote }>(app, request, () => ({
      name: 'quote.save',
      args: { ...input, id: mintTextId(app.db, 'Q', app.now()) },
    }));
    return reply.code(201).send({ quote });
  });

  const saveSchema = {
    summary: 'Replace a quote’s details; the server prices it',
    params: quoteIdParamsSchema,
    body: quoteInputSchema,
    response: { 200: quoteResponseSchema, ...errorAnswers(400, 404, 409) },
  };
  app.put('/quotes/:id', { schema: saveSchema, config: quoteNotFound }, async (request) => {
    // A quote is named by its number or its key.
    const id = keyOf(request.params.id);
    if (!getRow(app.db, 'quotes', id)) throw notFound(MESSAGES.QUOTE_NOT_FOUND);
    const { quote } = mutate<{ quote: Quote }>(app, request, () => ({
      name: 'quote.save',
      args: { ...request.body, id },
    }));
    return { quote };
  });

  const statusSchema = {
    summary: 'Change a quote’s status (the quote-flow rule decides)',
    params: quoteIdParamsSchema,
    body: quoteStatusInputSchema,
    response: { 200: quoteResponseSchema, ...errorAnswers(400, 404, 409) },
  };
  app.patch('/quotes/:id', { schema: statusSchema, config: quoteNotFound }, async (request) => {
    const { quote } = mutate<{ quote: Quote }>(app, request, () => ({
      name: 'quote.setStatus',
      args: { id: keyOf(request.params.id), status: request.body.status },
    }));
    return { quote };
  });

  const duplicateSchema = {
    summary: 'Copy a quote as a new draft',
    params: quoteIdParamsSchema,
    body: duplicateQuoteInputSchema,
    response: { 201: quoteResponseSchema, ...errorAnswers(400, 404, 409) },
  };
  app.post(
    '/quotes/:id/duplicate',
    { schema: duplicateSchema, config: quoteNotFound },
    async (request, reply) => {
      const { quote } = mutate<{ quote: Quote }>(app, request, () => ({
        name: 'quote.duplicate',
        args: {
          sourceId: keyOf(request.params.id),
          id: mintTextId(app.db, 'Q', app.now()),
        },
      }));
      return reply.code(201).send({ quote });
    },
  );

  const deleteSchema = {
    summary: 'Delete a quote',
    params: quoteIdParamsSchema,
    response: { 200: successResponseSchema, ...errorAnswers(404, 409) },
  };
  app.delete('/quotes/:id', { schema: deleteSchema, config: quoteNotFound }, async (request) => {
    mutate(app, request, () => ({ name: 'quote.delete', args: { id: keyOf(request.params.id) } }));
    return { success: true as const };
  });
};
