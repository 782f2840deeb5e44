/**
 * The tax invoice as a document, and the checks that it is one. An Australian tax invoice from a
 * GST-registered seller must show: that it is a tax invoice; the seller's identity and ABN; the
 * date of issue; each item's description, quantity and price; the GST (shown, or the statement
 * that the total includes it when GST is exactly one-eleventh); the extent to which each sale is
 * taxable; an invoice number; and for $1,000 or more, the buyer's identity or ABN. The invoice
 * PDF, the invoice preview and the invoice email are all built from {@link taxInvoiceDocument}.
 *
 * No valid ABN, no tax invoice (docs/decisions/2026-11-27-no-abn-no-tax-invoice.md):
 * {@link taxInvoiceDocument} checks the document it built with {@link taxInvoiceProblems}, and one
 * that fails any point — the seller's ABN missing or failing the ATO's checksum, a number not yet
 * given, a buyer not named — is printed as a plain "Invoice" that makes no tax-invoice claim, with
 * the points it fails listed for the server's log and the owner's banner.
 */
import type { BusinessProfile } from '../constants/business-profile-schema';
import { BUYER_IDENTITY_THRESHOLD_CENTS, DOCUMENT_TEXT } from '../constants/documents';
import { SERIES_PREFIXES } from '../constants/ids';
import { QUOTE_TERMS } from '../constants/quotes';
import type { CreditNote } from '../entities/credit-note';
import type { Invoice } from '../entities/invoice';
import type { Payment } from '../entities/payment';
import { formatDate } from '../rules/date-format';
import { paymentInstructions, type PaymentInstructions } from './payment-details';
import { documentRef } from '../rules/document-number';
import { formatCents } from '../rules/money';
import { invoicePdfFilename } from './file-names';
import { gstOfInclusive } from '../rules/gst';
import {
  INVOICE_STATE_LABELS,
  invoiceState,
  isRefund,
  paymentMethodLabel,
  type InvoiceState,
} from './invoice';
import { balanceDue, refundOwed } from '../rules/settlement';
import {
  amountLine,
  discountLine,
  itemSections,
  multiplierLine,
  type AmountLine,
  type DocumentSection,
} from './pricing-lines';
import { sellerBlock, type LabelledValue, type SellerBlock } from './quote-document';
import { formatAbn, isValidAbn } from './abn';

/** One payment as the invoice lists it. */
export interface PaymentLine {
  date: string;
  method: string;
  reference: string | null;
  amount: string;
  cents: number;
}

/** The terms a tax invoice repeats from the quote: when payment is due and how it can be made. */
export const INVOICE_TERMS: readonly string[] = [QUOTE_TERMS[1], QUOTE_TERMS[3]];

/** Everything a tax invoice prints, in print order. */
export interface TaxInvoiceDocument {
  /** 'Tax invoice', or 'Invoice' when it fails a point of a tax invoice ({@link problems}). */
  title: string;
  /** Whether it meets every point of a tax invoice and says so. */
  taxInvoice: boolean;
  /** The points of a tax invoice it fails (empty for a tax invoice). */
  problems: TaxInvoiceRule[];
  /** Printed on a plain invoice: that it is not a tax invoice. */
  notTaxInvoiceNote: string | null;
  number: string;
  issueDate: string;
  dueDate: string | null;
  seller: SellerBlock;
  buyer: { name: string; abn: string | null; phone: string | null; email: string | null };
  /** Quote, job and service the invoice is for. */
  references: LabelledValue[];
  sections: DocumentSection[];
  /** Every item line is taxable; the table marks each with this. */
  taxableMark: string;
  taxableStatement: string;
  /** Subtotal, then the location multiplier and the discount when they changed the price. */
  adjustments: AmountLine[];
  total: AmountLine;
  /** The GST included in the total, shown as its own line. */
  gst: AmountLine;
  /** 'Total price includes GST' (GST here is always exactly one-eleventh of the total). */
  gstStatement: string;
  payments: PaymentLine[];
  /** Paid, credited and balance due, when anything was paid or credited; else just the balance. */
  settlement: AmountLine[];
  balanceDueCents: number;
  state: InvoiceState;
  stateLabel: string;
  /** 'PAID' or 'CREDITED' across a settled invoice, else null. */
  stamp: string | null;
  /** The credit notes issued against it ('CN-2026-1 $110.00: reason'). */
  creditNotes: string[];
  /** Refunds paid back to the customer, as the payments are listed. */
  refunds: PaymentLine[];
  /** What is owed back to the customer (a credit note left them in credit), cents. */
  refundOwedCents: number;
  /** Where the customer pays online, while a balance is due and a link exists. */
  payUrl: string | null;
  /** How to pay what is owed by transfer, with the number as the reference; null once settled. */
  payment: PaymentInstructions | null;
  terms: readonly string[];
  fileName: string;
}

/** What else an invoice document is built from. */
export interface TaxInvoiceOptions {
  payments?: readonly Payment[];
  creditNotes?: readonly CreditNote[];
  payUrl?: string | null;
  /** The numbers of the quote and job it refers to (their keys are printed otherwise). */
  quoteRef?: string | null;
  jobRef?: string | null;
}

function paymentLine(payment: Payment): PaymentLine {
  return {
    date: formatDate(payment.paidAt),
    method: paymentMethodLabel(payment.method),
    reference: payment.reference,
    amount: formatCents(payment.amount),
    cents: payment.amount,
  };
}

/**
 * Builds the invoice document of a stored invoice with its payments and credit notes: a tax
 * invoice when it meets every point of one, else a plain invoice (see the module comment).
 */
export function taxInvoiceDocument(
  invoice: Invoice,
  profile: BusinessProfile,
  options: TaxInvoiceOptions = {},
): TaxInvoiceDocument {
  const doc = taxInvoiceDraft(invoice, profile, options);
  const problems = taxInvoiceProblems(doc);
  if (problems.length === 0) return doc;
  return {
    ...doc,
    title: DOCUMENT_TEXT.INVOICE_TITLE,
    taxInvoice: false,
    problems,
    notTaxInvoiceNote: DOCUMENT_TEXT.NOT_A_TAX_INVOICE,
    fileName: invoicePdfFilename(doc.number, false),
  };
}

function taxInvoiceDraft(
  invoice: Invoice,
  profile: BusinessProfile,
  options: TaxInvoiceOptions,
): TaxInvoiceDocument {
  const rows = [...(options.payments ?? [])]
    .filter((payment) => payment.invoiceId === invoice.id)
    .sort((a, b) => a.paidAt.localeCompare(b.paidAt) || a.id - b.id);
  const payments = rows.filter((payment) => !isRefund(payment));
  const refunds = rows.filter(isRefund);
  const credits = (options.creditNotes ?? []).filter((note) => note.invoiceId === invoice.id);
  const due = balanceDue(invoice);
  const state = invoiceState(invoice);
  const settlement: AmountLine[] = [];
  if (invoice.amountPaid > 0)
    settlement.push({
      label: DOCUMENT_TEXT.AMOUNT_PAID,
      cents: -invoice.amountPaid,
      text: `-${formatCents(invoice.amountPaid)}`,
    });
  if (invoice.amountCredited > 0)
    settlement.push({
      label: DOCUMENT_TEXT.AMOUNT_CREDITED,
      cents: -invoice.amountCredited,
      text: `-${formatCents(invoice.amountCredited)}`,
    });
  if ((invoice.amountRefunded ?? 0) > 0)
    settlement.push({
      label: DOCUMENT_TEXT.AMOUNT_REFUNDED,
      cents: invoice.amountRefunded ?? 0,
      text: formatCents(invoice.amountRefunded ?? 0),
    });
  const owedBack = refundOwed(invoice);
  settlement.push(
    owedBack > 0
      ? amountLine(DOCUMENT_TEXT.REFUND_OWED, owedBack)
      : amountLine(DOCUMENT_TEXT.BALANCE_DUE, due),
  );
  const references: LabelledValue[] = [];
  if (invoice.quoteId)
    references.push({
      label: 'Quote',
      value: options.quoteRef ?? documentRef({ id: invoice.quoteId }),
    });
  if (invoice.jobId)
    references.push({ label: 'Job', value: options.jobRef ?? documentRef({ id: invoice.jobId }) });
  if (invoice.service) references.push({ label: 'Service', value: invoice.service });
  // Work on account: the customer's PO (what their accounts payable match the invoice to) and
  // the site the work was at.
  if (invoice.poNumber) references.push({ label: 'PO', value: invoice.poNumber });
  if (invoice.siteName) references.push({ label: 'Site', value: invoice.siteName });
  const number = documentRef(invoice);
  return {
    title: DOCUMENT_TEXT.TAX_INVOICE_TITLE,
    taxInvoice: true,
    problems: [],
    notTaxInvoiceNote: null,
    number,
    issueDate: formatDate(invoice.createdAt),
    dueDate: invoice.dueDate ? formatDate(invoice.dueDate) : null,
    seller: sellerBlock(profile),
    buyer: {
      name: invoice.customerName,
      // An ABN that fails the ATO's check is not printed: a wrong ABN is worse than none.
      abn: isValidAbn(invoice.buyerAbn) ? formatAbn(invoice.buyerAbn ?? '') : null,
      phone: invoice.customerPhone,
      email: invoice.customerEmail,
    },
    references,
    sections: itemSections(invoice.lineItems),
    taxableMark: DOCUMENT_TEXT.TAXABLE_MARK,
    taxableStatement: DOCUMENT_TEXT.TAXABLE_STATEMENT,
    // A multiplier or discount that changed nothing is left off the invoice.
    adjustments: [
      amountLine(DOCUMENT_TEXT.SUBTOTAL, invoice.itemsSubtotal),
      ...[
        multiplierLine(invoice.itemsSubtotal, invoice.amount + invoice.discountAmount, {
          basisPoints: invoice.multiplierBasisPoints,
          location: invoice.multiplierLocation,
        }),
        discountLine(invoice.discountPercent, invoice.discountAmount),
      ].filter((line) => line.cents !== 0),
    ],
    total: amountLine(DOCUMENT_TEXT.TOTAL, invoice.amount),
    gst: amountLine(DOCUMENT_TEXT.GST_INCLUDED, invoice.gst),
    gstStatement: DOCUMENT_TEXT.GST_INCLUDED_STATEMENT,
    payments: payments.map(paymentLine),
    refunds: refunds.map(paymentLine),
    refundOwedCents: owedBack,
    settlement,
    balanceDueCents: Math.max(0, due),
    state,
    stateLabel: INVOICE_STATE_LABELS[state],
    stamp:
      state === 'paid'
        ? DOCUMENT_TEXT.PAID_STAMP
        : state === 'credited'
          ? DOCUMENT_TEXT.CREDITED_STAMP
          : null,
    creditNotes: credits.map(
      (note) => `${documentRef(note)} ${formatCents(note.amount)}: ${note.reason}`,
    ),
    payUrl: due > 0 ? (options.payUrl ?? null) : null,
    payment: due > 0 ? paymentInstructions(profile, number) : null,
    // On account the invoice is due by its date (the account's terms), not on completion.
    terms:
      invoice.accountId && invoice.dueDate
        ? [`Payment is due by ${formatDate(invoice.dueDate)}.`, ...INVOICE_TERMS.slice(1)]
        : INVOICE_TERMS,
    fileName: invoicePdfFilename(number),
  };
}

/** The points of an Australian tax invoice, each checked by {@link taxInvoiceProblems}. */
export const TAX_INVOICE_RULES = {
  title: 'It says it is a tax invoice',
  seller: "It shows the seller's name and a valid ABN",
  issueDate: 'It shows the date of issue',
  lines: 'It describes each item with its quantity and price',
  gst: 'It shows the GST, one-eleventh of the total rounded once, or says the total includes GST',
  taxable: 'It shows the extent to which each sale is taxable',
  number: 'It has an invoice number',
  buyer: "At $1,000 or more it names the buyer or shows the buyer's ABN",
} as const;

/** A point of {@link TAX_INVOICE_RULES}. */
export type TaxInvoiceRule = keyof typeof TAX_INVOICE_RULES;

const INVOICE_NUMBER = new RegExp(`^${SERIES_PREFIXES.invoice}-\\d{4}-\\d+$`);

/** The points a tax invoice document fails; an empty list means it meets every one. */
export function taxInvoiceProblems(doc: TaxInvoiceDocument): TaxInvoiceRule[] {
  const problems: TaxInvoiceRule[] = [];
  if (doc.title !== DOCUMENT_TEXT.TAX_INVOICE_TITLE) problems.push('title');
  if (!doc.seller.name.trim() || !isValidAbn(doc.seller.abn)) problems.push('seller');
  if (!doc.issueDate.trim()) problems.push('issueDate');
  const lines = doc.sections.flatMap((section) => section.lines);
  if (
    lines.length === 0 ||
    lines.some(
      (line) =>
        !line.description.trim() ||
        line.quantity < 1 ||
        line.totalCents !== line.unitPriceCents * line.quantity,
    )
  )
    problems.push('lines');
  const gstRight = doc.gst.cents === gstOfInclusive(doc.total.cents);
  if (!gstRight || !(doc.gst.label.trim() || doc.gstStatement.trim())) problems.push('gst');
  if (!doc.taxableMark.trim() || !doc.taxableStatement.trim()) problems.push('taxable');
  if (!INVOICE_NUMBER.test(doc.number)) problems.push('number');
  if (buyerIdentityMissing(doc.total.cents, doc.buyer)) problems.push('buyer');
  return problems;
}

/**
 * The buyer point of a tax invoice: at $1,000 or more (GST included) it must show the buyer's
 * identity or ABN. A name that is only blanks identifies nobody, and an ABN that fails the
 * ATO's check is no ABN. For work on account the invoice carries the account's legal name and
 * ABN, so it passes; a one-off customer's name passes too.
 */
export function buyerIdentityMissing(
  totalCents: number,
  buyer: { name: string; abn: string | null },
): boolean {
  return (
    totalCents >= BUYER_IDENTITY_THRESHOLD_CENTS && !buyer.name.trim() && !isValidAbn(buyer.abn)
  );
}
