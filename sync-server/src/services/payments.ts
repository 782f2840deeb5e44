/**
 * Card payments through Stripe (docs/operations.md).
 *
 * The server creates one PaymentIntent per quote and amount: the intent is stored in
 * `payment_intents` and reused while it can still be paid, and every create carries an
 * idempotency key derived from the quote id and amount, so a double click, a reload of the
 * checkout or two requests racing each other all end with one intent at the provider.
 * STRIPE_API_BASE points the SDK at another host (the tests' local stand-in); keys come only
 * from configuration. Webhook signatures are checked with the configured signing secret.
 */
import Stripe from 'stripe';
import { documentRef, type Quote } from '@pilbara/shared-schema';
import type { Config } from '../config';
import type { Db } from '../db/connection';
import { storeIntent, storedIntents } from '../db/repositories/payment-intents';

/** Currency of every card payment: the business charges in Australian dollars. */
export const PAYMENT_CURRENCY = 'aud';

/** Stripe's smallest AUD charge, in cents. */
export const MIN_CARD_AMOUNT_CENTS = 50;

/** Intent statuses in which the customer can still complete the payment with the same intent. */
const REUSABLE_STATUSES = new Set([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
]);

/** The SDK connection options for an API base URL such as `http://127.0.0.1:4010`. */
export function stripeConnection(apiBase: string | undefined): {
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
} {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  const port = url.port ? Number(url.port) : protocol === 'http' ? 80 : 443;
  return { host: url.hostname, port, protocol };
}

/** A Stripe client for the configured secret key, or null when card payments are not set up. */
export function createStripeClient(config: Config): Stripe | null {
  if (!config.stripe.secretKey) return null;
  return new Stripe(config.stripe.secretKey, {
    ...stripeConnection(config.stripe.apiBase),
    // A failed create is answered to the customer at once; the checkout's retry is the retry.
    maxNetworkRetries: 0,
    telemetry: false,
    timeout: 20_000,
  });
}

/**
 * The idempotency key of the `attempt`-th intent for a quote at an amount. Attempt 0 is the
 * first; a new attempt is needed only after the provider cancelled the previous intent.
 */
export function paymentIdempotencyKey(quoteId: string, amountCents: number, attempt = 0): string {
  return `quote-${quoteId}-${amountCents}${attempt > 0 ? `-${attempt}` : ''}`;
}

/** Why an intent could not be handed out. */
export class PaymentIntentError extends Error {
  override name = 'PaymentIntentError';
  constructor(
    readonly reason: 'already_paid' | 'provider',
    message: string,
  ) {
    super(message);
  }
}

/**
 * Requests being answered per database and quote/amount. Stripe answers a second request with an
 * idempotency key still in flight with 409, so a double click waits for the first request here
 * instead of racing it to the provider.
 */
const inFlight = new WeakMap<Db, Map<string, Promise<ClientSecretResult>>>();

export interface ClientSecretResult {
  clientSecret: string;
  intentId: string;
  /** Whether an intent created earlier was handed out again. */
  reused: boolean;
}

/**
 * The client secret the checkout confirms: the stored intent for this quote and amount while it
 * can still be paid, else a new intent (amount = final price in cents, AUD, quote id in the
 * metadata). Throws {@link PaymentIntentError} when the quote's intent already succeeded or the
 * provider fails.
 */
export async function quoteClientSecret(
  db: Db,
  stripe: Stripe,
  quote: Pick<Quote, 'id' | 'finalPrice'>,
  now: Date,
): Promise<ClientSecretResult> {
  let pending = inFlight.get(db);
  if (!pending) {
    pending = new Map();
    inFlight.set(db, pending);
  }
  const key = `${quote.id}:${quote.finalPrice}`;
  const running = pending.get(key);
  if (running) return { ...(await running), reused: true };
  const work = obtainClientSecret(db, stripe, quote, now);
  pending.set(key, work);
  try {
    return await work;
  } finally {
    pending.delete(key);
  }
}

async function obtainClientSecret(
  db: Db,
  stripe: Stripe,
  quote: Pick<Quote, 'id' | 'finalPrice'>,
  now: Date,
): Promise<ClientSecretResult> {
  const amount = quote.finalPrice;
  const previous = storedIntents(db, quote.id, amount);
  const latest = previous[0];
  if (latest) {
    let status: string;
    try {
      status = (await stripe.paymentIntents.retrieve(latest.id)).status;
    } catch (error) {
      throw new PaymentIntentError('provider', providerMessage(error));
    }
    if (status === 'succeeded') {
      throw new PaymentIntentError('already_paid', 'This quote has already been paid');
    }
    if (REUSABLE_STATUSES.has(status)) {
      return { clientSecret: latest.clientSecret, intentId: latest.id, reused: true };
    }
  }

  const idempotencyKey = paymentIdempotencyKey(quote.id, amount, previous.length);
  let intent: Stripe.PaymentIntent;
  try {
    intent = await stripe.paymentIntents.create(
      {
        amount,
        currency: PAYMENT_CURRENCY,
        // Card and wallets only: nothing that redirects away from the 600×600 checkout window.
        automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
        description: `Quote ${documentRef(quote)}`,
        // No receipt_email: anyone holding the pay link can read the intent through Stripe.js, and
        // quote ids are sequential, so the intent carries no contact details (docs/security.md).
        metadata: { quoteId: quote.id },
      },
      { idempotencyKey },
    );
  } catch (error) {
    throw new PaymentIntentError('provider', providerMessage(error));
  }
  if (!intent.client_secret) {
    throw new PaymentIntentError('provider', 'The card provider returned no client secret');
  }
  storeIntent(db, {
    id: intent.id,
    quoteId: quote.id,
    amount,
    currency: PAYMENT_CURRENCY,
    clientSecret: intent.client_secret,
    idempotencyKey,
    createdAt: now.toISOString(),
  });
  return { clientSecret: intent.client_secret, intentId: intent.id, reused: false };
}

function providerMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Verifies a webhook's `Stripe-Signature` against the raw body and returns the event; throws
 * when the signature is missing, wrong or too old.
 */
export function verifyWebhookEvent(
  rawBody: Buffer | string,
  signature: string | undefined,
  secret: string,
): Stripe.Event {
  if (!signature) throw new Error('Missing Stripe-Signature header');
  return Stripe.webhooks.constructEvent(rawBody, signature, secret);
}
