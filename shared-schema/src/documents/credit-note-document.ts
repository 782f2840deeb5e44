/**
 * The credit note (an adjustment note in GST terms) as a document: the seller and ABN, the note's
 * number and date, the tax invoice it corrects, the reason, and the credit with the GST it takes
 * back. The credit note PDF is built from it.
 */
import type { BusinessProfile } from '../api/business-profile';
import { DATE_FORMATS } from '../constants/dates';
import { DOCUMENT_TEXT } from '../constants/documents';
import type { CreditNote } from '../entities/credit-note';
import type { Invoice } from '../entities/invoice';
import { formatPerth } from '../rules/dates';
import { creditNotePdfFilename } from './file-names';
import { amountLine, type AmountLine } from './pricing-lines';
import { sellerBlock, type SellerBlock } from './quote-document';

/** Everything a credit note prints. */
export interface CreditNoteDocument {
  title: string;
  subtitle: string;
  number: string;
  issueDate: string;
  seller: SellerBlock;
  buyer: { name: string; abn: string | null; email: string | null };
  /** 'Tax invoice INV-2026-1 of Nov 20, 2026 ($1,100.00)'. */
  corrects: string;
  reason: string;
  total: AmountLine;
  gst: AmountLine;
  gstStatement: string;
  fileName: string;
}

/** Builds the document of a credit note and the invoice it corrects. */
export function creditNoteDocument(
  note: CreditNote,
  invoice: Pick<Invoice, 'id' | 'createdAt' | 'amount' | 'buyerAbn'>,
  profile: BusinessProfile,
): CreditNoteDocument {
  return {
    title: DOCUMENT_TEXT.CREDIT_NOTE_TITLE,
    subtitle: DOCUMENT_TEXT.CREDIT_NOTE_SUBTITLE,
    number: note.id,
    issueDate: formatPerth(note.createdAt, DATE_FORMATS.date),
    seller: sellerBlock(profile),
    buyer: { name: note.customerName, abn: invoice.buyerAbn, email: note.customerEmail },
    corrects: `${DOCUMENT_TEXT.TAX_INVOICE_TITLE} ${invoice.id} of ${formatPerth(invoice.createdAt, DATE_FORMATS.date)} (${amountLine('', invoice.amount).text})`,
    reason: note.reason,
    total: amountLine('Credit (GST inclusive)', note.amount),
    gst: amountLine('GST credited', note.gst),
    gstStatement: 'The credit includes GST',
    fileName: creditNotePdfFilename(note.id),
  };
}
