/**
 * Settling a card payment the provider reports as succeeded.
 *
 * It goes the way every other payment goes: the quote's acceptance and its invoice through the
 * staff write path (`quote.accept` or `invoice.raise`), then the shared payment rule
 * (`applyPayment`, which `invoice.recordPayment` also uses) written through the change log, so
 * staff devices receive the paid invoice and the payment like any other row.
 */
import {
  applyPayment,
  formatCents,
  raiseInvoice,
  type Account,
  type EmailRecord,
  type Invoice,
  type Payment,
  type Quote,
  type Row,
} from '@pilbara/shared-schema';
import type { Db } from '../db/connection';
import { getRow } from '../db/rows';
import { mintIntegerId, mintTextId } from '../db/id-series';
import { writeChanges } from '../db/change-log';
import {
  amountDue,
  liveInvoiceOfQuote,
  paymentForIntent,
  paymentsOfInvoice,
  recordPaymentReview,
} from '../db/repositories/billing';
import { storedIntent } from '../db/repositories/payment-intents';
import { applyServerMutation } from '../sync/server-apply';
import { escapeHtml } from './html';
import { PAYMENT_CURRENCY } from './payments';

/** What happened to a succeeded card payment. */
export type CardSettlement = 'settled' | 'already_recorded' | 'flagged';

/** The parts of a PaymentIntent settling needs. */
export interface SucceededIntent {
  id: string;
  amount: number;
  amount_received?: number | null;
  currency?: string | null;
  metadata?: Record<string, string> | null;
}

/** Why a card payment is not settled but put before staff. */
type PaymentReviewReason =
  'unknown_intent' | 'quote_mismatch' | 'unknown_quote' | 'wrong_currency' | 'amount_short';

/** The verdict on a succeeded card payment. */
type CardPaymentVerdict =
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
 * Whether a PaymentIntent the provider reports as succeeded pays its quote: it must
 * be an intent this server created (table `payment_intents`) for that very quote, in AUD, for at
 * least the amount due (the quote's price, or its invoice's balance after part payments).
 * Anything else settles nothing; the caller records it for staff. The webhook and the
 * checkout's confirm call both ask it.
 */
function judgeCardPayment(db: Db, intent: SucceededIntent): CardPaymentVerdict {
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
  if (!Number.isSafeInteger(received) || received < amountDue(db, quote)) {
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
  const review = {
    intentId: intent.id,
    quoteId: verdict.quoteId,
    amount: verdict.amount,
    currency: intent.currency ?? null,
    reason: verdict.reason,
    source,
    createdAt: nowIso,
  };
  if (!recordPaymentReview(db, review)) return;
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
  writeChanges(db, [{ entity: 'emails', op: 'put', id: email.id, row: email as Row }], nowIso);
}

/**
 * The invoice a card payment for `quote` pays: a sent quote is accepted through `quote.accept`
 * (which raises its invoice); otherwise its standing invoice, or one raised for it now. Money
 * that arrived is always invoiced, whatever the quote's status.
 */
function invoiceForCardPayment(db: Db, quote: Quote, now: Date): Invoice {
  const nowIso = now.toISOString();
  const work = { accountId: quote.accountId ?? null, jobId: quote.jobId ?? null };
  if (quote.status === 'sent') {
    // Refused only when an account's PO is still missing: the money is invoiced below anyway.
    applyServerMutation(
      db,
      'quote.accept',
      { id: quote.id, invoiceId: mintTextId(db, 'INV', now), ...work },
      'stripe',
      nowIso,
    );
  }
  const standing = liveInvoiceOfQuote(db, quote.id);
  if (standing) return standing;
  const current = getRow<Quote>(db, 'quotes', quote.id) ?? quote;
  const raised = applyServerMutation(
    db,
    'invoice.raise',
    { id: mintTextId(db, 'INV', now), quoteId: quote.id, accountId: work.accountId },
    'stripe',
    nowIso,
  );
  if (raised.ok) return (raised.result as { invoice: Invoice }).invoice;
  // A rejected or expired quote, or work on account still without its PO, cannot be invoiced
  // by staff; paid money still is.
  const account = work.accountId ? getRow<Account>(db, 'accounts', work.accountId) : undefined;
  const invoice = raiseInvoice(current, {
    id: mintTextId(db, 'INV', now),
    now: nowIso,
    account: account ?? null,
    poNumber: current.poNumber ?? null,
  });
  writeChanges(
    db,
    [{ entity: 'invoices', op: 'put', id: invoice.id, row: invoice as Row }],
    nowIso,
  );
  return invoice;
}

/**
 * Settles a PaymentIntent the provider reported as succeeded (by a webhook, or by the server
 * asking the provider): one payment per intent, whichever path gets there first, and only when
 * {@link judgeCardPayment} says it pays its quote — through the shared payment rule, the one
 * `invoice.recordPayment` uses; otherwise it is flagged for staff and nothing is marked paid.
 * Must run inside the caller's transaction.
 */
export function settleCardPayment(
  db: Db,
  intent: SucceededIntent,
  paidAt: string,
  now: Date,
  source: 'webhook' | 'confirm' = 'webhook',
): { result: CardSettlement; invoice?: Invoice; payment?: Payment } {
  if (paymentForIntent(db, intent.id)) return { result: 'already_recorded' };
  const verdict = judgeCardPayment(db, intent);
  if (!verdict.ok) {
    flagForStaff(db, intent, verdict, source, now);
    return { result: 'flagged' };
  }
  const invoice = invoiceForCardPayment(db, verdict.quote, now);
  const nowIso = now.toISOString();
  const outcome = applyPayment(
    invoice,
    paymentsOfInvoice(db, invoice.id),
    {
      id: mintIntegerId(db, 'payments'),
      invoiceId: invoice.id,
      amount: verdict.amount,
      method: 'card',
      reference: intent.id,
      paidAt,
      stripePaymentIntentId: intent.id,
      recordedBy: null,
      createdAt: nowIso,
    },
    nowIso,
    { acceptWhatArrived: true },
  );
  if (!outcome.ok) throw new Error(`card payment not applied: ${outcome.message}`);
  writeChanges(
    db,
    [
      { entity: 'payments', op: 'put', id: outcome.payment.id, row: outcome.payment as Row },
      { entity: 'invoices', op: 'put', id: outcome.invoice.id, row: outcome.invoice as Row },
    ],
    nowIso,
  );
  return { result: 'settled', invoice: outcome.invoice, payment: outcome.payment };
}
