/**
 * Staff quote calls. Totals are never taken from the body: the quote input schema drops them and
 * the `quote.save` mutator computes them from the items with the shared pricing rule.
 */
import type { FastifyPluginAsync } from 'fastify';
import {
  MESSAGES,
  quoteIdParamsSchema,
  quoteInputSchema,
  quoteStatusInputSchema,
  type Quote,
} from '@pilbara/shared-schema';
import { z } from 'zod';
import { findRows, getRow } from '../../db/rows';
import { mintTextId } from '../../db/id-series';
import { conflict, notFound } from '../../plugins/errors';
import { parse } from '../../plugins/validation';
import { idParam, mutate } from './mutate';

const duplicateInputSchema = z.object({ id: quoteIdParamsSchema.shape.id.optional() });

export const quoteRoutes: FastifyPluginAsync = async (app) => {
  app.get('/quotes', async () => ({
    quotes: findRows<Quote>(app.db, 'quotes', {}, { orderBy: '-createdAt' }),
  }));

  app.post('/quotes', async (request, reply) => {
    const input = parse(quoteInputSchema, request.body);
    if (input.id && getRow(app.db, 'quotes', input.id))
      throw conflict(`Quote ${input.id} already exists`, { id: 'Quote already exists' });
    const { quote } = mutate<{ quote: Quote }>(app, request, () => ({
      name: 'quote.save',
      args: { ...input, id: input.id ?? mintTextId(app.db, 'Q', app.now()) },
    }));
    return reply.code(201).send({ quote });
  });

  app.put('/quotes/:id', async (request) => {
    const id = idParam(quoteIdParamsSchema, request.params, MESSAGES.QUOTE_NOT_FOUND);
    const input = parse(quoteInputSchema, request.body);
    if (!getRow(app.db, 'quotes', id)) throw notFound(MESSAGES.QUOTE_NOT_FOUND);
    const { quote } = mutate<{ quote: Quote }>(app, request, () => ({
      name: 'quote.save',
      args: { ...input, id },
    }));
    return { quote };
  });

  app.patch('/quotes/:id', async (request) => {
    const id = idParam(quoteIdParamsSchema, request.params, MESSAGES.QUOTE_NOT_FOUND);
    const input = parse(quoteStatusInputSchema, request.body);
    const { quote } = mutate<{ quote: Quote }>(app, request, () => ({
      name: 'quote.setStatus',
      args: { id, status: input.status },
    }));
    return { quote };
  });

  app.post('/quotes/:id/duplicate', async (request, reply) => {
    const sourceId = idParam(quoteIdParamsSchema, request.params, MESSAGES.QUOTE_NOT_FOUND);
    const input = parse(duplicateInputSchema, request.body);
    const { quote } = mutate<{ quote: Quote }>(app, request, () => ({
      name: 'quote.duplicate',
      args: { sourceId, id: input.id ?? mintTextId(app.db, 'Q', app.now()) },
    }));
    return reply.code(201).send({ quote });
  });

  app.delete('/quotes/:id', async (request) => {
    const id = idParam(quoteIdParamsSchema, request.params, MESSAGES.QUOTE_NOT_FOUND);
    mutate(app, request, () => ({ name: 'quote.delete', args: { id } }));
    return { success: true };
  });
};
