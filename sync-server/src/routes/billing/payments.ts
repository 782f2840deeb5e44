/**
 * Paying a quote.
 *
 * - GET /api/quotes/:id/pay-status (public, with the pay link): what the pay page shows first,
 *   whether the quote has expired among it.
 * - POST /api/quotes/:id/create-payment-intent (public: the customer pays from the emailed
 *   link): the client secret of a PaymentIntent for what is owed (the quote's price, or the
 *   balance of its invoice after part payments), for sent or accepted quotes only, and never
 *   for a sent quote past its date (409 saying so, with the phone to call).
 * - GET /api/quotes/:id/pay-summary (public): what the pay page shows first — the number to pay
 *   against (the invoice's once raised, else the quote's), the amount still owed and whether card
 *   payment is set up — so a customer can always pay by transfer, card form or not.
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
 *   one unit through the staff write path. Answers the quote and its invoice. An expired quote
 *   is refused here too, until staff renew it.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import {
  formatDate,
  MESSAGES,
  balanceDue,
  canPayQuote,
  isQuoteExpired,
  quotePayStatusResponseSchema,
  confirmPaymentResponseSchema,
  documentRef,
  paySummaryResponseSchema,
  type PaySummary,
  createPaymentIntentResponseSchema,
  payLinkTokenSchema,
  quoteIdParamsSchema,
  recordPaymentInputSchema,
  recordPaymentResponseSchema,
  type Invoice,
  type NamedMutation,
  type Quote,
} from '@pilbara/shared-schema';
import { cardPaymentsEnabled } from '../../config';
import { inTransaction } from '../../db/connection';
import { getRow } from '../../db/rows';
import { mintIntegerId, mintTextId } from '../../db/id-series';
import { liveInvoiceOfQuote, quoteIsPaid } from '../../db/repositories/billing';
import { latestIntentForQuote } from '../../db/repositories/payment-intents';
import { settleCardPayment } from '../../services/card-settlement';
import { payLinkToken } from '../../db/repositories/pay-links';
import { requireAdmin } from '../../plugins/auth';
import { badRequest, conflict, notFound } from '../../http-error';
import { errorAnswers } from '../../plugins/route-schemas';
import { sameToken } from '../../db/tokens';
import {
  MIN_CARD_AMOUNT_CENTS,
  PaymentIntentError,
  quoteClientSecret,
} from '../../services/payments';
import { notifyChanges } from '../../db/change-log';
import { mutate } from '../staff/mutate';
import { QUOTE_NOT_FOUND, quoteById } from './common';

/** Answer when no card keys are configured. */
export const CARD_NOT_SET_UP = 'Card payment is not set up';
/** Answer when a quote already has a paid invoice. */
const QUOTE_ALREADY_PAID = 'This quote has already been paid';

export interface PaymentRoutesOptions {
  /** The configured Stripe client, or null without keys. */
  stripe: Stripe | null;
}

/** What a pay call is given: the quote id, and the pay-link token in the query or the body. */
interface PayRequest {
  params: { id: string };
  query: { token?: string | undefined };
  body: { token?: string | undefined };
  user: { role: string } | null;
}

/** The pay-link token a request carries (the body's first), if it has the form of one. */
function givenPayToken(request: PayRequest): string | undefined {
  const token = request.body.token ?? request.query.token;
  return token !== undefined && token.length <= 64 ? token : undefined;
}

/** The public pay calls' parts: the quote id, and the pay link's token in the query or the body. */
const PAY_CALL = {
  params: quoteIdParamsSchema,
  querystring: payLinkTokenSchema,
  body: payLinkTokenSchema,
};

export const paymentRoutes: FastifyPluginAsyncZod<PaymentRoutesOptions> = async (app, options) => {
  const { stripe } = options;

  /**
   * Refuses paying a quote past its date (409), saying when it expired and which number to call:
   * the price no longer holds until staff renew it.
   */
  function refuseExpired(quote: Quote): void {
    if (!isQuoteExpired(quote, app.now())) return;
    throw conflict(
      MESSAGES.quoteExpired(
        formatDate(quote.validUntil ?? app.now()),
        app.profile.owners[0]?.phone ?? '',
      ),
    );
  }

  /** The quote, when the caller holds its pay link (or is an admin); else 404. */
  function payableQuote(request: PayRequest): Quote {
    const quote = quoteById(app, request.params.id);
    if (request.user?.role === 'admin') return quote;
    const token = givenPayToken(request);
    if (!token || !sameToken(token, payLinkToken(app.db, app.payLinkKey, quote.id))) {
      throw notFound(MESSAGES.QUOTE_NOT_FOUND);
    }
    return quote;
  }

  const statusSchema = {
    summary: 'What the pay page shows first: the quote, whether it expired, what is owed',
    params: quoteIdParamsSchema,
    querystring: payLinkTokenSchema,
    response: { 200: quotePayStatusResponseSchema, ...errorAnswers(404, 429) },
  };
  app.get(
    '/quotes/:id/pay-status',
    { schema: statusSchema, config: { rateLimit: app.limits.lookup, ...QUOTE_NOT_FOUND } },
    async (request, reply) => {
      const quote = payableQuote({
        params: request.params,
        query: request.query,
        body: {},
        user: request.user,
      });
      const invoice = liveInvoiceOfQuote(app.db, quote.id);
      reply.header('Cache-Control', 'no-store');
      return {
        number: quote.number ?? null,
        status: quote.status,
        expired: isQuoteExpired(quote, app.now()),
        validUntil: quote.validUntil ?? null,
        amountDue: quoteIsPaid(app.db, quote.id)
          ? 0
          : invoice
            ? balanceDue(invoice)
            : quote.finalPrice,
      };
    },
  );

  const intentSchema = {
    summary: 'Start a card payment of what the quote owes (pay-link holders and admins)',
    ...PAY_CALL,
    response: {
      200: createPaymentIntentResponseSchema,
      ...errorAnswers(400, 404, 409, 429, 502, 503),
    },
  };
  app.post(
    '/quotes/:id/create-payment-intent',
    {
      schema: intentSchema,
      config: { rateLimit: app.limits.lookup, ...QUOTE_NOT_FOUND },
    },
    async (request, reply) => {
      const quote = payableQuote(request);
      if (!stripe || !cardPaymentsEnabled(app.config)) {
        return reply.code(503).send({ error: CARD_NOT_SET_UP });
      }
      if (!canPayQuote(quote.status)) throw conflict(MESSAGES.QUOTE_NOT_PAYABLE);
      if (quoteIsPaid(app.db, quote.id)) throw conflict(QUOTE_ALREADY_PAID);
      refuseExpired(quote);
      const invoice = liveInvoiceOfQuote(app.db, quote.id);
      const owed = invoice ? balanceDue(invoice) : quote.finalPrice;
      if (owed < MIN_CARD_AMOUNT_CENTS) {
        throw badRequest('This quote is below the smallest amount that can be paid by card');
      }
      try {
        const { clientSecret } = await quoteClientSecret(
          app.db,
          stripe,
          { id: quote.id, number: quote.number, finalPrice: owed },
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

  const summarySchema = {
    summary: 'What the quote owes and the number to pay against (pay-link holders and admins)',
    params: quoteIdParamsSchema,
    querystring: payLinkTokenSchema,
    response: { 200: paySummaryResponseSchema, ...errorAnswers(400, 404, 429) },
  };
  app.get(
    '/quotes/:id/pay-summary',
    { schema: summarySchema, config: { rateLimit: app.limits.lookup, ...QUOTE_NOT_FOUND } },
    async (request, reply): Promise<PaySummary> => {
      const quote = payableQuote({ ...request, body: {} });
      reply.header('Cache-Control', 'no-store');
      const invoice = liveInvoiceOfQuote(app.db, quote.id);
      const paid = quoteIsPaid(app.db, quote.id);
      const owed = paid ? 0 : invoice ? Math.max(0, balanceDue(invoice)) : quote.finalPrice;
      const expired = isQuoteExpired(quote, app.now());
      return {
        kind: invoice ? 'invoice' : 'quote',
        reference: documentRef(invoice ?? quote),
        customerName: quote.customerName,
        service: quote.service ?? null,
        totalCents: invoice ? invoice.amount : quote.finalPrice,
        amountDueCents: owed,
        state:
          paid || (invoice && owed === 0)
            ? 'paid'
            : canPayQuote(quote.status) && !expired
              ? 'payable'
              : 'not-payable',
        expired,
        validUntil: quote.validUntil ?? null,
        cardPayments: Boolean(stripe) && cardPaymentsEnabled(app.config),
      };
    },
  );

  const confirmSchema = {
    summary: 'Ask the card provider whether the payment went through, and settle it',
    ...PAY_CALL,
    response: { 200: confirmPaymentResponseSchema, ...errorAnswers(400, 404, 429, 502) },
  };
  app.post(
    '/quotes/:id/confirm-payment',
    {
      schema: confirmSchema,
      config: { rateLimit: app.limits.lookup, ...QUOTE_NOT_FOUND },
    },
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
      const settled = inTransaction(app.db, () =>
        settleCardPayment(app.db, intent, now.toISOString(), now, 'confirm'),
      );
      if (settled.result !== 'already_recorded') notifyChanges(app.db);
      if (settled.result === 'flagged') {
        request.log.error({ intentId: intent.id, quoteId: quote.id }, 'card payment flagged');
        return answer(false);
      }
      return answer(quoteIsPaid(app.db, quote.id));
    },
  );

  const recordSchema = {
    summary: 'Record a cash, card-on-site or bank payment of a quote (admins)',
    tags: ['staff'],
    security: [{ session: [] }],
    params: quoteIdParamsSchema,
    body: recordPaymentInputSchema,
    response: {
      201: recordPaymentResponseSchema,
      ...errorAnswers(400, 401, 403, 404, 409),
    },
  };
  app.post(
    '/quotes/:id/record-payment',
    { onRequest: requireAdmin, schema: recordSchema, config: QUOTE_NOT_FOUND },
    async (request, reply) => {
      const quote = quoteById(app, request.params.id);
      const input = request.body;
      if (!canPayQuote(quote.status)) throw conflict(MESSAGES.QUOTE_NOT_PAYABLE);
      if (quoteIsPaid(app.db, quote.id)) throw conflict(QUOTE_ALREADY_PAID);
      refuseExpired(quote);
      const result = mutate<{ invoice: Invoice }>(app, request, () => {
        const standing = liveInvoiceOfQuote(app.db, quote.id);
        const invoiceId = standing?.id ?? input.invoiceId ?? mintTextId(app.db, 'INV', app.now());
        const steps: NamedMutation[] = [];
        const accountId = quote.accountId ?? null;
        if (quote.status === 'sent')
          steps.push({
            name: 'quote.accept',
            args: { id: quote.id, invoiceId, accountId, jobId: quote.jobId ?? null },
          });
        else if (!standing)
          steps.push({
            name: 'invoice.raise',
            args: { id: invoiceId, quoteId: quote.id, accountId },
          });
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
    },
  );
};
