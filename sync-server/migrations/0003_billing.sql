-- Billing bookkeeping (docs/operations.md): card payment intents per quote, Stripe webhook events seen,
-- and how each paid invoice was paid. These are server tables, not synced entities: the
-- `invoices` row itself keeps exactly the entity's fields.

-- One row per PaymentIntent created for a quote, so a second click (or a reload of the checkout)
-- reuses the open intent instead of creating another, and a webhook can be traced to its quote.
CREATE TABLE payment_intents (
  id TEXT PRIMARY KEY,
  quoteId TEXT NOT NULL,
  amount INTEGER NOT NULL,
  currency TEXT NOT NULL,
  clientSecret TEXT NOT NULL,
  idempotencyKey TEXT NOT NULL UNIQUE,
  createdAt TEXT NOT NULL
);
CREATE INDEX payment_intents_quote ON payment_intents (quoteId, amount);

-- Every webhook event applied, so a redelivered event (Stripe retries until it gets a 2xx) is
-- answered without being applied twice.
CREATE TABLE stripe_events (
  id TEXT PRIMARY KEY,
  type TEXT NOT NULL,
  receivedAt TEXT NOT NULL
);

-- A PaymentIntent pays at most one invoice, whichever event or retry delivers it.
CREATE UNIQUE INDEX invoices_payment_intent ON invoices (stripePaymentIntentId)
  WHERE stripePaymentIntentId IS NOT NULL;

-- How a paid invoice was paid: 'card' through the webhook, or what staff recorded.
CREATE TABLE invoice_payments (
  invoiceId TEXT PRIMARY KEY,
  method TEXT NOT NULL CHECK (method IN ('card', 'cash', 'card-on-site', 'bank-transfer')),
  reference TEXT,
  recordedBy INTEGER,
  createdAt TEXT NOT NULL
);
