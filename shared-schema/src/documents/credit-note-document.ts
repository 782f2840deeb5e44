/**
 * The credit note (an adjustment note in GST terms) as a document: the seller and ABN, the note's
 * number and date, the tax invoice it corrects, the reason, the credit with the GST it takes back,
 * and — when the credit left the customer in credit on a paid invoice — the refund on its way or
 * paid. The credit note PDF and its email are built from it. Without a valid ABN it is a
 * plain credit note: no "Adjustment note", no tax-invoice claim
 * (docs/decisions/2026-11-27-no-abn-no-tax-invoice.md).
 */
import type { BusinessProfile } from '../constants/business-profile-schema';
import { DOCUMENT_TEXT } from '../constants/documents';
import type { CreditNote } from '../entities/credit-note';
import type { Invoice } from '../entities/invoice';
import type { Payment } from '../entities/payment';
import { formatDate } from '../rules/date-format';
import { documentRef } from '../rules/document-number';
import { formatCents } from '../rules/money';
import { creditNotePdfFilename } from './file-names';
import { isRefund, paymentMethodLabel } from './invoice';
import { refundOwed, type Settlement } from '../rules/settlement';
import { amountLine, type AmountLine } from './pricing-lines';
import { sellerBlock, type SellerBlock } from './quote-document';

/** Everything a credit note prints. */
export interface CreditNoteDocument {
  title: string;
  /** 'Adjustment note' when the seller's ABN is valid, else null. */
  subtitle: string | null;
  number: string;
  issueDate: string;
  seller: SellerBlock;
  buyer: { name: string; abn: string | null; email: string | null };
  /** 'Tax invoice INV-2026-1 of 20 Nov 2026 ($1,100.00)'. */
  corrects: string;
  reason: string;
  total: AmountLine;
  gst: AmountLine;
  gstStatement: string;
  /**
   * The money going back to the customer: 'A refund of $110.00 is on its way to you.' while it is
   * owed, what was paid back once it is; null when the credit only reduced what was owed.
   */
  refund: string | null;
  /** Printed on a plain credit note: that it is not a tax document. */
  notTaxInvoiceNote: string | null;
  fileName: string;
}

/** The sentence about money going back to the customer, or null when none is. */
export function refundStatement(
  invoice: Settlement & { id: string },
  refunds: readonly Pick<Payment, 'invoiceId' | 'amount' | 'kind' | 'method' | 'paidAt'>[],
): string | null {
  const owed = refundOwed(invoice);
  if (owed > 0) return `A refund of ${formatCents(owed)} is on its way to you.`;
  const paid = refunds.filter((row) => row.invoiceId === invoice.id && isRefund(row));
  if (paid.length === 0) return null;
  return paid
    .map(
      (row) =>
        `Refunded ${formatCents(row.amount)} by ${paymentMethodLabel(row.method).toLowerCase()} on ${formatDate(row.paidAt)}.`,
    )
    .join(' ');
}

/** Builds the document of a credit note and the invoice it corrects. */
export function creditNoteDocument(
  note: CreditNote,
  invoice: Pick<Invoice, 'id' | 'createdAt' | 'amount' | 'buyerAbn'> &
    Partial<Pick<Invoice, 'number'>> &
    Partial<Settlement>,
  profile: BusinessProfile,
  options: { payments?: readonly Payment[] } = {},
): CreditNoteDocument {
  const seller = sellerBlock(profile);
  const tax = seller.abn !== '';
  const number = documentRef(note);
  const settlement =
    invoice.amountPaid !== undefined && invoice.amountCredited !== undefined
      ? { ...invoice, amountPaid: invoice.amountPaid, amountCredited: invoice.amountCredited }
      : null;
  return {
    title: DOCUMENT_TEXT.CREDIT_NOTE_TITLE,
    subtitle: tax ? DOCUMENT_TEXT.CREDIT_NOTE_SUBTITLE : null,
    number,
    issueDate: formatDate(note.createdAt),
    seller,
    buyer: { name: note.customerName, abn: invoice.buyerAbn, email: note.customerEmail },
    corrects: `${tax ? DOCUMENT_TEXT.TAX_INVOICE_TITLE : DOCUMENT_TEXT.INVOICE_TITLE} ${documentRef(invoice)} of ${formatDate(invoice.createdAt)} (${amountLine('', invoice.amount).text})`,
    reason: note.reason,
    total: amountLine('Credit (GST inclusive)', note.amount),
    gst: amountLine('GST credited', note.gst),
    gstStatement: 'The credit includes GST',
    refund: settlement ? refundStatement(settlement, options.payments ?? []) : null,
    notTaxInvoiceNote: tax ? null : DOCUMENT_TEXT.NOT_A_TAX_INVOICE,
    fileName: creditNotePdfFilename(number),
  };
}
