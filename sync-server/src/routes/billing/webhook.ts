/**
 * POST /api/payments/webhook: Stripe's events, signature-checked against the raw body.
 *
 * `payment_intent.succeeded` settles the quote named in the intent's metadata through the same
 * payment rule staff payments use: the quote is accepted with its tax invoice (or its standing
 * invoice is used) and the card payment recorded against it. Each event is applied once
 * (`stripe_events`), and each intent pays at most once, so Stripe's redeliveries and a second
 * event for the same intent change nothing. A bad signature answers 400 and writes nothing. A
 * payment that does not pay its quote — an intent this server did not create for it, another
 * currency, less than the amount due — settles nothing: it is recorded and flagged for staff
 * (services/card-settlement.ts `judgeCardPayment`), and still acknowledged so Stripe stops retrying.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import { webhookBodySchema, webhookResponseSchema } from '@pilbara/shared-schema';
import { inTransaction } from '../../db/connection';
import { recordStripeEvent } from '../../db/repositories/billing';
import { settleCardPayment, type CardSettlement } from '../../services/card-settlement';
import { verifyWebhookEvent } from '../../services/payments';
import { errorAnswers } from '../../plugins/route-schemas';
import { notifyChanges } from '../../db/change-log';
import { CARD_NOT_SET_UP } from './payments';

/** Stripe events are small; this leaves room without accepting anything abusive. */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

type Handled = CardSettlement | 'duplicate' | 'ignored';

export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  // The signature covers the exact bytes Stripe sent, so this route keeps the body raw.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
    (_request, body, done) => {
      done(null, body);
    },
  );

  const schema = {
    summary: 'The card provider’s events (Stripe-Signature checked against the raw body)',
    description:
      'The body is the provider’s event exactly as sent, in any content type; it is not ' +
      'parsed before its signature is checked.',
    body: webhookBodySchema,
    response: { 200: webhookResponseSchema, ...errorAnswers(400, 503) },
  };
  app.post(
    '/payments/webhook',
    { bodyLimit: WEBHOOK_BODY_LIMIT, schema },
    async (request, reply) => {
      const secret = app.config.stripe.webhookSecret;
      if (!secret) return reply.code(503).send({ error: CARD_NOT_SET_UP });
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['stripe-signature'];
      let event: Stripe.Event;
      try {
        event = verifyWebhookEvent(
          raw,
          typeof signature === 'string' ? signature : undefined,
          secret,
        );
      } catch (error) {
        request.log.warn({ err: error }, 'webhook signature rejected');
        return reply.code(400).send({ error: 'Invalid webhook signature' });
      }

      const now = app.now();
      const handled = inTransaction(app.db, (): Handled => {
        if (!recordStripeEvent(app.db, event.id, event.type, now.toISOString())) return 'duplicate';
        if (event.type !== 'payment_intent.succeeded') return 'ignored';

        const intent = event.data.object as Stripe.PaymentIntent;
        const paidAt = new Date(
          (event.created || Math.floor(now.getTime() / 1000)) * 1000,
        ).toISOString();
        return settleCardPayment(app.db, intent, paidAt, now, 'webhook').result;
      });
      if (handled === 'settled' || handled === 'flagged') notifyChanges(app.db);
      if (handled === 'flagged')
        request.log.error({ eventId: event.id }, 'card payment flagged for staff, not settled');
      return { received: true as const, result: handled };
    },
  );
};
