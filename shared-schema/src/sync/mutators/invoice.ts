/**
 * Billing mutators: raising a tax invoice (on acceptance of a quote, or by hand for a completed
 * job), recording a payment, and correcting an invoice with a credit note. Each one decides with
 * the shared rules of `documents/invoice.ts`; none edits what an issued invoice prints.
 *
 * Exactly once: the sync engine applies a device's mutation once; on top of that every row these
 * write has an id the device minted (INV-…, CN-…, a leased payment id), so a mutation that
 * somehow arrived twice finds its own row and is refused instead of paying twice.
 */
import type { z } from 'zod';
import { MESSAGES } from '../../messages';
import { defineMutator, occurredAt, put, readMany, readOne, reject, succeed } from '../mutator';
import type { MutationContext, MutationRejection, Row } from '../mutator';
import {
  acceptQuoteInputSchema,
  applyPayment,
  applyRefund,
  canChangeQuoteStatus,
  canInvoiceQuote,
  issueCreditNote,
  issueCreditNoteInputSchema,
  jobIdOfQuote,
  liveInvoices,
  raiseInvoice,
  raiseInvoiceInputSchema,
  recordInvoicePaymentInputSchema,
  recordInvoiceRefundInputSchema,
  type CreditNote,
  type Invoice,
  type Job,
  type Payment,
  type Quote,
} from './deps';

const QUOTE = 'quote';
const INVOICE = 'invoice';
const QUOTE_INVOICES = 'quoteInvoices';

/** The reads of a payment or refund: the invoice, its money rows so far, and the new row's id. */
function moneyReads(invoiceId: string, id: number) {
  return [
    { key: INVOICE, entity: 'invoices' as const, id: invoiceId },
    { key: 'payments', entity: 'payments' as const, where: { invoiceId } },
    { key: 'money', entity: 'payments' as const, id },
  ];
}

/**
 * The invoice a payment or refund goes against with its money rows so far, or the refusal: no
 * such invoice, or the device's new id (named by `idField`) is already a recorded row.
 */
function moneyTarget(
  ctx: MutationContext,
  idField: string,
): MutationRejection | { invoice: Invoice; payments: Payment[] } {
  const invoice = readOne<Invoice>(ctx, INVOICE);
  if (!invoice) return reject('not_found', MESSAGES.INVOICE_NOT_FOUND, 'invoiceId');
  if (readOne<Payment>(ctx, 'money')) return reject('conflict', MESSAGES.PAYMENT_EXISTS, idField);
  return { invoice, payments: readMany<Payment>(ctx, 'payments') };
}

/** What a payment or refund row takes from its arguments and the device that recorded it. */
function moneyFields(
  ctx: MutationContext,
  invoice: Invoice,
  args: Pick<Payment, 'amount' | 'method' | 'reference'> & { paidAt?: string | null },
) {
  return {
    invoiceId: invoice.id,
    amount: args.amount,
    method: args.method,
    reference: args.reference,
    paidAt: args.paidAt ? new Date(args.paidAt).toISOString() : occurredAt(ctx),
    recordedBy: typeof ctx.userId === 'number' ? ctx.userId : null,
    createdAt: ctx.now,
  };
}

/** The reads every invoice-raising mutator needs: the quote, its invoices, and the new id. */
function raiseReads(quoteId: string, invoiceId: string) {
  return [
    { key: QUOTE, entity: 'quotes' as const, id: quoteId },
    { key: INVOICE, entity: 'invoices' as const, id: invoiceId },
    { key: QUOTE_INVOICES, entity: 'invoices' as const, where: { quoteId } },
  ];
}

/**
 * Why a quote cannot be invoiced now, or null: it must exist, not be rejected or expired, have
 * something to bill, and have no invoice still standing (a fully credited one may be re-raised).
 */
function refuseRaise(quote: Quote | undefined, existing: Invoice[], newId: Invoice | undefined) {
  if (!quote) return reject('not_found', MESSAGES.QUOTE_NOT_FOUND, 'quoteId');
  if (newId) return reject('conflict', `Invoice ${newId.id} already exists`, 'id');
  if (!canInvoiceQuote(quote.status))
    return reject('invalid_state', MESSAGES.QUOTE_NOT_INVOICEABLE, 'quoteId');
  if (quote.finalPrice <= 0) return reject('invalid_state', MESSAGES.NOTHING_TO_INVOICE, 'quoteId');
  if (liveInvoices(existing).length > 0)
    return reject('conflict', MESSAGES.ALREADY_INVOICED, 'quoteId');
  return null;
}

/**
 * `quote.accept`: the customer accepts a sent quote, and its tax invoice is raised in the same
 * step, so an accepted quote always has its invoice.
 */
export const quoteAccept = defineMutator({
  name: 'quote.accept',
  argsSchema: acceptQuoteInputSchema,
  reads: (args) => raiseReads(args.id, args.invoiceId),
  apply(ctx, args) {
    const quote = readOne<Quote>(ctx, QUOTE);
    if (!quote) return reject('not_found', MESSAGES.QUOTE_NOT_FOUND, 'id');
    if (!canChangeQuoteStatus(quote.status, 'accepted'))
      return reject('invalid_state', MESSAGES.QUOTE_TRANSITION_NOT_ALLOWED, 'status');
    const accepted: Quote = { ...quote, status: 'accepted', updatedAt: ctx.now };
    const existing = readMany<Invoice>(ctx, QUOTE_INVOICES);
    const refused = refuseRaise(accepted, existing, readOne<Invoice>(ctx, INVOICE));
    // A quote invoiced before it was accepted (by hand, for its job) keeps that invoice.
    if (refused && !(refused.code === 'conflict' && refused.field === 'quoteId')) return refused;
    const invoice = refused
      ? undefined
      : raiseInvoice(accepted, { id: args.invoiceId, now: occurredAt(ctx) });
    return succeed(
      [put('quotes', accepted as Row), ...(invoice ? [put('invoices', invoice as Row)] : [])],
      { quote: accepted, invoice: invoice ?? liveInvoices(existing)[0] ?? null },
    );
  },
});

/**
 * `invoice.raise`: a tax invoice raised by hand from a quote — for a completed job, its automatic
 * quote (or whatever quote staff made for it). Given a job, the job must be completed.
 */
export const invoiceRaise = defineMutator({
  name: 'invoice.raise',
  argsSchema: raiseInvoiceInputSchema,
  reads: (args) => [
    ...raiseReads(args.quoteId, args.id),
    ...(args.jobId ? [{ key: 'job', entity: 'jobs' as const, id: args.jobId }] : []),
  ],
  apply(ctx, args) {
    const quote = readOne<Quote>(ctx, QUOTE);
    const refused = refuseRaise(
      quote,
      readMany<Invoice>(ctx, QUOTE_INVOICES),
      readOne<Invoice>(ctx, INVOICE),
    );
    if (refused) return refused;
    let jobId = args.jobId;
    if (jobId) {
      const job = readOne<Job>(ctx, 'job');
      if (!job) return reject('not_found', MESSAGES.JOB_NOT_FOUND, 'jobId');
      if (job.status !== 'Completed')
        return reject('invalid_state', MESSAGES.JOB_NOT_COMPLETED, 'jobId');
    } else {
      jobId = jobIdOfQuote(quote as Quote);
    }
    const invoice = raiseInvoice(quote as Quote, {
      id: args.id,
      now: occurredAt(ctx),
      jobId,
      buyerAbn: args.buyerAbn,
    });
    return succeed([put('invoices', invoice as Row)], { invoice });
  },
});

/**
 * `invoice.recordPayment`: cash, card on site or a bank transfer against an invoice, up to the
 * balance due; the invoice becomes paid when payments cover it. The same payment rule settles
 * card payments on the server.
 */
export const invoiceRecordPayment = defineMutator({
  name: 'invoice.recordPayment',
  argsSchema: recordInvoicePaymentInputSchema,
  reads: (args) => moneyReads(args.invoiceId, args.paymentId),
  apply(ctx, args) {
    const target = moneyTarget(ctx, 'paymentId');
    if ('ok' in target) return target;
    const outcome = applyPayment(
      target.invoice,
      target.payments,
      {
        id: args.paymentId,
        ...moneyFields(ctx, target.invoice, args),
        stripePaymentIntentId: null,
      },
      ctx.now,
    );
    if (!outcome.ok) return reject(outcome.code, outcome.message, outcome.field);
    return succeed(
      [put('payments', outcome.payment as Row), put('invoices', outcome.invoice as Row)],
      { invoice: outcome.invoice, payment: outcome.payment },
    );
  },
});

/**
 * `invoice.recordRefund` (issue 28): money paid back to a customer a credit note left in credit,
 * up to what is owed back; the invoice's balance returns to zero when it is all refunded. Like a
 * payment it works offline: the refunded total is recounted from the invoice's rows.
 */
export const invoiceRecordRefund = defineMutator({
  name: 'invoice.recordRefund',
  argsSchema: recordInvoiceRefundInputSchema,
  reads: (args) => moneyReads(args.invoiceId, args.refundId),
  apply(ctx, args) {
    const target = moneyTarget(ctx, 'refundId');
    if ('ok' in target) return target;
    const outcome = applyRefund(
      target.invoice,
      target.payments,
      { id: args.refundId, ...moneyFields(ctx, target.invoice, args) },
      ctx.now,
    );
    if (!outcome.ok) return reject(outcome.code, outcome.message, outcome.field);
    return succeed(
      [put('payments', outcome.refund as Row), put('invoices', outcome.invoice as Row)],
      { invoice: outcome.invoice, refund: outcome.refund },
    );
  },
});

/** `creditNote.issue`: corrects an issued invoice by a credit note, never by editing it. */
export const creditNoteIssue = defineMutator({
  name: 'creditNote.issue',
  argsSchema: issueCreditNoteInputSchema,
  reads: (args) => [
    { key: INVOICE, entity: 'invoices' as const, id: args.invoiceId },
    { key: 'note', entity: 'credit_notes' as const, id: args.id },
  ],
  apply(ctx, args) {
    const invoice = readOne<Invoice>(ctx, INVOICE);
    if (!invoice) return reject('not_found', MESSAGES.INVOICE_NOT_FOUND, 'invoiceId');
    if (readOne<CreditNote>(ctx, 'note'))
      return reject('conflict', MESSAGES.CREDIT_NOTE_EXISTS, 'id');
    const outcome = issueCreditNote(
      invoice,
      { id: args.id, amount: args.amount, reason: args.reason },
      ctx.now,
    );
    if (!outcome.ok) return reject(outcome.code, outcome.message, outcome.field);
    // Issued when the owner issued it on their device (issue 28: device time where people read
    // a time), like an invoice; the invoice's updatedAt stays the server's.
    const creditNote = { ...outcome.creditNote, createdAt: occurredAt(ctx) };
    return succeed(
      [put('credit_notes', creditNote as Row), put('invoices', outcome.invoice as Row)],
      { invoice: outcome.invoice, creditNote },
    );
  },
});

/** Arguments of `invoice.recordPayment` (also what the payment dialog builds). */
export type RecordInvoicePaymentArgs = z.input<typeof recordInvoicePaymentInputSchema>;
/** Arguments of `invoice.recordRefund` (what the refund dialog builds). */
export type RecordInvoiceRefundArgs = z.input<typeof recordInvoiceRefundInputSchema>;
