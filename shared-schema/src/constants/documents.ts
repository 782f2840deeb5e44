/**
 * The words money documents print (quote, tax invoice, credit note) and what the screens, PDFs,
 * emails and the books export show beside them. One set, so a heading or a statement can never
 * read differently in the preview and in the PDF.
 */
import type { PaymentMethod, QuoteItemCategory } from './statuses';

/** Headings of the item groups, in print order (quote preview, quote PDF, quote form, invoice). */
export const CATEGORY_LABELS: Readonly<Record<QuoteItemCategory, string>> = {
  service: 'Services',
  parts: 'Parts',
  misc: 'Other charges',
};

/** How a payment was made, as documents and screens name it. */
export const PAYMENT_METHOD_LABELS: Readonly<Record<PaymentMethod, string>> = {
  card: 'Card (online)',
  cash: 'Cash',
  'card-on-site': 'Card on site',
  'bank-transfer': 'Bank transfer',
};

/** Words of the money documents. */
export const DOCUMENT_TEXT = {
  QUOTE_TITLE: 'Quote',
  /** The words that make the document a tax invoice (A New Tax System (GST) Act s 29-70). */
  TAX_INVOICE_TITLE: 'Tax invoice',
  /** The title of an invoice that is not a tax invoice (no valid ABN). */
  INVOICE_TITLE: 'Invoice',
  /** Printed on a plain invoice or credit note instead of the tax-invoice statements. */
  NOT_A_TAX_INVOICE:
    'This is not a tax invoice: the business’s ABN is not on record. Ask us for a tax invoice if you need one.',
  CREDIT_NOTE_TITLE: 'Credit note',
  /** What a credit note is in GST terms. */
  CREDIT_NOTE_SUBTITLE: 'Adjustment note',
  /** The statement allowed instead of a GST line when GST is exactly one-eleventh of the total. */
  GST_INCLUDED_STATEMENT: 'Total price includes GST',
  /** Under a quote's total. */
  QUOTE_GST_NOTE: 'Prices include GST',
  /** The extent to which each sale is taxable: all of this business's sales are. */
  TAXABLE_STATEMENT: 'Every item is a taxable supply; the GST shown is included in the price.',
  /** Marks a taxable line in the line table. */
  TAXABLE_MARK: 'GST',
  SUBTOTAL: 'Subtotal',
  GST: 'GST',
  /** Label of the GST line; the amount is one-eleventh of the total. */
  GST_INCLUDED: 'GST included',
  FINAL_PRICE: 'Final price',
  TOTAL: 'Total (GST inclusive)',
  AMOUNT_PAID: 'Paid',
  AMOUNT_CREDITED: 'Credited',
  AMOUNT_REFUNDED: 'Refunded',
  /** What a credit note left the customer in credit, until it is paid back. */
  REFUND_OWED: 'Refund owed to you',
  REFUNDS: 'Refunds paid',
  BALANCE_DUE: 'Balance due',
  PAID_STAMP: 'PAID',
  CREDITED_STAMP: 'CREDITED',
  NOT_SET: 'Not set',
  NOT_SPECIFIED: 'Not specified',
  /** Heading of the buyer block. */
  BILL_TO: 'Bill to',
  QUOTE_FOR: 'Quote for',
  JOB_DETAILS: 'Job details',
  TERMS: 'Terms',
  NOTES: 'Notes',
  PAYMENTS: 'Payments received',
} as const;

/** A tax invoice for this GST-inclusive total or more must name the buyer (or their ABN). */
export const BUYER_IDENTITY_THRESHOLD_CENTS = 100_000;

/** GST is one-eleventh of a GST-inclusive price (10 % on top of the GST-exclusive price). */
export const GST_DIVISOR = 11;
