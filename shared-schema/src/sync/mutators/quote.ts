/**
 * Quote mutators. Totals are always computed here from the items with the shared pricing rule,
 * so a client can never set a price the items do not add up to; only drafts can be edited, and
 * status changes follow the allowed transitions.
 */
import { z } from 'zod';
import { MESSAGES } from '../../messages';
import { QUOTE_STATUSES } from '../../constants';
import { defineMutator, put, readOne, reject, remove, succeed } from '../mutator';
import type { Row } from '../mutator';
import { textIdSchema } from './common';
import {
  buildQuote,
  canChangeQuoteStatus,
  canEditQuote,
  duplicateQuote,
  quoteInputSchema,
  type Quote,
} from './deps';

/** Schema of a quote id argument. */
export const quoteIdArgSchema = textIdSchema('Q');

const QUOTE_KEY = 'quote';

function readQuote(id: string) {
  return [{ key: QUOTE_KEY, entity: 'quotes' as const, id }];
}

/** `quote.save`: creates a draft quote, or replaces the fields of an existing draft. */
export const quoteSave = defineMutator({
  name: 'quote.save',
  argsSchema: quoteInputSchema.extend({ id: quoteIdArgSchema }),
  reads: (args) => readQuote(args.id),
  apply(ctx, args) {
    const existing = readOne<Quote>(ctx, QUOTE_KEY);
    if (existing && !canEditQuote(existing.status)) {
      return reject('invalid_state', MESSAGES.QUOTE_NOT_EDITABLE, 'status');
    }
    const quote = buildQuote(args, { id: args.id, now: ctx.now, createdAt: existing?.createdAt });
    return succeed([put('quotes', quote as Row)], { quote });
  },
});

/** `quote.setStatus`: moves a quote along the allowed transitions (draft → sent → accepted or rejected). */
export const quoteSetStatus = defineMutator({
  name: 'quote.setStatus',
  argsSchema: z.object({
    id: quoteIdArgSchema,
    status: z.enum(QUOTE_STATUSES, { error: MESSAGES.QUOTE_STATUS_INVALID }),
  }),
  reads: (args) => readQuote(args.id),
  apply(ctx, args) {
    const quote = readOne<Quote>(ctx, QUOTE_KEY);
    if (!quote) return reject('not_found', MESSAGES.QUOTE_NOT_FOUND, 'id');
    if (!canChangeQuoteStatus(quote.status, args.status)) {
      return reject('invalid_state', MESSAGES.QUOTE_TRANSITION_NOT_ALLOWED, 'status');
    }
    const updated: Quote = { ...quote, status: args.status, updatedAt: ctx.now };
    return succeed([put('quotes', updated as Row)], { quote: updated });
  },
});

/** `quote.duplicate`: a new draft copy named '<name> (Copy)', valid 14 days from now. */
export const quoteDuplicate = defineMutator({
  name: 'quote.duplicate',
  argsSchema: z.object({ sourceId: quoteIdArgSchema, id: quoteIdArgSchema }),
  reads: (args) => [
    { key: 'source', entity: 'quotes' as const, id: args.sourceId },
    ...readQuote(args.id),
  ],
  apply(ctx, args) {
    const source = readOne<Quote>(ctx, 'source');
    if (!source) return reject('not_found', MESSAGES.QUOTE_NOT_FOUND, 'sourceId');
    if (readOne(ctx, QUOTE_KEY)) return reject('conflict', `Quote ${args.id} already exists`, 'id');
    const copy = duplicateQuote(source, args.id, ctx.now);
    return succeed([put('quotes', copy as Row)], { quote: copy });
  },
});

/** `quote.delete`: removes a quote. */
export const quoteDelete = defineMutator({
  name: 'quote.delete',
  argsSchema: z.object({ id: quoteIdArgSchema }),
  reads: (args) => readQuote(args.id),
  apply(ctx, args) {
    if (!readOne<Quote>(ctx, QUOTE_KEY)) return reject('not_found', MESSAGES.QUOTE_NOT_FOUND, 'id');
    return succeed([remove('quotes', args.id)]);
  },
});
