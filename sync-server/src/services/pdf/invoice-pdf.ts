/**
 * The tax invoice and credit note PDFs, laid out from the shared document models. The tax
 * invoice prints every point an Australian tax invoice needs: 'TAX INVOICE', the seller and ABN,
 * number and issue date, the buyer, each line with quantity, price and its GST mark, the total
 * with the GST it includes and the statement that it does, the payments and the balance due,
 * and 'PAID' once settled; the footer carries the pay link while money is owed.
 */
import {
  DOCUMENT_TEXT,
  creditNoteDocument,
  taxInvoiceDocument,
  type BusinessProfile,
  type CreditNote,
  type Invoice,
  type Payment,
} from '@pilbara/shared-schema';
import {
  COLOURS,
  COLUMNS,
  Writer,
  drawAmountLines,
  drawBullets,
  drawFooters,
  drawHeader,
  drawItems,
  drawNote,
  drawSection,
  drawTotalBox,
  drawTwoColumns,
  MARGIN,
  type TextStyle,
} from './writer';

/** The Bill To lines: the buyer's name, then their ABN, phone and email when known. */
function buyerLines(buyer: {
  name: string;
  abn: string | null;
  phone?: string | null;
  email: string | null;
}): [string, TextStyle][] {
  const lines: [string, TextStyle][] = [[buyer.name, { size: 11, bold: true }]];
  if (buyer.abn) lines.push([`ABN ${buyer.abn}`, {}]);
  if (buyer.phone) lines.push([`Phone: ${buyer.phone}`, {}]);
  if (buyer.email) lines.push([`Email: ${buyer.email}`, {}]);
  return lines;
}

export interface InvoicePdfOptions {
  profile: BusinessProfile;
  payments?: readonly Payment[];
  creditNotes?: readonly CreditNote[];
  /** Where the customer pays online; printed only while a balance is due. */
  payUrl?: string | null;
}

/** Renders a tax invoice as an A4 PDF. */
export async function renderInvoicePdf(
  invoice: Invoice,
  options: InvoicePdfOptions,
): Promise<Uint8Array> {
  const doc = taxInvoiceDocument(invoice, options.profile, options);
  const w = await Writer.create({
    title: `${doc.title} ${doc.number}`,
    author: doc.seller.name,
    subject: `${doc.title} for ${doc.buyer.name}`,
  });
  drawHeader(w, doc.seller, {
    title: doc.title,
    number: doc.number,
    lines: [`Issue date: ${doc.issueDate}`, ...(doc.dueDate ? [`Due date: ${doc.dueDate}`] : [])],
    stamp: doc.stamp,
  });
  drawTwoColumns(
    w,
    { heading: DOCUMENT_TEXT.BILL_TO, lines: buyerLines(doc.buyer) },
    {
      heading: 'Reference',
      lines: doc.references.map((row) => [`${row.label}: ${row.value}`, {}]),
    },
  );
  drawItems(w, doc.sections, doc.taxableMark);
  drawAmountLines(w, doc.adjustments);
  drawTotalBox(w, doc.total);
  drawAmountLines(w, [doc.gst], { bold: true });
  drawNote(w, doc.gstStatement);
  drawNote(w, doc.taxableStatement, { bold: false, size: 8 });
  w.y -= 6;

  if (doc.payments.length > 0) {
    drawSection(w, DOCUMENT_TEXT.PAYMENTS);
    for (const payment of doc.payments) {
      w.ensure(16);
      const described = [payment.date, payment.method, payment.reference]
        .filter(Boolean)
        .join(' · ');
      w.text(described, MARGIN + 4, w.y - 10, { size: 9 });
      w.textRight(payment.amount, COLUMNS.totalRight, w.y - 10, { size: 9 });
      w.y -= 16;
    }
    w.y -= 4;
  }
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
      colour: doc.balanceDueCents > 0 ? COLOURS.accent : COLOURS.paid,
    });
  w.y -= 8;
  drawSection(w, DOCUMENT_TEXT.TERMS);
  drawBullets(w, doc.terms);
  drawFooters(
    w,
    doc.payUrl ? `Pay online: ${doc.payUrl}` : `Thank you for choosing ${doc.seller.name}`,
  );
  return w.save();
}

/** Renders a credit note as an A4 PDF. */
export async function renderCreditNotePdf(
  note: CreditNote,
  invoice: Invoice,
  profile: BusinessProfile,
): Promise<Uint8Array> {
  const doc = creditNoteDocument(note, invoice, profile);
  const w = await Writer.create({
    title: `${doc.title} ${doc.number}`,
    author: doc.seller.name,
    subject: `${doc.title} for ${doc.buyer.name}`,
  });
  drawHeader(w, doc.seller, {
    title: doc.title,
    number: doc.number,
    lines: [doc.subtitle, `Issue date: ${doc.issueDate}`],
  });
  drawTwoColumns(
    w,
    { heading: DOCUMENT_TEXT.BILL_TO, lines: buyerLines(doc.buyer) },
    { heading: 'Corrects', lines: [[doc.corrects, {}]] },
  );
  drawSection(w, 'Reason');
  w.paragraph(doc.reason, MARGIN, 495, { size: 10 });
  w.y -= 10;
  drawTotalBox(w, doc.total);
  drawAmountLines(w, [doc.gst], { bold: true });
  drawNote(w, doc.gstStatement);
  drawFooters(w, `Thank you for choosing ${doc.seller.name}`);
  return w.save();
}
