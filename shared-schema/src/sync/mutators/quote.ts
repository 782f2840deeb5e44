/**
 * Quote mutators. Totals are always computed here from the items with the shared pricing rule,
 * so a client can never set a price the items do not add up to; only drafts can be edited, and
 * status changes follow the allowed transitions.
 */
import { z } from 'zod';
import { MESSAGES } from '../../messages';
import { QUOTE_STATUSES } from '../../constants';
import {
  defineMutator,
  occurredAt,
  put,
  readMany,
  readOne,
  reject,
  remove,
  succeed,
} from '../mutator';
import type { Row } from '../mutator';
import { baseRowSchema, textIdSchema } from './common';
import { accountReads, priceListReads, pricesFor, refuseAccountWork } from './account';
import { ACCOUNT_MESSAGES } from '../../account-messages';
import { perthDate } from '../../rules/dates';
import { unknownPriceKeys } from '../../api/quote-flow';
import type { PriceTable } from '../../rules/price-list';
import { mergeQuoteEdit, type QuoteEdit, type RecordConflict } from '../../rules/merge';
import { noticeFor, overridesSchema } from '../../rules/merge-notice';
import { documentRef, shownId } from '../../rules/document-number';
import { QUOTE_DEFAULTS } from '../../constants/quotes';
import { addDaysIso } from '../../rules/dates';
import {
  buildQuote,
  isQuoteExpired,
  canChangeQuoteStatus,
  canEditQuote,
  duplicateQuote,
  quoteInputSchema,
  type Quote,
  type QuoteData,
} from './deps';

/** Schema of a quote id argument. */
export const quoteIdArgSchema = textIdSchema('Q');

const QUOTE_KEY = 'quote';

function readQuote(id: string) {
  return [{ key: QUOTE_KEY, entity: 'quotes' as const, id }];
}

/**
 * Gives every line without an id one that no line of the stored quote or the edit's base uses
 * (`Q-2026-3-4`, `Q-2026-3-5`, …), so a line two devices add never shares an id with another.
 */
function withLineIds(
  quoteId: string,
  items: QuoteData['items'],
  taken: readonly { id: string }[],
): (QuoteData['items'][number] & { id: string })[] {
  const used = new Set([...taken.map((item) => item.id), ...items.flatMap((i) => i.id ?? [])]);
  let next = 1;
  return items.map((item) => {
    if (item.id) return { ...item, id: item.id };
    while (used.has(`${quoteId}-${next}`)) next += 1;
    const id = `${quoteId}-${next}`;
    used.add(id);
    return { ...item, id };
  });
}

/** The list's unit price of a line naming a price-list item, if the list has one. */
function listedPrice(
  prices: PriceTable,
  item: { priceKey?: string | null | undefined },
): number | undefined {
  const listed = item.priceKey ? prices.prices.get(item.priceKey)?.item : undefined;
  return listed && listed.unit !== 'multiplier' ? listed.amount : undefined;
}

function asEdit(quote: Pick<Quote, 'items'> & Record<string, unknown>): QuoteEdit {
  return { ...quote, items: quote.items };
}

/**
 * `quote.save`: creates a draft quote, or saves an edit of an existing draft. An edit that
 * carries `base` (the quote as the device last saw it) is merged with what changed on the
 * server since (rules/merge.ts): the other side's changes stay, this edit's non-colliding
 * changes are applied, and a collision keeps the other side's value and is answered as a
 * `conflict` in the result for the owner to resolve. Without `base` (an app from before merges)
 * the edit replaces the draft's fields, as it always did.
 */
export const quoteSave = defineMutator({
  name: 'quote.save',
  argsSchema: quoteInputSchema.extend({
    id: quoteIdArgSchema,
    base: baseRowSchema.optional(),
    /** Set when this edit settles a conflict by keeping this side's values. */
    overrides: overridesSchema.optional(),
  }),
  reads: (args) => [...readQuote(args.id), ...priceListReads, ...accountReads(args.accountId)],
  apply(ctx, args) {
    const existing = readOne<Quote>(ctx, QUOTE_KEY);
    if (existing && !canEditQuote(existing.status)) {
      return reject('invalid_state', MESSAGES.QUOTE_NOT_EDITABLE, 'status');
    }
    const refused = refuseAccountWork(ctx, args);
    if (refused) return refused;
    // Lines from the price list take the list's price in force for the customer that day.
    const prices = pricesFor(ctx, args.accountId, perthDate(occurredAt(ctx)));
    const unknown = unknownPriceKeys(args, prices)[0];
    if (unknown !== undefined)
      return reject(
        'invalid_args',
        ACCOUNT_MESSAGES.PRICE_ITEM_UNKNOWN,
        `items.${unknown}.priceKey`,
      );
    const { base: rawBase, overrides, ...fields } = args;
    const base = rawBase as (Quote & Record<string, unknown>) | undefined;
    const items = withLineIds(args.id, fields.items, [
      ...(existing?.items ?? []),
      ...(Array.isArray(base?.items) ? base.items : []),
    ]).map((item) => ({ ...item, unitPrice: listedPrice(prices, item) ?? item.unitPrice ?? 0 }));
    let data: QuoteData = { ...fields, items };
    let conflict: RecordConflict | undefined;
    if (existing && base && Array.isArray(base.items)) {
      const mine: QuoteEdit = { ...fields, items: items.map((item) => ({ ...item })) };
      const { merged, parts } = mergeQuoteEdit(asEdit(base), mine, asEdit(existing));
      data = { ...data, ...(merged as Partial<QuoteData>), items: merged.items } as QuoteData;
      if (parts.length > 0) conflict = { entity: 'quotes', id: args.id, parts };
    }
    const quote = buildQuote(data, {
      id: args.id,
      now: occurredAt(ctx),
      createdAt: existing?.createdAt,
      prices,
    });
    quote.updatedAt = ctx.now;
    // What a save does not edit stays: the number the server gave it, the job it was made for.
    if (existing?.number) quote.number = existing.number;
    if (existing?.jobId) quote.jobId = existing.jobId;
    const notice = existing
      ? noticeFor({
          overrides,
          entity: 'quotes',
          recordId: args.id,
          recordRef: documentRef(existing),
          before: existing,
          after: quote,
          keptBy: ctx.userId,
          keptByName: ctx.actor?.name,
          now: ctx.now,
        })
      : null;
    return succeed(
      [put('quotes', quote as Row), ...(notice ? [put('merge_notices', notice as Row)] : [])],
      conflict ? { quote, conflict } : { quote },
    );
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
    if (readOne(ctx, QUOTE_KEY))
      return reject('conflict', `Quote ${shownId(args.id)} already exists`, 'id');
    const copy = duplicateQuote(source, args.id, occurredAt(ctx));
    return succeed([put('quotes', copy as Row)], { quote: copy });
  },
});

/**
 * `quote.delete`: removes a quote that no tax invoice was raised from. A quote with an invoice
 * (and so perhaps a payment) is money on record: it is refused in plain words, and the invoice
 * is cancelled by a credit note instead.
 */
export const quoteDelete = defineMutator({
  name: 'quote.delete',
  argsSchema: z.object({ id: quoteIdArgSchema }),
  reads: (args) => [
    ...readQuote(args.id),
    { key: 'invoices', entity: 'invoices' as const, where: { quoteId: args.id } },
  ],
  apply(ctx, args) {
    const quote = readOne<Quote>(ctx, QUOTE_KEY);
    if (!quote) return reject('not_found', MESSAGES.QUOTE_NOT_FOUND, 'id');
    const invoice = readMany<{ id: string; number?: string | null }>(ctx, 'invoices')[0];
    if (invoice) {
      // Named as people know them: by their numbers.
      const message = MESSAGES.quoteDeleteRefused(documentRef(quote), documentRef(invoice));
      return {
        ...reject('invalid_state', message, 'id'),
        related: { entity: 'invoices', id: invoice.id },
      };
    }
    return succeed([remove('quotes', args.id)]);
  },
});

/**
 * `quote.renew`: a quote past its date is good for `validDays` more from now (14 unless said),
 * still sent; the server emails it again (POST /api/quotes/:id/renew).
 */
export const quoteRenew = defineMutator({
  name: 'quote.renew',
  argsSchema: z.object({
    id: quoteIdArgSchema,
    validDays: z.number().int().min(1).max(365).default(QUOTE_DEFAULTS.validDays),
  }),
  reads: (args) => readQuote(args.id),
  apply(ctx, args) {
    const quote = readOne<Quote>(ctx, QUOTE_KEY);
    if (!quote) return reject('not_found', MESSAGES.QUOTE_NOT_FOUND, 'id');
    if (!isQuoteExpired(quote, occurredAt(ctx)))
      return reject('invalid_state', MESSAGES.QUOTE_NOT_EXPIRED, 'validUntil');
    const renewed: Quote = {
      ...quote,
      validUntil: addDaysIso(occurredAt(ctx), args.validDays),
      updatedAt: ctx.now,
    };
    return succeed([put('quotes', renewed as Row)], { quote: renewed });
  },
});
