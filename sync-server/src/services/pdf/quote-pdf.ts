/**
 * The quote PDF (docs/features.md), laid out from the shared quote document: business header beside
 * 'QUOTE', number and dates; customer and job; items by category; subtotal, location multiplier,
 * discount, final price and the GST it includes; notes; how to pay by transfer with the quote's
 * number as the reference; the terms for its validity; the pay link in the footer.
 */
import {
  DOCUMENT_TEXT,
  quoteDocument,
  type BusinessProfile,
  type Quote,
} from '@pilbara/shared-schema';
import { MARGIN, CONTENT_WIDTH } from './writer';
import {
  drawAmountLines,
  drawClosingText,
  drawItems,
  drawNote,
  drawSection,
  drawTotalBox,
  drawTwoColumns,
  finishDocument,
  labelledLines,
  partyLines,
  startDocument,
  withoutNearEmptyPage,
} from './document-parts';

export interface QuotePdfOptions {
  profile: BusinessProfile;
  /** Absolute pay link printed in the footer, e.g. https://…/checkout?quote=Q-2026-1. */
  payUrl?: string;
}

/** Renders the quote as an A4 PDF. */
export async function renderQuotePdf(quote: Quote, options: QuotePdfOptions): Promise<Uint8Array> {
  const doc = quoteDocument(quote, options.profile);
  const w = await withoutNearEmptyPage(async (spareAtFoot) => {
    const w = await startDocument(doc, `for ${doc.customer.name}`, [
      `Issue date: ${doc.issueDate}`,
      `Valid until: ${doc.validUntil}`,
    ]);
    drawTwoColumns(
      w,
      { heading: DOCUMENT_TEXT.QUOTE_FOR, lines: partyLines(doc.customer) },
      { heading: DOCUMENT_TEXT.JOB_DETAILS, lines: labelledLines(doc.job) },
    );
    drawItems(w, doc.sections, null);
    w.startClosing(spareAtFoot);
    drawAmountLines(w, doc.adjustments);
    drawTotalBox(w, doc.total);
    drawNote(w, `${doc.gst.label} ${doc.gst.text}`, { bold: false });
    drawNote(w, doc.gstNote);
    w.y -= 10;
    if (doc.notes) {
      drawSection(w, DOCUMENT_TEXT.NOTES);
      for (const paragraph of doc.notes.split(/\r?\n/))
        w.paragraph(paragraph, MARGIN, CONTENT_WIDTH, { size: 9 });
      w.y -= 10;
    }
    drawClosingText(w, doc.terms, doc.payment);
    return w;
  });
  return finishDocument(w, options.payUrl, doc.seller.name);
}
