/**
 * Billing mutators: raising a tax invoice (on acceptance of a quote, or by hand for a completed
 * job), recording a payment, and correcting an invoice with a credit note. Each one decides with
 * the shared rules of `documents/invoice.ts`; none edits what an issued invoice prints.
 *
 * Exactly once: the sync engine applies a device's mutation once; on top of that every row these
 * write has an id the device minted (INV-…, CN-…, a leased payment id), so a mutation that
 * somehow arrived twice finds its own row and is refused instead of paying twice.
 */
import { shownId } from '../../rules/document-number';
import type { z } from 'zod';
import { MESSAGES } from '../../messages';
import { defineMutator, occurredAt, put, readMany, readOne, reject, succeed } from '../mutator';
import type { MutationContext, MutationRejection, Row } from '../mutator';
import { ACCOUNT_MESSAGES } from '../../account-messages';
import type { Account } from '../../entities/account';
import { effectivePoNumber, poMissing, siteLabel, siteOf } from '../../rules/accounts';
import { accountReads, readAccount } from './account';
import {
  acceptQuoteInputSchema,
  applyPayment,
  applyRefund,
  canChangeQuoteStatus,
  isQuoteExpired,
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
  type SettlementRefusal,
} from './deps';

const QUOTE = 'quote';
const INVOICE = 'invoice';
const QUOTE_INVOICES = 'quoteInvoices';

/** The arguments a payment or refund shares: its invoice and what the money was. */
type MoneyArgs = Pick<Payment, 'invoiceId' | 'amount' | 'method' | 'reference'> & {
  paidAt?: string | null;
};

/** A payment or refund row as the money rules take it: what its arguments and device give. */
type MoneyRow = Omit<Payment, 'kind' | 'stripePaymentIntentId' | 'flag'>;

/** A money rule's answer: why it refuses, or the new row (under its own key) and the invoice. */
type MoneyOutcome =
  | SettlementRefusal
  | { ok: true; invoice: Invoice; payment: Payment }
  | { ok: true; invoice: Invoice; refund: Payment };

/**
 * A mutator that records money against an invoice (a payment or a refund). It reads the invoice,
 * its money rows so far and the device's new row id (named by `idField`); refuses when there is
 * no such invoice or the id is already a recorded row; and otherwise writes what `settle` (the
 * shared money rule) answers: the new row and the invoice it settles. The result names the row
 * by the key the rule gives it (`payment` or `refund`).
 */
function moneyMutator<
  const N extends string,
  const F extends string,
  S extends z.ZodType<MoneyArgs & Record<F, number>>,
>(spec: {
  name: N;
  argsSchema: S;
  idField: F;
  settle(invoice: Invoice, payments: Payment[], row: MoneyRow, now: string): MoneyOutcome;
}) {
  return defineMutator({
    name: spec.name,
    argsSchema: spec.argsSchema,
    reads: (args) => [
      { key: INVOICE, entity: 'invoices' as const, id: args.invoiceId },
      { key: 'payments', entity: 'payments' as const, where: { invoiceId: args.invoiceId } },
      { key: 'money', entity: 'payments' as const, id: args[spec.idField] },
    ],
    apply(ctx, args) {
      const invoice = readOne<Invoice>(ctx, INVOICE);
      if (!invoice) return reject('not_found', MESSAGES.INVOICE_NOT_FOUND, 'invoiceId');
      if (readOne<Payment>(ctx, 'money'))
        return reject('conflict', MESSAGES.PAYMENT_EXISTS, spec.idField);
      const row: MoneyRow = {
        id: args[spec.idField],
        invoiceId: invoice.id,
        amount: args.amount,
        method: args.method,
        reference: args.reference,
        paidAt: args.paidAt ? new Date(args.paidAt).toISOString() : occurredAt(ctx),
        recordedBy: typeof ctx.userId === 'number' ? ctx.userId : null,
        createdAt: ctx.now,
      };
      const outcome = spec.settle(invoice, readMany<Payment>(ctx, 'payments'), row, ctx.now);
      if (!outcome.ok) return reject(outcome.code, outcome.message, outcome.field);
      const [key, money] =
        'payment' in outcome ? ['payment', outcome.payment] : ['refund', outcome.refund];
      return succeed([put('payments', money as Row), put('invoices', outcome.invoice as Row)], {
        invoice: outcome.invoice,
        [key]: money,
      });
    },
  });
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
  if (newId) return reject('conflict', `Invoice ${shownId(newId.id)} already exists`, 'id');
  if (!canInvoiceQuote(quote.status))
    return reject('invalid_state', MESSAGES.QUOTE_NOT_INVOICEABLE, 'quoteId');
  if (quote.finalPrice <= 0) return reject('invalid_state', MESSAGES.NOTHING_TO_INVOICE, 'quoteId');
  if (liveInvoices(existing).length > 0)
    return reject('conflict', MESSAGES.ALREADY_INVOICED, 'quoteId');
  return null;
}

/**
 * What an invoice for work on account carries: the account (which must be the quote's), its
 * site and the PO number (the job's, else the quote's, else the blanket PO's) — or why it cannot
 * be raised yet: the account needs a PO for every job and none was entered.
 */
function accountBilling(
  ctx: MutationContext,
  quote: Quote,
  accountId: number | null,
  job: Job | undefined,
):
  | { ok: true; account: Account | null; siteName: string | null; poNumber: string | null }
  | { ok: false; rejection: MutationRejection } {
  if ((quote.accountId ?? null) !== accountId)
    return {
      ok: false,
      rejection: reject('conflict', ACCOUNT_MESSAGES.ACCOUNT_CHANGED, 'accountId'),
    };
  if (accountId === null) return { ok: true, account: null, siteName: null, poNumber: null };
  const account = readAccount(ctx);
  if (!account)
    return {
      ok: false,
      rejection: reject('not_found', ACCOUNT_MESSAGES.ACCOUNT_NOT_FOUND, 'accountId'),
    };
  const given = job?.poNumber ?? quote.poNumber ?? null;
  if (poMissing(account, given))
    return {
      ok: false,
      rejection: reject('invalid_state', ACCOUNT_MESSAGES.PO_REQUIRED_TO_INVOICE, 'poNumber'),
    };
  const site = siteOf(account, job?.siteId ?? quote.siteId);
  return {
    ok: true,
    account,
    siteName: site ? siteLabel(site) : null,
    poNumber: effectivePoNumber(account.poRule, given),
  };
}

/**
 * `quote.accept`: the customer accepts a sent quote, and its tax invoice is raised in the same
 * step, so an accepted quote always has its invoice.
 */
export const quoteAccept = defineMutator({
  name: 'quote.accept',
  argsSchema: acceptQuoteInputSchema,
  reads: (args) => [
    ...raiseReads(args.id, args.invoiceId),
    ...accountReads(args.accountId),
    ...(args.jobId ? [{ key: 'job', entity: 'jobs' as const, id: args.jobId }] : []),
  ],
  apply(ctx, args) {
    const quote = readOne<Quote>(ctx, QUOTE);
    if (!quote) return reject('not_found', MESSAGES.QUOTE_NOT_FOUND, 'id');
    if (!canChangeQuoteStatus(quote.status, 'accepted'))
      return reject('invalid_state', MESSAGES.QUOTE_TRANSITION_NOT_ALLOWED, 'status');
    // Past its date the price no longer holds: staff renew it first (quote.renew).
    if (isQuoteExpired(quote, occurredAt(ctx)))
      return reject('invalid_state', MESSAGES.QUOTE_EXPIRED_SHORT, 'validUntil');
    const accepted: Quote = { ...quote, status: 'accepted', updatedAt: ctx.now };
    const existing = readMany<Invoice>(ctx, QUOTE_INVOICES);
    const refused = refuseRaise(accepted, existing, readOne<Invoice>(ctx, INVOICE));
    // A quote invoiced before it was accepted (by hand, for its job) keeps that invoice.
    if (refused && !(refused.code === 'conflict' && refused.field === 'quoteId')) return refused;
    const job = readOne<Job>(ctx, 'job');
    const billing = refused ? undefined : accountBilling(ctx, quote, args.accountId, job);
    if (billing && !billing.ok) return billing.rejection;
    const invoice =
      refused || !billing?.ok
        ? undefined
        : raiseInvoice(accepted, {
            id: args.invoiceId,
            now: occurredAt(ctx),
            account: billing.account,
            siteName: billing.siteName,
            poNumber: billing.poNumber,
            ...(job ? { jobId: job.id } : {}),
          });
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
    ...accountReads(args.accountId),
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
    const job = jobId ? readOne<Job>(ctx, 'job') : undefined;
    if (jobId) {
      if (!job) return reject('not_found', MESSAGES.JOB_NOT_FOUND, 'jobId');
      if (job.status !== 'Completed')
        return reject('invalid_state', MESSAGES.JOB_NOT_COMPLETED, 'jobId');
    } else {
      jobId = jobIdOfQuote(quote as Quote);
    }
    const billing = accountBilling(ctx, quote as Quote, args.accountId, job);
    if (!billing.ok) return billing.rejection;
    const invoice = raiseInvoice(quote as Quote, {
      id: args.id,
      now: occurredAt(ctx),
      jobId,
      buyerAbn: args.buyerAbn,
      account: billing.account,
      siteName: billing.siteName,
      poNumber: billing.poNumber,
    });
    return succeed([put('invoices', invoice as Row)], { invoice });
  },
});

/**
 * `invoice.recordPayment`: cash, card on site or a bank transfer against an invoice, up to the
 * balance due; the invoice becomes paid when payments cover it. The same payment rule settles
 * card payments on the server.
 */
export const invoiceRecordPayment = moneyMutator({
  name: 'invoice.recordPayment',
  argsSchema: recordInvoicePaymentInputSchema,
  idField: 'paymentId',
  settle: (invoice, payments, row, now) =>
    applyPayment(invoice, payments, { ...row, stripePaymentIntentId: null }, now),
});

/**
 * `invoice.recordRefund`: money paid back to a customer a credit note left in credit,
 * up to what is owed back; the invoice's balance returns to zero when it is all refunded. Like a
 * payment it works offline: the refunded total is recounted from the invoice's rows.
 */
export const invoiceRecordRefund = moneyMutator({
  name: 'invoice.recordRefund',
  argsSchema: recordInvoiceRefundInputSchema,
  idField: 'refundId',
  settle: applyRefund,
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
    // Issued when the owner issued it on their device (device time where people read
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
