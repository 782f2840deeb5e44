/**
 * Billing data: invoices with their payments and credit notes, the card provider's events, the
 * card payments put before staff, and the books of a date range. Settling a card payment is
 * services/card-settlement.ts.
 */
import {
  balanceDue,
  liveInvoices,
  type CreditNote,
  type DateRange,
  type Invoice,
  type Payment,
  type Quote,
  type Row,
} from '@pilbara/shared-schema';
import type { Db } from '../connection';
import { decodeRow, findRows, getRow } from '../rows';
import { statement } from '../statements';

/** The invoices of a quote, oldest first. */
function invoicesOfQuote(db: Db, quoteId: string): Invoice[] {
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
function creditNotesOfInvoice(db: Db, invoiceId: string): CreditNote[] {
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

/** What a quote still owes: its standing invoice's balance, or its price before it is invoiced. */
export function amountDue(db: Db, quote: Quote): number {
  const invoice = liveInvoiceOfQuote(db, quote.id);
  return invoice ? balanceDue(invoice) : quote.finalPrice;
}

/** A card payment put before staff instead of settled (table `payment_reviews`). */
export interface PaymentReview {
  intentId: string;
  quoteId: string | null;
  amount: number;
  currency: string | null;
  reason: string;
  source: 'webhook' | 'confirm';
  createdAt: string;
}

/** Records a review once per intent and reason; false when it was recorded before. */
export function recordPaymentReview(db: Db, review: PaymentReview): boolean {
  return (
    statement(
      db,
      `INSERT OR IGNORE INTO payment_reviews (intentId, quoteId, amount, currency, reason, source, createdAt)
       VALUES (@intentId, @quoteId, @amount, @currency, @reason, @source, @createdAt)`,
    ).run(review).changes > 0
  );
}
