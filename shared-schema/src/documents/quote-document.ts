/**
 * The quote as a document: every heading, line, amount and term the quote preview, the quote
 * PDF and the quote email show, worded and computed here once. The screens and the PDF only lay
 * it out, so the preview can never print different terms or totals from the PDF.
 */
import type { BusinessProfile } from '../constants/business-profile-schema';
import { DOCUMENT_TEXT } from '../constants/documents';
import type { Quote } from '../entities/quote';
import { perthDaysBetween } from '../rules/dates';
import { formatDate } from '../rules/date-format';
import { documentRef } from '../rules/document-number';
import { formatAbn, isValidAbn } from './abn';
import { gstOfInclusive } from '../rules/gst';
import { paymentInstructions, type PaymentInstructions } from './payment-details';
import { quotePdfFilename } from './file-names';
import {
  amountLine,
  discountLine,
  itemSections,
  multiplierLine,
  quoteTerms,
  routeMultiplier,
  routeText,
  type AmountLine,
  type DocumentSection,
} from './pricing-lines';

/** A labelled value ('Service' '4x4 Recovery'). */
export interface LabelledValue {
  label: string;
  value: string;
}

/** The seller block every document prints at the top. */
export interface SellerBlock {
  name: string;
  /** The business's ABN when it is a valid one, else '' (and no ABN is printed). */
  abn: string;
  /** Contact lines: each owner with their phone, the office line, the email. */
  contact: string[];
}

/** Everything a quote prints, in print order. */
export interface QuoteDocument {
  title: string;
  number: string;
  /** Issue and valid-until dates as printed ('20 Nov 2026'). */
  issueDate: string;
  validUntil: string;
  /** Whole days the quote is valid for, counted on Perth dates. */
  validDays: number;
  seller: SellerBlock;
  customer: { name: string; phone: string; email: string | null };
  job: LabelledValue[];
  sections: DocumentSection[];
  /** Subtotal, location multiplier and discount, in print order. */
  adjustments: AmountLine[];
  total: AmountLine;
  /** The GST included in the final price, one-eleventh rounded once. */
  gst: AmountLine;
  gstNote: string;
  notes: string | null;
  /** How to pay by transfer, with the quote's number as the reference. */
  payment: PaymentInstructions;
  terms: string[];
  fileName: string;
}

/** The seller block from the business profile. */
export function sellerBlock(profile: BusinessProfile): SellerBlock {
  return {
    name: profile.tradingName,
    // A placeholder or mistyped ABN is never printed: a wrong ABN on a tax invoice
    // is worse than none.
    abn: isValidAbn(profile.abn) ? formatAbn(profile.abn) : '',
    contact: [
      ...profile.owners.map((owner) => `${owner.name}: ${owner.phone}`),
      ...(profile.staffPhone ? [`Office: ${profile.staffPhone}`] : []),
      ...(profile.email ? [profile.email] : []),
    ],
  };
}

/** Whole days a quote is valid for: from its issue date to its valid-until date, in Perth. */
export function quoteValidDays(quote: Pick<Quote, 'createdAt' | 'validUntil'>): number {
  return perthDaysBetween(quote.createdAt, quote.validUntil);
}

/** Builds the document of a stored quote. */
export function quoteDocument(quote: Quote, profile: BusinessProfile): QuoteDocument {
  const validDays = quoteValidDays(quote);
  const number = documentRef(quote);
  return {
    title: DOCUMENT_TEXT.QUOTE_TITLE,
    number,
    issueDate: formatDate(quote.createdAt),
    validUntil: formatDate(quote.validUntil),
    validDays,
    seller: sellerBlock(profile),
    customer: { name: quote.customerName, phone: quote.customerPhone, email: quote.customerEmail },
    job: [
      { label: 'Vehicle type', value: quote.vehicleType ?? DOCUMENT_TEXT.NOT_SPECIFIED },
      { label: 'Service', value: quote.service ?? DOCUMENT_TEXT.NOT_SPECIFIED },
      { label: 'Route', value: routeText(quote) },
      { label: 'Distance', value: `${quote.distance} km` },
    ],
    sections: itemSections(quote.items),
    adjustments: [
      amountLine(DOCUMENT_TEXT.SUBTOTAL, quote.itemsSubtotal),
      multiplierLine(quote.itemsSubtotal, quote.basePrice, routeMultiplier(quote)),
      discountLine(quote.discountPercent, quote.discountAmount),
    ],
    total: amountLine(DOCUMENT_TEXT.FINAL_PRICE, quote.finalPrice),
    gst: amountLine(DOCUMENT_TEXT.GST_INCLUDED, gstOfInclusive(quote.finalPrice)),
    gstNote: DOCUMENT_TEXT.QUOTE_GST_NOTE,
    notes: quote.notes && quote.notes.trim() ? quote.notes : null,
    payment: paymentInstructions(profile, number),
    terms: quoteTerms(validDays),
    fileName: quotePdfFilename(number),
  };
}
