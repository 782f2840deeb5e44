/**
 * Tax invoices as business rules: raising one from a quote, what is still owed on it, and the
 * two things that move its settlement after it is issued — a payment and a credit note. The
 * printed part of an invoice (lines, multiplier, discount, total, GST) is fixed when it is
 * raised; nothing here ever changes it.
 *
 * One payment rule serves every path money arrives by: the `invoice.recordPayment` mutator (cash,
 * card on site, bank transfer, recorded by staff, offline or not) and the card provider's
 * webhook on the server. Staff cannot record more than is owed; money the card provider reports
 * is recorded whatever it is, and flagged when it is more than was owed, because it has arrived.
 *
 * Refunds: a credit note on an invoice already paid leaves the customer in credit —
 * the balance due goes below zero. That is a refund owed ({@link refundOwed}); staff pay it back
 * and record it with {@link applyRefund} (a `payments` row of kind `refund`), which brings the
 * balance back to zero.
 */
import { PAYMENT_METHOD_LABELS } from '../constants/documents';
import { MESSAGES } from '../messages';
import type { InvoiceStatus, PaymentMethod } from '../constants/statuses';
import type { Account } from '../entities/account';
import type { CreditNote } from '../entities/credit-note';
import type { Invoice } from '../entities/invoice';
import type { Payment } from '../entities/payment';
import type { Quote } from '../entities/quote';
import { perthDate } from '../rules/dates';
import { dueDateFor } from '../rules/payment-terms';
import { formatCents } from '../rules/money';
import { gstOfInclusive } from '../rules/gst';
import { routeMultiplier } from './pricing-lines';
import { balanceDue, refundOwed, type Settlement } from '../rules/settlement';

/** How an automatic quote's notes named its job before quotes had `jobId`. */
const AUTO_QUOTE_JOB = /completed job (JOB-\d{4}-P?\d+)\b/;

/**
 * The job a quote was made for: its `jobId` (the automatic quote of a completed job has one), or
 * for a quote from before that column, the job its notes name.
 */
export function jobIdOfQuote(
  quote: Pick<Quote, 'notes'> & { jobId?: string | null },
): string | null {
  if (quote.jobId) return quote.jobId;
  return quote.notes ? (AUTO_QUOTE_JOB.exec(quote.notes)?.[1] ?? null) : null;
}

/** Whether a quote in this status may be invoiced (not one the customer turned down, or stale). */
export function canInvoiceQuote(status: Quote['status']): boolean {
  return status !== 'rejected' && status !== 'expired';
}

/** The invoices of a quote still standing (not credited in full), oldest first. */
export function liveInvoices(invoices: readonly Invoice[]): Invoice[] {
  return invoices
    .filter((invoice) => invoice.status !== 'cancelled')
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** The account an invoice bills, as the invoice needs it. */
export type BilledAccount = Pick<Account, 'id' | 'legalName' | 'abn' | 'billingEmail' | 'terms'>;

/**
 * A pending tax invoice for a quote: its lines, subtotal, multiplier, discount and total as the
 * quote priced them, and the GST (one-eleventh of the total, rounded once). Due on issue, as the
 * quote terms say payment is due on completion — or, for work on account, billed to the
 * account's legal name and ABN, with its PO and site, and due as the account's terms say.
 */
export function raiseInvoice(
  quote: Quote,
  options: {
    id: string;
    now: string;
    jobId?: string | null;
    buyerAbn?: string | null;
    account?: BilledAccount | null;
    siteName?: string | null;
    poNumber?: string | null;
  },
): Invoice {
  const multiplier = routeMultiplier(quote);
  const account = options.account ?? null;
  return {
    id: options.id,
    jobId: options.jobId ?? jobIdOfQuote(quote),
    quoteId: quote.id,
    customerName: account ? account.legalName : quote.customerName,
    customerEmail: account?.billingEmail ?? quote.customerEmail,
    customerPhone: quote.customerPhone,
    amount: quote.finalPrice,
    status: 'pending',
    stripePaymentIntentId: null,
    stripePaymentLink: null,
    lineItems: quote.items.map((item) => ({ ...item })),
    dueDate: account ? dueDateFor(account.terms, options.now) : perthDate(options.now),
    paidAt: null,
    createdAt: options.now,
    service: quote.service,
    buyerAbn: options.buyerAbn ?? account?.abn ?? null,
    accountId: account?.id ?? null,
    siteName: options.siteName ?? null,
    poNumber: options.poNumber ?? null,
    itemsSubtotal: quote.itemsSubtotal,
    multiplierBasisPoints: multiplier.basisPoints,
    multiplierLocation: multiplier.location,
    discountPercent: quote.discountPercent,
    discountAmount: quote.discountAmount,
    gst: gstOfInclusive(quote.finalPrice),
    amountPaid: 0,
    amountCredited: 0,
    updatedAt: options.now,
  };
}

/** Whether a payment row is a refund paid out rather than money received. */
export function isRefund(payment: Pick<Payment, 'kind'>): boolean {
  return payment.kind === 'refund';
}

/** The stored status that paid, credited and refunded amounts give an invoice. */
export function settledStatus(invoice: Settlement): InvoiceStatus {
  if (balanceDue(invoice) > 0) return 'pending';
  return invoice.amountPaid - (invoice.amountRefunded ?? 0) > 0 ? 'paid' : 'cancelled';
}

/** How an invoice stands, as screens and documents say it. */
export type InvoiceState = 'unpaid' | 'part-paid' | 'paid' | 'credited' | 'refund-owed';

/** Labels of {@link InvoiceState}. */
export const INVOICE_STATE_LABELS: Readonly<Record<InvoiceState, string>> = {
  unpaid: 'Unpaid',
  'part-paid': 'Part paid',
  paid: 'Paid',
  credited: 'Credited',
  'refund-owed': 'Refund owed',
};

/**
 * Unpaid, part paid, paid, credited (credit notes cover it and nothing paid is kept), or refund
 * owed (the customer is in credit).
 */
export function invoiceState(invoice: Settlement): InvoiceState {
  if (refundOwed(invoice) > 0) return 'refund-owed';
  const status = settledStatus(invoice);
  if (status === 'paid') return 'paid';
  if (status === 'cancelled') return 'credited';
  return invoice.amountPaid > 0 ? 'part-paid' : 'unpaid';
}

/** A payment to apply: the row as it will be stored. */
export type PaymentInput = Omit<Payment, 'flag'>;

/** The payments of an invoice that brought money in (not refunds), summed. */
function receivedOf(invoiceId: string, existing: readonly Payment[]): number {
  return existing
    .filter((row) => row.invoiceId === invoiceId && !isRefund(row))
    .reduce((sum, row) => sum + row.amount, 0);
}

/** The refunds of an invoice, summed. */
function refundedOf(invoiceId: string, existing: readonly Payment[]): number {
  return existing
    .filter((row) => row.invoiceId === invoiceId && isRefund(row))
    .reduce((sum, row) => sum + row.amount, 0);
}

/** A refused payment or credit: why, and the argument it is about. */
export interface SettlementRefusal {
  ok: false;
  code: 'invalid_state' | 'conflict' | 'invalid_args';
  message: string;
  field: string;
}

/**
 * The shared payment rule. Applies `payment` to `invoice`, given the payments it already has,
 * and returns the stored payment and the invoice's new settlement — or why staff may not record
 * it: nothing is owed, the invoice was credited in full, or the amount is more than the balance
 * due. With `acceptWhatArrived` (money the card provider reports) it is recorded anyway and
 * flagged when it is more than was owed. The paid total is recounted from the payments, so two
 * devices recording payments offline each count the other's once both have synced.
 */
export function applyPayment(
  invoice: Invoice,
  existing: readonly Payment[],
  payment: PaymentInput,
  now: string,
  options: { acceptWhatArrived?: boolean } = {},
): { ok: true; invoice: Invoice; payment: Payment } | SettlementRefusal {
  if (existing.some((row) => row.id === payment.id))
    return { ok: false, code: 'conflict', message: MESSAGES.PAYMENT_EXISTS, field: 'paymentId' };
  const paidBefore = receivedOf(invoice.id, existing);
  const amountRefunded = refundedOf(invoice.id, existing);
  const owed = balanceDue({ ...invoice, amountPaid: paidBefore, amountRefunded });
  let flag: string | null = null;
  if (!options.acceptWhatArrived) {
    if (owed <= 0) {
      const message =
        invoice.amountCredited >= invoice.amount && paidBefore === 0
          ? MESSAGES.INVOICE_FULLY_CREDITED
          : MESSAGES.INVOICE_ALREADY_PAID;
      return { ok: false, code: 'invalid_state', message, field: 'invoiceId' };
    }
    if (payment.amount > owed)
      return {
        ok: false,
        code: 'invalid_state',
        message: MESSAGES.paymentTooLarge(formatCents(owed)),
        field: 'amount',
      };
  } else if (owed <= 0) {
    flag = MESSAGES.NOT_OWED_FLAG;
  } else if (payment.amount > owed) {
    flag = MESSAGES.overpaid(formatCents(payment.amount - owed));
  }
  const amountPaid = paidBefore + payment.amount;
  const status = settledStatus({ ...invoice, amountPaid, amountRefunded });
  return {
    ok: true,
    payment: { ...payment, kind: 'payment', flag },
    invoice: {
      ...invoice,
      amountPaid,
      amountRefunded,
      status,
      paidAt: status === 'paid' ? (invoice.paidAt ?? payment.paidAt) : null,
      updatedAt: now,
    },
  };
}

/**
 * The refund rule: money paid back to a customer a credit note left in credit, at most what is
 * owed back ({@link refundOwed}). Like payments, the refunded total is recounted from the rows, so
 * two devices recording refunds offline each count the other's once both have synced, and the
 * second one finds nothing left to refund.
 */
export function applyRefund(
  invoice: Invoice,
  existing: readonly Payment[],
  refund: Omit<PaymentInput, 'kind' | 'stripePaymentIntentId'>,
  now: string,
): { ok: true; invoice: Invoice; refund: Payment } | SettlementRefusal {
  if (existing.some((row) => row.id === refund.id))
    return { ok: false, code: 'conflict', message: MESSAGES.PAYMENT_EXISTS, field: 'refundId' };
  const amountPaid = receivedOf(invoice.id, existing);
  const refundedBefore = refundedOf(invoice.id, existing);
  const owedBack = refundOwed({ ...invoice, amountPaid, amountRefunded: refundedBefore });
  if (owedBack <= 0)
    return {
      ok: false,
      code: 'invalid_state',
      message: MESSAGES.NO_REFUND_OWED,
      field: 'invoiceId',
    };
  if (refund.amount > owedBack)
    return {
      ok: false,
      code: 'invalid_state',
      message: MESSAGES.refundTooLarge(formatCents(owedBack)),
      field: 'amount',
    };
  const amountRefunded = refundedBefore + refund.amount;
  const settled = { ...invoice, amountPaid, amountRefunded };
  const status = settledStatus(settled);
  return {
    ok: true,
    refund: { ...refund, kind: 'refund', stripePaymentIntentId: null, flag: null },
    invoice: {
      ...settled,
      status,
      paidAt: status === 'paid' ? invoice.paidAt : null,
      updatedAt: now,
    },
  };
}

/**
 * A credit note against an issued invoice, for at most what is not yet credited; the GST it
 * takes back is one-eleventh of its amount, rounded once. The invoice itself is not edited: only
 * its credited total and status move.
 */
export function issueCreditNote(
  invoice: Invoice,
  credit: { id: string; amount: number; reason: string },
  now: string,
): { ok: true; invoice: Invoice; creditNote: CreditNote } | SettlementRefusal {
  const left = invoice.amount - invoice.amountCredited;
  if (credit.amount > left)
    return {
      ok: false,
      code: 'invalid_state',
      message: MESSAGES.creditTooLarge(formatCents(left)),
      field: 'amount',
    };
  const amountCredited = invoice.amountCredited + credit.amount;
  const status = settledStatus({ ...invoice, amountCredited });
  return {
    ok: true,
    creditNote: {
      id: credit.id,
      invoiceId: invoice.id,
      customerName: invoice.customerName,
      customerEmail: invoice.customerEmail,
      amount: credit.amount,
      gst: gstOfInclusive(credit.amount),
      reason: credit.reason,
      createdAt: now,
    },
    invoice: {
      ...invoice,
      amountCredited,
      status,
      paidAt: status === 'paid' ? invoice.paidAt : null,
      updatedAt: now,
    },
  };
}

/** 'Cash', 'Card on site'… */
export function paymentMethodLabel(method: PaymentMethod): string {
  return PAYMENT_METHOD_LABELS[method];
}
