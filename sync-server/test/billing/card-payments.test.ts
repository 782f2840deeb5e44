import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import type { Invoice, Payment, Quote } from '@pilbara/shared-schema';
import { findRows, getRow } from '../../src/db/rows';
import { applyServerMutation } from '../../src/sync/server-apply';
import { paymentIdempotencyKey, stripeConnection } from '../../src/services/payments';
import { postRaw, snapshotDatabase, type TestApp } from '../helper';
import {
  WEBHOOK_SECRET,
  buildBillingApp,
  changesFor,
  createQuote,
  payCall,
  stripeEnv,
} from './billing-helper';
import { startFakeStripe, type FakeIntent, type FakeStripe } from './fake-stripe';

const NOW = new Date('2026-11-20T02:00:00.000Z');

async function setup(): Promise<{ app: TestApp; fake: FakeStripe }> {
  const fake = await startFakeStripe();
  const app = await buildBillingApp({ now: () => NOW, env: stripeEnv(fake.url, fake.secretKey) });
  return { app, fake };
}

function createIntent(app: TestApp, quoteId: string) {
  return app.inject({ method: 'POST', url: payCall(app, quoteId, 'create-payment-intent') });
}

function succeededEvent(intent: FakeIntent, eventId = 'evt_paid_1') {
  return {
    id: eventId,
    object: 'event',
    api_version: '2025-01-01',
    created: Math.floor(Date.parse('2026-11-20T03:00:00.000Z') / 1000),
    type: 'payment_intent.succeeded',
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object: { ...intent, status: 'succeeded', amount_received: intent.amount } },
  };
}

function postWebhook(
  app: TestApp,
  event: unknown,
  secret = WEBHOOK_SECRET,
  tamper?: (payload: string) => string,
) {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return postRaw(
    app,
    '/api/payments/webhook',
    'application/json; charset=utf-8',
    tamper ? tamper(payload) : payload,
    { 'stripe-signature': signature },
  );
}

describe('stripe connection options', () => {
  it('points the SDK at STRIPE_API_BASE when set', () => {
    expect(stripeConnection('http://127.0.0.1:4010')).toEqual({
      host: '127.0.0.1',
      port: 4010,
      protocol: 'http',
    });
    expect(stripeConnection('https://stripe.internal')).toEqual({
      host: 'stripe.internal',
      port: 443,
      protocol: 'https',
    });
    expect(stripeConnection(undefined)).toEqual({});
    expect(paymentIdempotencyKey('Q-2026-1', 34020)).toBe('quote-Q-2026-1-34020');
    expect(paymentIdempotencyKey('Q-2026-1', 34020, 2)).toBe('quote-Q-2026-1-34020-2');
  });
});

describe('POST /api/quotes/:id/create-payment-intent', () => {
  it('creates one AUD intent for the final price with the quote id in its metadata, for anyone with the link', async () => {
    const { app, fake } = await setup();
    const quote = createQuote(app, {}, 'sent');

    const response = await createIntent(app, quote.id);
    expect(response.statusCode).toBe(200);
    const [intent] = fake.created();
    expect(response.json()).toEqual({ clientSecret: intent?.client_secret });
    expect(intent).toMatchObject({
      amount: 34020,
      currency: 'aud',
      metadata: { quoteId: quote.id },
      description: `Quote ${quote.number}`,
      automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
    });
    // No contact details on an intent anyone with the link can read.
    expect(intent?.receipt_email).toBeNull();
    const create = fake.requests.find((request) => request.method === 'POST');
    expect(create?.idempotencyKey).toBe(`quote-${quote.id}-34020`);
  });

  it('gives a double click one intent, and a later reload the same open intent', async () => {
    const { app, fake } = await setup();
    const quote = createQuote(app, {}, 'accepted');
    // The first create is still in flight at the provider when the second click arrives.
    fake.createDelayMs = 300;

    const [first, second] = await Promise.all([
      createIntent(app, quote.id),
      createIntent(app, quote.id),
    ]);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json().clientSecret).toBe(first.json().clientSecret);
    expect(fake.created()).toHaveLength(1);

    expect(fake.requests.filter((request) => request.method === 'POST')).toHaveLength(1);

    const reload = await createIntent(app, quote.id);
    expect(reload.json().clientSecret).toBe(first.json().clientSecret);
    expect(fake.created()).toHaveLength(1);
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: `/v1/payment_intents/${fake.created()[0]?.id}`,
    });
    expect(app.db.prepare('SELECT count(*) AS n FROM payment_intents').get()).toEqual({ n: 1 });
  });

  it('creates a fresh intent (new key) once the provider cancelled the old one', async () => {
    const { app, fake } = await setup();
    const quote = createQuote(app, {}, 'sent');
    const first = await createIntent(app, quote.id);
    fake.setStatus(fake.created()[0]?.id ?? '', 'canceled');
    const second = await createIntent(app, quote.id);
    expect(second.statusCode).toBe(200);
    expect(second.json().clientSecret).not.toBe(first.json().clientSecret);
    expect(fake.created()).toHaveLength(2);
    expect(fake.requests.filter((r) => r.method === 'POST').map((r) => r.idempotencyKey)).toEqual([
      `quote-${quote.id}-34020`,
      `quote-${quote.id}-34020-1`,
    ]);
  });

  it('refuses drafts (409), unknown quotes (404) and answers 502 when the provider fails', async () => {
    const { app, fake } = await setup();
    const draft = createQuote(app);
    const refused = await createIntent(app, draft.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: 'Only sent or accepted quotes can be paid' });

    const unknown = await createIntent(app, 'Q-2026-999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'Quote not found' });

    const sent = createQuote(app, {}, 'sent');
    fake.failNext();
    const failed = await createIntent(app, sent.id);
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toEqual({ error: 'Unable to setup payment. Please try again.' });
    expect(fake.created()).toHaveLength(0);
  });

  it("answers 503 'Card payment is not set up' without keys", async () => {
    const app = await buildBillingApp();
    const quote = createQuote(app, {}, 'sent');
    const response = await createIntent(app, quote.id);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ error: 'Card payment is not set up' });
  });
});

describe('POST /api/payments/webhook', () => {
  it('accepts the quote and writes one paid invoice for a correctly signed payment_intent.succeeded', async () => {
    const { app, fake } = await setup();
    const quote = createQuote(app, {}, 'sent');
    await createIntent(app, quote.id);
    const intent = fake.created()[0] as FakeIntent;
    fake.setStatus(intent.id, 'succeeded');

    const response = await postWebhook(app, succeededEvent(intent));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, result: 'settled' });

    const stored = getRow<Quote>(app.db, 'quotes', quote.id);
    expect(stored?.status).toBe('accepted');
    const invoices = findRows<Invoice>(app.db, 'invoices');
    expect(invoices).toEqual([
      expect.objectContaining({
        // Keyed by the server's key, numbered 1 in the invoice series.
        id: 'INV-2026-P1',
        number: 'INV-2026-1',
        jobId: null,
        quoteId: quote.id,
        customerName: 'Jordan Reid',
        customerEmail: 'jordan@example.com',
        customerPhone: '0411 222 333',
        amount: 34020,
        gst: 3093,
        amountPaid: 34020,
        status: 'paid',
        lineItems: quote.items,
        dueDate: '2026-11-20',
        paidAt: '2026-11-20T03:00:00.000Z',
        createdAt: NOW.toISOString(),
      }),
    ]);
    // The card payment went through the shared payment rule: one payment row naming its intent.
    expect(findRows<Payment>(app.db, 'payments')).toEqual([
      expect.objectContaining({
        invoiceId: 'INV-2026-P1',
        amount: 34020,
        method: 'card',
        stripePaymentIntentId: intent.id,
        paidAt: '2026-11-20T03:00:00.000Z',
        recordedBy: null,
        flag: null,
      }),
    ]);
    // Every write is in the change log, so staff devices pull them.
    expect(JSON.parse(changesFor(app, 'quotes', quote.id).at(-1)?.data ?? '{}')).toMatchObject({
      status: 'accepted',
    });
    expect(
      JSON.parse(changesFor(app, 'invoices', 'INV-2026-P1').at(-1)?.data ?? '{}'),
    ).toMatchObject({ status: 'paid' });
    expect(changesFor(app, 'payments', 1)).toHaveLength(1);

    // Paid: the checkout link no longer creates intents.
    const again = await createIntent(app, quote.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'This quote has already been paid' });
  });

  it('applies a replayed event, or a second event for the same intent, only once', async () => {
    const { app, fake } = await setup();
    const quote = createQuote(app, {}, 'sent');
    await createIntent(app, quote.id);
    const intent = fake.created()[0] as FakeIntent;

    expect((await postWebhook(app, succeededEvent(intent))).json().result).toBe('settled');
    const afterFirst = snapshotDatabase(app);
    const replay = await postWebhook(app, succeededEvent(intent));
    expect(replay.statusCode).toBe(200);
    expect(replay.json().result).toBe('duplicate');
    expect(snapshotDatabase(app)).toEqual(afterFirst);

    const sameIntent = await postWebhook(app, succeededEvent(intent, 'evt_paid_2'));
    expect(sameIntent.statusCode).toBe(200);
    expect(sameIntent.json().result).toBe('already_recorded');
    expect(findRows(app.db, 'invoices')).toHaveLength(1);
    expect(findRows(app.db, 'payments')).toHaveLength(1);
    expect(getRow<Quote>(app.db, 'quotes', quote.id)?.status).toBe('accepted');
  });

  it('answers 400 and changes nothing for a bad, tampered or missing signature', async () => {
    const { app, fake } = await setup();
    const quote = createQuote(app, {}, 'sent');
    await createIntent(app, quote.id);
    const intent = fake.created()[0] as FakeIntent;
    const before = snapshotDatabase(app);

    const wrongSecret = await postWebhook(app, succeededEvent(intent), 'whsec_someone_else');
    expect(wrongSecret.statusCode).toBe(400);
    expect(wrongSecret.json()).toEqual({ error: 'Invalid webhook signature' });

    const tampered = await postWebhook(app, succeededEvent(intent), WEBHOOK_SECRET, (payload) =>
      payload.replace('"amount":34020', '"amount":100'),
    );
    expect(tampered.statusCode).toBe(400);

    const unsigned = await postRaw(
      app,
      '/api/payments/webhook',
      'application/json',
      JSON.stringify(succeededEvent(intent)),
    );
    expect(unsigned.statusCode).toBe(400);

    expect(snapshotDatabase(app)).toEqual(before);
    expect(getRow<Quote>(app.db, 'quotes', quote.id)?.status).toBe('sent');
  });

  it('invoices a payment for a quote rejected after its intent was created, leaving it rejected', async () => {
    const { app, fake } = await setup();
    const quote = createQuote(app, {}, 'sent');
    await createIntent(app, quote.id);
    applyServerMutation(
      app.db,
      'quote.setStatus',
      { id: quote.id, status: 'rejected' },
      1,
      NOW.toISOString(),
    );
    const intent = fake.created()[0] as FakeIntent;
    const response = await postWebhook(app, succeededEvent(intent));
    expect(response.json().result).toBe('settled');
    expect(getRow<Quote>(app.db, 'quotes', quote.id)?.status).toBe('rejected');
    expect(
      findRows<Invoice>(app.db, 'invoices').map((invoice) => [invoice.status, invoice.amount]),
    ).toEqual([['paid', 34020]]);
  });

  it('acknowledges a payment naming another quote, flags it for staff and marks nothing paid', async () => {
    const { app, fake } = await setup();
    const quote = createQuote(app, {}, 'sent');
    await createIntent(app, quote.id);
    const intent = { ...(fake.created()[0] as FakeIntent), metadata: { quoteId: 'Q-2026-404' } };
    const response = await postWebhook(app, succeededEvent(intent));
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toBe('flagged');
    expect(findRows(app.db, 'invoices')).toHaveLength(0);
    expect(app.db.prepare('SELECT reason FROM payment_reviews').all()).toEqual([
      { reason: 'quote_mismatch' },
    ]);
  });

  it('acknowledges other event types without writing an invoice', async () => {
    const { app, fake } = await setup();
    const quote = createQuote(app, {}, 'sent');
    await createIntent(app, quote.id);
    const intent = fake.created()[0] as FakeIntent;
    const failed = {
      ...succeededEvent(intent, 'evt_failed_1'),
      type: 'payment_intent.payment_failed',
    };
    const response = await postWebhook(app, failed);
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toBe('ignored');
    expect(findRows(app.db, 'invoices')).toHaveLength(0);
    expect(getRow<Quote>(app.db, 'quotes', quote.id)?.status).toBe('sent');
  });

  it('answers 503 when no webhook secret is configured', async () => {
    const app = await buildBillingApp();
    const response = await postRaw(app, '/api/payments/webhook', 'application/json', '{}', {
      'stripe-signature': 't=1,v1=abc',
    });
    expect(response.statusCode).toBe(503);
  });
});

describe('POST /api/quotes/:id/confirm-payment', () => {
  it('settles the quote once the provider says its intent succeeded, and the late webhook adds nothing', async () => {
    const { app, fake } = await setup();
    const quote = createQuote(app, {}, 'sent');
    const confirm = () =>
      app.inject({ method: 'POST', url: payCall(app, quote.id, 'confirm-payment') });

    expect((await confirm()).json()).toEqual({ paid: false, quoteStatus: 'sent' });
    await createIntent(app, quote.id);
    expect((await confirm()).json()).toEqual({ paid: false, quoteStatus: 'sent' });
    expect(findRows(app.db, 'invoices')).toHaveLength(0);

    const intent = fake.created()[0] as FakeIntent;
    fake.setStatus(intent.id, 'succeeded');
    const paid = await confirm();
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toEqual({ paid: true, quoteStatus: 'accepted' });
    expect(
      findRows<Payment>(app.db, 'payments').map((payment) => payment.stripePaymentIntentId),
    ).toEqual([intent.id]);

    const late = await postWebhook(app, succeededEvent(intent));
    expect(late.json().result).toBe('already_recorded');
    expect((await confirm()).json()).toEqual({ paid: true, quoteStatus: 'accepted' });
    expect(findRows(app.db, 'invoices')).toHaveLength(1);
  });

  it('answers 404 for an unknown quote and 502 when the provider cannot be asked', async () => {
    const { app, fake } = await setup();
    expect(
      (await app.inject({ method: 'POST', url: payCall(app, 'Q-2026-404', 'confirm-payment') }))
        .statusCode,
    ).toBe(404);
    const quote = createQuote(app, {}, 'sent');
    await createIntent(app, quote.id);
    fake.failNext();
    const failed = await app.inject({
      method: 'POST',
      url: payCall(app, quote.id, 'confirm-payment'),
    });
    expect(failed.statusCode).toBe(502);
    expect(findRows(app.db, 'invoices')).toHaveLength(0);
  });
});
