/**
 * The tax invoice and credit note PDFs, laid out from the shared document models. The tax
 * invoice prints every point an Australian tax invoice needs: 'TAX INVOICE', the seller and ABN,
 * number and issue date, the buyer, each line with quantity, price and its GST mark, the total
 * with the GST it includes and the statement that it does, the payments and the balance due,
 * and 'PAID' once settled; how to pay by transfer, with the invoice number as the reference, and
 * the pay link in the footer while money is owed. Without a valid
 * ABN (or anything else a tax invoice needs) it is titled 'INVOICE' and says it is not a tax
 * invoice. Refunds paid back, and a refund still owed, are listed after the payments.
 */
import {
  DOCUMENT_TEXT,
  creditNoteDocument,
  taxInvoiceDocument,
  type BusinessProfile,
  type CreditNote,
  type Invoice,
  type Payment,
  type PaymentLine,
  type TaxInvoiceOptions,
} from '@pilbara/shared-schema';
import { COLOURS, MARGIN, type Writer } from './writer';
import {
  COLUMNS,
  drawAmountLines,
  drawClosingText,
  drawFooters,
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

export interface InvoicePdfOptions extends TaxInvoiceOptions {
  profile: BusinessProfile;
}

/** A list of payments (or refunds) under its heading. */
function drawMoneyLines(w: Writer, heading: string, lines: readonly PaymentLine[]): void {
  if (lines.length === 0) return;
  drawSection(w, heading);
  for (const line of lines) {
    w.ensure(16);
    const described = [line.date, line.method, line.reference].filter(Boolean).join(' · ');
    w.text(described, MARGIN + 4, w.y - 10, { size: 9 });
    w.textRight(line.amount, COLUMNS.totalRight, w.y - 10, { size: 9 });
    w.y -= 16;
  }
  w.y -= 4;
}

/** Renders a tax invoice as an A4 PDF. */
export async function renderInvoicePdf(
  invoice: Invoice,
  options: InvoicePdfOptions,
): Promise<Uint8Array> {
  const doc = taxInvoiceDocument(invoice, options.profile, options);
  const w = await withoutNearEmptyPage(async (spareAtFoot) => {
    const w = await startDocument(
      doc,
      `for ${doc.buyer.name}`,
      [`Issue date: ${doc.issueDate}`, ...(doc.dueDate ? [`Due date: ${doc.dueDate}`] : [])],
      doc.stamp,
    );
    drawTwoColumns(
      w,
      { heading: DOCUMENT_TEXT.BILL_TO, lines: partyLines(doc.buyer) },
      { heading: 'Reference', lines: labelledLines(doc.references) },
    );
    drawItems(w, doc.sections, doc.taxableMark);
    w.startClosing(spareAtFoot);
    drawInvoiceClosing(w, doc);
    return w;
  });
  return finishDocument(w, doc.payUrl, doc.seller.name);
}

/** From the totals to the terms: what the invoice comes to, what was paid, how to pay the rest. */
function drawInvoiceClosing(w: Writer, doc: ReturnType<typeof taxInvoiceDocument>): void {
  drawAmountLines(w, doc.adjustments);
  drawTotalBox(w, doc.total);
  drawAmountLines(w, [doc.gst], { bold: true });
  drawNote(w, doc.gstStatement);
  drawNote(w, doc.notTaxInvoiceNote ?? doc.taxableStatement, { bold: false, size: 8 });
  w.y -= 6;

  drawMoneyLines(w, DOCUMENT_TEXT.PAYMENTS, doc.payments);
  drawMoneyLines(w, DOCUMENT_TEXT.REFUNDS, doc.refunds);
  if (doc.creditNotes.length > 0) {
    drawSection(w, 'Credit notes');
    for (const note of doc.creditNotes) w.paragraph(note, MARGIN + 4, 400, { size: 9 });
    w.y -= 4;
  }
  const balance = doc.settlement.at(-1);
  drawAmountLines(w, doc.settlement.slice(0, -1));
  if (balance)
    drawAmountLines(w, [balance], {
      bold: true,
      size: 12,
      colour: doc.balanceDueCents > 0 || doc.refundOwedCents > 0 ? COLOURS.accent : COLOURS.paid,
    });
  w.y -= 8;
  drawClosingText(w, doc.terms, doc.payment);
}

/** Renders a credit note as an A4 PDF. */
export async function renderCreditNotePdf(
  note: CreditNote,
  invoice: Invoice,
  profile: BusinessProfile,
  options: { payments?: readonly Payment[] } = {},
): Promise<Uint8Array> {
  const doc = creditNoteDocument(note, invoice, profile, options);
  const w = await startDocument(doc, `for ${doc.buyer.name}`, [
    ...(doc.subtitle ? [doc.subtitle] : []),
    `Issue date: ${doc.issueDate}`,
  ]);
  drawTwoColumns(
    w,
    { heading: DOCUMENT_TEXT.BILL_TO, lines: partyLines(doc.buyer) },
    { heading: 'Corrects', lines: [[doc.corrects, {}]] },
  );
  drawSection(w, 'Reason');
  w.paragraph(doc.reason, MARGIN, 495, { size: 10 });
  w.y -= 10;
  drawTotalBox(w, doc.total);
  drawAmountLines(w, [doc.gst], { bold: true });
  drawNote(w, doc.gstStatement);
  if (doc.notTaxInvoiceNote) drawNote(w, doc.notTaxInvoiceNote, { bold: false, size: 8 });
  if (doc.refund) {
    w.y -= 6;
    drawSection(w, 'Refund');
    w.paragraph(doc.refund, MARGIN, 495, { size: 10, bold: true });
  }
  drawFooters(w, `Thank you for choosing ${doc.seller.name}`);
  return w.save();
}
