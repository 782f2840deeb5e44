/**
 * Paying a quote.
 *
 * - POST /api/quotes/:id/create-payment-intent (public: the customer pays from the emailed
 *   link): the client secret of a PaymentIntent for what is owed (the quote's price, or the
 *   balance of its invoice after part payments), for sent or accepted quotes only.
 * - POST /api/quotes/:id/confirm-payment (public): asks the provider about the quote's latest
 *   intent and settles it when it succeeded, so the checkout's success page does not depend on
 *   the webhook arriving first (or at all, on a server Stripe cannot reach). Nothing the browser
 *   says is trusted: only the provider's answer, fetched with the secret key, settles anything.
 * Both public calls need the quote's pay-link token (`?token=` or `{token}` in the body, as the
 * checkout sends it), or a signed-in admin (the quotes manager's Pay Now); without it they answer
 * 404 exactly as for a quote that does not exist, so nobody learns a quote's status or amount by
 * counting quote ids.
 * - POST /api/quotes/:id/record-payment (admins): a cash, card-on-site or bank-transfer payment
 *   taken outside the checkout, in full by default: the quote is accepted with its tax invoice
 *   (or its standing invoice is used) and the payment recorded by `invoice.recordPayment`, as
 *   one unit through the staff write path. Answers the quote and its invoice.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type Stripe from 'stripe';
import {
  MESSAGES,
  balanceDue,
  canPayQuote,
  recordPaymentInputSchema,
  type Invoice,
  type Quote,
} from '@pilbara/shared-schema';
import { cardPaymentsEnabled } from '../../config';
import { getRow } from '../../db/rows';
import { mintIntegerId, mintTextId } from '../../db/id-series';
import { liveInvoiceOfQuote, quoteIsPaid, settleCardPayment } from '../../db/repositories/billing';
import { storedPayLinkToken } from '../../db/repositories/pay-links';
import { requireAdmin } from '../../plugins/auth';
import { badRequest, conflict, notFound } from '../../plugins/errors';
import { sameToken } from '../../services/tokens';
import { parse } from '../../plugins/validation';
import {
  MIN_CARD_AMOUNT_CENTS,
  PaymentIntentError,
  latestIntentForQuote,
  quoteClientSecret,
} from '../../services/payments';
import { notifyChanges } from '../../sync/change-log';
import type { NamedMutation } from '@pilbara/shared-schema';
import { mutate } from '../staff/mutate';
import { quoteFromParams } from './common';

/** Answer when no card keys are configured. */
export const CARD_NOT_SET_UP = 'Card payment is not set up';
/** Answer when a quote already has a paid invoice. */
export const QUOTE_ALREADY_PAID = 'This quote has already been paid';

export interface PaymentRoutesOptions {
  /** The configured Stripe client, or null without keys. */
  stripe: Stripe | null;
}

/** The pay-link token a request carries, in its query or its JSON body. */
function givenPayToken(request: FastifyRequest): string | undefined {
  const fromQuery = (request.query as { token?: unknown } | undefined)?.token;
  const fromBody = (request.body as { token?: unknown } | undefined)?.token;
  const token = typeof fromBody === 'string' ? fromBody : fromQuery;
  return typeof token === 'string' && token.length <= 64 ? token : undefined;
}

export const paymentRoutes: FastifyPluginAsync<PaymentRoutesOptions> = async (app, options) => {
  const { stripe } = options;

  /** The quote, when the caller holds its pay link (or is an admin); else 404. */
  function payableQuote(request: FastifyRequest): Quote {
    const quote = quoteFromParams(app, request.params);
    if (request.user?.role === 'admin') return quote;
    const token = givenPayToken(request);
    if (!token || !sameToken(token, storedPayLinkToken(app.db, quote.id))) {
      throw notFound(MESSAGES.QUOTE_NOT_FOUND);
    }
    return quote;
  }

  app.post(
    '/quotes/:id/create-payment-intent',
    { config: { rateLimit: app.limits.lookup } },
    async (request, reply) => {
      const quote = payableQuote(request);
      if (!stripe || !cardPaymentsEnabled(app.config)) {
        return reply.code(503).send({ error: CARD_NOT_SET_UP });
      }
      if (!canPayQuote(quote.status)) throw conflict(MESSAGES.QUOTE_NOT_PAYABLE);
      if (quoteIsPaid(app.db, quote.id)) throw conflict(QUOTE_ALREADY_PAID);
      const invoice = liveInvoiceOfQuote(app.db, quote.id);
      const owed = invoice ? balanceDue(invoice) : quote.finalPrice;
      if (owed < MIN_CARD_AMOUNT_CENTS) {
        throw badRequest('This quote is below the smallest amount that can be paid by card');
      }
      try {
        const { clientSecret } = await quoteClientSecret(
          app.db,
          stripe,
          { id: quote.id, finalPrice: owed },
          app.now(),
        );
        return { clientSecret };
      } catch (error) {
        if (error instanceof PaymentIntentError && error.reason === 'already_paid') {
          throw conflict(QUOTE_ALREADY_PAID);
        }
        request.log.error({ err: error, quoteId: quote.id }, 'payment intent not created');
        return reply.code(502).send({ error: MESSAGES.PAYMENT_SETUP_FAILED_DESCRIPTION });
      }
    },
  );

  app.post(
    '/quotes/:id/confirm-payment',
    { config: { rateLimit: app.limits.lookup } },
    async (request, reply) => {
      const quote = payableQuote(request);
      const answer = (paid: boolean) => ({
        paid,
        quoteStatus: getRow<Quote>(app.db, 'quotes', quote.id)?.status ?? quote.status,
      });
      if (quoteIsPaid(app.db, quote.id)) return answer(true);
      const stored = latestIntentForQuote(app.db, quote.id);
      if (!stripe || !stored) return answer(false);
      let intent: Stripe.PaymentIntent;
      try {
        intent = await stripe.paymentIntents.retrieve(stored.id);
      } catch (error) {
        request.log.error({ err: error, quoteId: quote.id }, 'payment status not available');
        return reply.code(502).send({ error: 'Unable to check the payment. Please try again.' });
      }
      if (intent.status !== 'succeeded') return answer(false);
      const now = app.now();
      const settled = app.db.transaction(() =>
        settleCardPayment(app.db, intent, now.toISOString(), now, 'confirm'),
      )();
      if (settled.result !== 'already_recorded') notifyChanges(app.db);
      if (settled.result === 'flagged') {
        request.log.error({ intentId: intent.id, quoteId: quote.id }, 'card payment flagged');
        return answer(false);
      }
      return answer(quoteIsPaid(app.db, quote.id));
    },
  );

  app.post('/quotes/:id/record-payment', { onRequest: requireAdmin }, async (request, reply) => {
    const quote = quoteFromParams(app, request.params);
    const input = parse(recordPaymentInputSchema, request.body);
    if (!canPayQuote(quote.status)) throw conflict(MESSAGES.QUOTE_NOT_PAYABLE);
    if (quoteIsPaid(app.db, quote.id)) throw conflict(QUOTE_ALREADY_PAID);
    const result = mutate<{ invoice: Invoice }>(app, request, () => {
      const standing = liveInvoiceOfQuote(app.db, quote.id);
      const invoiceId = standing?.id ?? input.invoiceId ?? mintTextId(app.db, 'INV', app.now());
      const steps: NamedMutation[] = [];
      if (quote.status === 'sent')
        steps.push({ name: 'quote.accept', args: { id: quote.id, invoiceId } });
      else if (!standing)
        steps.push({ name: 'invoice.raise', args: { id: invoiceId, quoteId: quote.id } });
      steps.push({
        name: 'invoice.recordPayment',
        args: {
          invoiceId,
          paymentId: mintIntegerId(app.db, 'payments'),
          method: input.method,
          amount: input.amount ?? (standing ? balanceDue(standing) : quote.finalPrice),
          reference: input.reference,
          paidAt: input.paidAt,
        },
      });
      return steps;
    });
    return reply.code(201).send({
      quote: getRow<Quote>(app.db, 'quotes', quote.id) ?? quote,
      invoice: result.invoice,
    });
  });
};
