/**
 * Billing data: invoices with their payments and credit notes, the card provider's events, the
 * books of a date range, and settling a card payment.
 *
 * Settling a card payment goes the way every other payment goes: the quote's acceptance and its
 * invoice through the staff write path (`quote.accept` or `invoice.raise`), then the shared
 * payment rule (`applyPayment`, which `invoice.recordPayment` also uses) written through the
 * change log, so staff devices receive the paid invoice and the payment like any other row.
 */
import {
  applyPayment,
  liveInvoices,
  raiseInvoice,
  type CreditNote,
  type DateRange,
  type Invoice,
  type Payment,
  type Quote,
} from '@pilbara/shared-schema';
import type { Db } from '../connection';
import { decodeRow, findRows, getRow } from '../rows';
import { mintIntegerId, mintTextId } from '../id-series';
import { applyServerMutation } from '../../sync/apply-mutation';
import { writeChanges } from '../../sync/change-log';
import { statement } from '../../sync/statements';
import type { Row } from '../../sync/shared';

/** The invoices of a quote, oldest first. */
export function invoicesOfQuote(db: Db, quoteId: string): Invoice[] {
  return findRows<Invoice>(db, 'invoices', { quoteId }, { orderBy: 'createdAt' });
}

/** The quote's invoice still standing (not credited in full), if it has one. */
export function liveInvoiceOfQuote(db: Db, quoteId: string): Invoice | undefined {
  return liveInvoices(invoicesOfQuote(db, quoteId))[0];
}

/** The payments of an invoice, in the order they arrived. */
export function paymentsOfInvoice(db: Db, invoiceId: string): Payment[] {
  return findRows<Payment>(db, 'payments', { invoiceId }, { orderBy: 'paidAt' });
}

/** The credit notes of an invoice, oldest first. */
export function creditNotesOfInvoice(db: Db, invoiceId: string): CreditNote[] {
  return findRows<CreditNote>(db, 'credit_notes', { invoiceId }, { orderBy: 'createdAt' });
}

/** An invoice with everything its document lists, or undefined. */
export function invoiceWithSettlement(
  db: Db,
  invoiceId: string,
): { invoice: Invoice; payments: Payment[]; creditNotes: CreditNote[] } | undefined {
  const invoice = getRow<Invoice>(db, 'invoices', invoiceId);
  if (!invoice) return undefined;
  return {
    invoice,
    payments: paymentsOfInvoice(db, invoiceId),
    creditNotes: creditNotesOfInvoice(db, invoiceId),
  };
}

/** Whether the quote's invoice is settled (nothing owed, and something was paid). */
export function quoteIsPaid(db: Db, quoteId: string): boolean {
  return invoicesOfQuote(db, quoteId).some((invoice) => invoice.status === 'paid');
}

/** The payment a card PaymentIntent made, if it made one. */
export function paymentForIntent(db: Db, intentId: string): Payment | undefined {
  return findRows<Payment>(db, 'payments', { stripePaymentIntentId: intentId })[0];
}

/**
 * Records that a webhook event arrived; false when it had arrived before (the provider retries
 * until it gets a 2xx), so it is applied once.
 */
export function recordStripeEvent(db: Db, id: string, type: string, receivedAt: string): boolean {
  return (
    statement(
      db,
      'INSERT OR IGNORE INTO stripe_events (id, type, receivedAt) VALUES (?, ?, ?)',
    ).run(id, type, receivedAt).changes > 0
  );
}

/**
 * The rows the books of a Perth date range are built from: invoices and credit notes issued in
 * it, payments received in it, and the invoices those payments and notes belong to. The window
 * is widened to whole UTC days around the range; the shared rules pick the exact Perth dates.
 */
export function booksRows(
  db: Db,
  range: DateRange,
): { invoices: Invoice[]; creditNotes: CreditNote[]; payments: Payment[] } {
  const from = new Date(`${range.from}T00:00:00+08:00`);
  const to = new Date(`${range.to}T00:00:00+08:00`);
  to.setUTCDate(to.getUTCDate() + 1);
  const window = [from.toISOString(), to.toISOString()];
  const between = (table: 'invoices' | 'credit_notes' | 'payments', column: string) =>
    (
      statement(
        db,
        `SELECT * FROM ${table} WHERE ${column} >= ? AND ${column} < ? ORDER BY ${column}, id`,
      ).all(...window) as Row[]
    ).map((raw) => decodeRow(table, raw));
  const invoices = between('invoices', 'createdAt') as Invoice[];
  const creditNotes = between('credit_notes', 'createdAt') as CreditNote[];
  const payments = between('payments', 'paidAt') as Payment[];
  const known = new Set(invoices.map((invoice) => invoice.id));
  for (const id of [...payments, ...creditNotes].map((row) => row.invoiceId)) {
    if (known.has(id)) continue;
    const invoice = getRow<Invoice>(db, 'invoices', id);
    if (invoice) invoices.push(invoice);
    known.add(id);
  }
  return { invoices, creditNotes, payments };
}

/** What happened to a succeeded card payment. */
export type CardSettlement = 'settled' | 'already_recorded' | 'unknown_quote';

/** The parts of a PaymentIntent settling needs. */
export interface SucceededIntent {
  id: string;
  amount: number;
  amount_received?: number | null;
  metadata?: Record<string, string> | null;
}

/**
 * The invoice a card payment for `quote` pays: a sent quote is accepted through `quote.accept`
 * (which raises its invoice); otherwise its standing invoice, or one raised for it now. Money
 * that arrived is always invoiced, whatever the quote's status.
 */
function invoiceForCardPayment(db: Db, quote: Quote, now: Date): Invoice {
  const nowIso = now.toISOString();
  if (quote.status === 'sent') {
    const accepted = applyServerMutation(
      db,
      'quote.accept',
      { id: quote.id, invoiceId: mintTextId(db, 'INV', now) },
      'stripe',
      nowIso,
    );
    if (!accepted.ok) throw new Error(`quote.accept refused: ${accepted.message}`);
  }
  const standing = liveInvoiceOfQuote(db, quote.id);
  if (standing) return standing;
  const current = getRow<Quote>(db, 'quotes', quote.id) ?? quote;
  const raised = applyServerMutation(
    db,
    'invoice.raise',
    { id: mintTextId(db, 'INV', now), quoteId: quote.id },
    'stripe',
    nowIso,
  );
  if (raised.ok) return (raised.result as { invoice: Invoice }).invoice;
  // A rejected or expired quote cannot be invoiced by staff; paid money still is.
  const invoice = raiseInvoice(current, { id: mintTextId(db, 'INV', now), now: nowIso });
  writeChanges(
    db,
    [{ entity: 'invoices', op: 'put', id: invoice.id, row: invoice as Row }],
    nowIso,
  );
  return invoice;
}

/**
 * Settles a PaymentIntent the provider reported as succeeded (by a webhook, or by the server
 * asking the provider): one payment per intent, whichever path gets there first, through the
 * shared payment rule. Must run inside the caller's transaction.
 */
export function settleCardPayment(
  db: Db,
  intent: SucceededIntent,
  quoteId: string | undefined,
  paidAt: string,
  now: Date,
): { result: CardSettlement; invoice?: Invoice; payment?: Payment } {
  if (paymentForIntent(db, intent.id)) return { result: 'already_recorded' };
  const quote = quoteId ? getRow<Quote>(db, 'quotes', quoteId) : undefined;
  if (!quote) return { result: 'unknown_quote' };
  const invoice = invoiceForCardPayment(db, quote, now);
  const nowIso = now.toISOString();
  const outcome = applyPayment(
    invoice,
    paymentsOfInvoice(db, invoice.id),
    {
      id: mintIntegerId(db, 'payments'),
      invoiceId: invoice.id,
      amount: intent.amount_received || intent.amount,
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
