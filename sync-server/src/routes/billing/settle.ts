/**
 * Settling a quote's payment: the paid invoice and the quote's move to accepted, written together
 * in one transaction so neither can exist without the other.
 *
 * The status change goes through the staff write path (`quote.setStatus` via
 * applyServerMutation) and the invoice through the change log, so staff devices receive both on
 * their next pull. A card payment is settled once per PaymentIntent (a unique index on
 * `stripePaymentIntentId`); a staff-recorded payment is refused when the quote is already paid.
 */
import type { EmailRecord, Invoice, Quote, QuoteItem } from '@pilbara/shared-schema';
import { formatCents, statusAfterPayment } from '@pilbara/shared-schema';
import type { Db } from '../../db/connection';
import { findRows, getRow } from '../../db/rows';
import { PAYMENT_CURRENCY, storedIntent } from '../../services/payments';
import { escapeHtml } from '../../services/html';
import { mintIntegerId, mintTextId } from '../../db/id-series';
import { applyServerMutation } from '../../sync/apply-mutation';
import { writeChanges } from '../../sync/change-log';
import type { Row } from '@pilbara/shared-schema';

/** How an invoice was paid. */
export type SettledMethod = 'card' | 'cash' | 'card-on-site' | 'bank-transfer';

export interface SettlePaymentInput {
  quote: Quote;
  amount: number;
  method: SettledMethod;
  reference?: string | null;
  stripePaymentIntentId?: string | null;
  /** When the money arrived (ISO); default now. */
  paidAt?: string | null;
  /** The invoice id a device minted offline; default a fresh INV id. */
  invoiceId?: string;
  /** Who settled it: a staff user id, or a name for the webhook. */
  actor: number | string;
  now: Date;
}

export interface SettledPayment {
  invoice: Invoice;
  quote: Quote;
  /** Whether the quote's status moved to accepted (false when it already was, or could not). */
  accepted: boolean;
}

/** The job an automatic quote was made for (its notes name it), when that job exists. */
export function linkedJobId(db: Db, quote: Pick<Quote, 'notes'>): string | null {
  const match = /\b(JOB-\d{4}-\d+)\b/.exec(quote.notes ?? '');
  if (!match?.[1]) return null;
  return getRow(db, 'jobs', match[1]) ? match[1] : null;
}

/** The paid invoices of a quote, oldest first. */
export function paidInvoices(db: Db, quoteId: string): Invoice[] {
  return findRows<Invoice>(db, 'invoices', { quoteId, status: 'paid' }, { orderBy: 'createdAt' });
}

/** The invoice a PaymentIntent already paid, if any. */
export function invoiceForIntent(db: Db, intentId: string): Invoice | undefined {
  return findRows<Invoice>(db, 'invoices', { stripePaymentIntentId: intentId })[0];
}

/** Thrown inside the transaction when the quote's status change is refused. */
export class SettleError extends Error {
  override name = 'SettleError';
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

function lineItems(items: readonly QuoteItem[]): QuoteItem[] {
  return items.map((item) => ({ ...item }));
}

/**
 * Writes the paid invoice and accepts the quote (when its status allows: sent → accepted; an
 * accepted quote stays accepted). Must run inside the caller's transaction. A quote in any other
 * status keeps it — money that arrived is still invoiced — and `accepted` is false.
 */
export function settlePayment(db: Db, input: SettlePaymentInput): SettledPayment {
  const nowIso = input.now.toISOString();
  let quote = input.quote;
  let accepted = false;
  const next = statusAfterPayment(quote.status);
  if (next && next !== quote.status) {
    const outcome = applyServerMutation(
      db,
      'quote.setStatus',
      { id: quote.id, status: next },
      input.actor,
      nowIso,
    );
    if (!outcome.ok) throw new SettleError(409, outcome.message);
    quote = (outcome.result as { quote: Quote }).quote;
    accepted = true;
  }

  const id = input.invoiceId ?? mintTextId(db, 'INV', input.now);
  if (getRow(db, 'invoices', id)) throw new SettleError(409, `Invoice ${id} already exists`);
  const invoice: Invoice = {
    id,
    jobId: linkedJobId(db, quote),
    quoteId: quote.id,
    customerName: quote.customerName,
    customerEmail: quote.customerEmail,
    customerPhone: quote.customerPhone,
    amount: input.amount,
    status: 'paid',
    stripePaymentIntentId: input.stripePaymentIntentId ?? null,
    stripePaymentLink: null,
    lineItems: lineItems(quote.items),
    dueDate: null,
    paidAt: input.paidAt ?? nowIso,
    createdAt: nowIso,
  };
  writeChanges(db, [{ entity: 'invoices', op: 'put', id, row: invoice as unknown as Row }], nowIso);
  db.prepare(
    'INSERT INTO invoice_payments (invoiceId, method, reference, recordedBy, createdAt) VALUES (?, ?, ?, ?, ?)',
  ).run(
    id,
    input.method,
    input.reference ?? null,
    typeof input.actor === 'number' ? input.actor : null,
    nowIso,
  );
  return { invoice: getRow<Invoice>(db, 'invoices', id) as Invoice, quote, accepted };
}

/** How an invoice was paid, as recorded. */
export function invoicePayment(
  db: Db,
  invoiceId: string,
): { method: SettledMethod; reference: string | null } | undefined {
  return db
    .prepare('SELECT method, reference FROM invoice_payments WHERE invoiceId = ?')
    .get(invoiceId) as { method: SettledMethod; reference: string | null } | undefined;
}

/** What happened to a succeeded card payment. */
export type CardSettlement = 'settled' | 'already_invoiced' | 'flagged';

/** The parts of a Stripe PaymentIntent settling needs. */
export interface SucceededIntent {
  id: string;
  amount: number;
  amount_received?: number | null;
  currency?: string | null;
  metadata?: Record<string, string> | null;
}

/** Why a card payment is not settled but put before staff. */
export type PaymentReviewReason =
  'unknown_intent' | 'quote_mismatch' | 'unknown_quote' | 'wrong_currency' | 'amount_short';

/** The verdict on a succeeded card payment. */
export type CardPaymentVerdict =
  | { ok: true; quote: Quote; amount: number }
  | { ok: false; reason: PaymentReviewReason; quoteId: string | null; amount: number };

const REVIEW_TEXT: Record<PaymentReviewReason, string> = {
  unknown_intent: 'the server did not create this payment',
  quote_mismatch: 'the payment names another quote than the one it was created for',
  unknown_quote: 'the quote it was created for no longer exists',
  wrong_currency: 'it was not paid in Australian dollars',
  amount_short: 'it is less than the amount due',
};

/**
 * Whether a PaymentIntent the provider reports as succeeded pays its quote: it must be an intent
 * this server created (table `payment_intents`) for that very quote, in AUD, for at least the
 * quote's amount due (its final price now). Anything else settles nothing; the caller records it
 * for staff. The one place this rule lives: the webhook and the checkout's confirm call both ask it.
 */
export function judgeCardPayment(db: Db, intent: SucceededIntent): CardPaymentVerdict {
  const received =
    typeof intent.amount_received === 'number' ? intent.amount_received : intent.amount;
  const stored = storedIntent(db, intent.id);
  const claimed = intent.metadata?.quoteId ?? null;
  if (!stored) return { ok: false, reason: 'unknown_intent', quoteId: claimed, amount: received };
  if (claimed !== null && claimed !== stored.quoteId) {
    return { ok: false, reason: 'quote_mismatch', quoteId: stored.quoteId, amount: received };
  }
  const quote = getRow<Quote>(db, 'quotes', stored.quoteId);
  if (!quote)
    return { ok: false, reason: 'unknown_quote', quoteId: stored.quoteId, amount: received };
  const currency = (intent.currency ?? '').toLowerCase();
  if (currency !== PAYMENT_CURRENCY || stored.currency.toLowerCase() !== PAYMENT_CURRENCY) {
    return { ok: false, reason: 'wrong_currency', quoteId: quote.id, amount: received };
  }
  if (!Number.isSafeInteger(received) || received < quote.finalPrice) {
    return { ok: false, reason: 'amount_short', quoteId: quote.id, amount: received };
  }
  return { ok: true, quote, amount: received };
}

/**
 * Records a card payment that was not settled, once per intent and reason: a `payment_reviews`
 * row, and a Pending message in the admin panel's Contact Messages (staff devices sync it) so
 * someone looks at it. Must run inside the caller's transaction.
 */
function flagForStaff(
  db: Db,
  intent: SucceededIntent,
  verdict: Extract<CardPaymentVerdict, { ok: false }>,
  source: 'webhook' | 'confirm',
  now: Date,
): void {
  const nowIso = now.toISOString();
  const inserted = db
    .prepare(
      `INSERT OR IGNORE INTO payment_reviews (intentId, quoteId, amount, currency, reason, source, createdAt)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      intent.id,
      verdict.quoteId,
      verdict.amount,
      intent.currency ?? null,
      verdict.reason,
      source,
      nowIso,
    );
  if (inserted.changes === 0) return;
  const quote = verdict.quoteId ? getRow<Quote>(db, 'quotes', verdict.quoteId) : undefined;
  const message =
    `Card payment ${intent.id} (${formatCents(verdict.amount)} ${(intent.currency ?? '?').toUpperCase()}) ` +
    `for quote ${verdict.quoteId ?? 'unknown'} was NOT marked paid: ${REVIEW_TEXT[verdict.reason]}. ` +
    'Check it with the card provider before doing anything with the quote.';
  const email: EmailRecord = {
    id: mintIntegerId(db, 'emails'),
    to: 'staff',
    subject: `URGENT: card payment needs checking (${intent.id})`,
    htmlContent: `<p>${escapeHtml(message)}</p>`,
    customerInfo: {
      name: quote?.customerName ?? 'Card payment',
      phone: quote?.customerPhone ?? '',
      email: quote?.customerEmail ?? '',
      service: 'Card payment review',
      message,
    },
    timestamp: nowIso,
    sent: false,
  };
  writeChanges(
    db,
    [{ entity: 'emails', op: 'put', id: email.id, row: email as unknown as Row }],
    nowIso,
  );
}

/**
 * Settles a PaymentIntent the provider reported as succeeded (by a webhook, or by the server
 * asking the provider): at most one invoice per intent, whichever path gets there first, and
 * only when {@link judgeCardPayment} says it pays its quote; otherwise it is flagged for staff
 * and nothing is marked paid. Must run inside the caller's transaction.
 */
export function settleCardPayment(
  db: Db,
  intent: SucceededIntent,
  paidAt: string,
  now: Date,
  source: 'webhook' | 'confirm' = 'webhook',
): CardSettlement {
  if (invoiceForIntent(db, intent.id)) return 'already_invoiced';
  const verdict = judgeCardPayment(db, intent);
  if (!verdict.ok) {
    flagForStaff(db, intent, verdict, source, now);
    return 'flagged';
  }
  settlePayment(db, {
    quote: verdict.quote,
    amount: verdict.amount,
    method: 'card',
    stripePaymentIntentId: intent.id,
    paidAt,
    actor: 'stripe',
    now,
  });
  return 'settled';
}
