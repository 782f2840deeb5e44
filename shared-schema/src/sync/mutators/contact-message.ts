/**
 * Contact messages in the admin panel: marked handled (or new again), a staff member's emailed
 * reply recorded with the message (the server sends it and records how it went), and a quote
 * request turned into a prefilled draft quote, linked to the message. All offline but the reply,
 * which the server must send. An owner's answer to a review is recorded the same way.
 */
import { z } from 'zod';
import { MESSAGES } from '../../messages';
import { CONTACT_MESSAGE_STATUSES, type EmailRecord } from '../../entities/email-record';
import type { Feedback } from '../../entities/feedback';
import { draftQuoteFromRequest } from '../../api/contact-message-rules';
import { perthDate } from '../../rules/dates';
import { defineMutator, occurredAt, put, readOne, reject, succeed } from '../mutator';
import type { MutationContext, Row } from '../mutator';
import { priceListReads, pricesFor } from './account';
import { leasedIdSchema, textIdSchema } from './common';
import { buildQuote, quoteInputSchema } from './deps';

const readMessage = (args: { id: number }) => [
  { key: 'message', entity: 'emails' as const, id: args.id },
];

function handled(message: EmailRecord, ctx: MutationContext): EmailRecord {
  return {
    ...message,
    status: 'handled',
    handledBy: ctx.actor?.name || 'Staff',
    handledAt: occurredAt(ctx),
  };
}

/** `contactMessage.setStatus`: handled, or back to new. */
export const contactMessageSetStatus = defineMutator({
  name: 'contactMessage.setStatus',
  argsSchema: z.object({ id: leasedIdSchema, status: z.enum(CONTACT_MESSAGE_STATUSES) }),
  reads: readMessage,
  apply(ctx, args) {
    const message = readOne<EmailRecord>(ctx, 'message');
    if (!message) return reject('not_found', MESSAGES.MESSAGE_NOT_FOUND, 'id');
    const updated: EmailRecord =
      args.status === 'handled'
        ? handled(message, ctx)
        : { ...message, status: 'new', handledBy: null, handledAt: null };
    return succeed([put('emails', updated as Row)], { message: updated });
  },
});

/**
 * `contactMessage.recordReply`: the server's record of a reply it emailed (or failed to), kept
 * with the message; a sent reply marks the message handled.
 */
export const contactMessageRecordReply = defineMutator({
  name: 'contactMessage.recordReply',
  argsSchema: z.object({
    id: leasedIdSchema,
    reply: z.object({
      id: z.string().min(1).max(40),
      text: z.string().min(1).max(5000),
      status: z.enum(['sent', 'failed']),
      error: z.string().max(500).nullable(),
    }),
  }),
  reads: readMessage,
  apply(ctx, args) {
    const message = readOne<EmailRecord>(ctx, 'message');
    if (!message) return reject('not_found', MESSAGES.MESSAGE_NOT_FOUND, 'id');
    const reply = { ...args.reply, at: occurredAt(ctx), by: ctx.actor?.name || 'Staff' };
    const replies = [...(message.replies ?? []), reply];
    const base = args.reply.status === 'sent' ? handled(message, ctx) : message;
    const updated: EmailRecord = { ...base, replies };
    return succeed([put('emails', updated as Row)], { message: updated, reply });
  },
});

/**
 * `contactMessage.draftQuote`: a quote request becomes a prefilled draft quote (the customer,
 * vehicle, route, service and their words, one line at the catalogue price), linked to the
 * message, which is then handled. The quote id comes from the device's lease.
 */
export const contactMessageDraftQuote = defineMutator({
  name: 'contactMessage.draftQuote',
  argsSchema: z.object({ id: leasedIdSchema, quoteId: textIdSchema('Q') }),
  reads: (args) => [
    ...readMessage(args),
    { key: 'quote', entity: 'quotes' as const, id: args.quoteId },
    ...priceListReads,
  ],
  apply(ctx, args) {
    const message = readOne<EmailRecord>(ctx, 'message');
    if (!message) return reject('not_found', MESSAGES.MESSAGE_NOT_FOUND, 'id');
    if (message.quoteId)
      return reject('invalid_state', MESSAGES.QUOTE_ALREADY_DRAFTED(message.quoteId), 'id');
    if (readOne(ctx, 'quote'))
      return reject('conflict', `Quote ${args.quoteId} already exists`, 'quoteId');
    const prices = pricesFor(ctx, null, perthDate(occurredAt(ctx)));
    const input = quoteInputSchema.safeParse(draftQuoteFromRequest(message, prices));
    if (!input.success) return reject('invalid_state', MESSAGES.QUOTE_REQUEST_INCOMPLETE, 'id');
    const quote = buildQuote(input.data, { id: args.quoteId, now: occurredAt(ctx) });
    quote.updatedAt = ctx.now;
    const updated: EmailRecord = { ...handled(message, ctx), quoteId: args.quoteId };
    return succeed([put('quotes', quote as Row), put('emails', updated as Row)], {
      message: updated,
      quote,
    });
  },
});

/**
 * `feedback.recordReply`: the server's record of an owner's emailed answer to a review (sent, or
 * failed with why), kept with the review.
 */
export const feedbackRecordReply = defineMutator({
  name: 'feedback.recordReply',
  argsSchema: z.object({
    id: leasedIdSchema,
    reply: z.object({
      id: z.string().min(1).max(40),
      text: z.string().min(1).max(5000),
      status: z.enum(['sent', 'failed']),
      error: z.string().max(500).nullable(),
    }),
  }),
  reads: (args) => [{ key: 'review', entity: 'feedback' as const, id: args.id }],
  apply(ctx, args) {
    const review = readOne<Feedback>(ctx, 'review');
    if (!review) return reject('not_found', MESSAGES.REVIEW_NOT_FOUND, 'id');
    const reply = { ...args.reply, at: occurredAt(ctx), by: ctx.actor?.name || 'Staff' };
    const updated: Feedback = { ...review, replies: [...(review.replies ?? []), reply] };
    return succeed([put('feedback', updated as Row)], { review: updated, reply });
  },
});
