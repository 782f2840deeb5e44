/**
 * The parts every document's PDF is drawn from with a {@link Writer}: the seller header, two
 * labelled columns, the item table with its repeated headings, amount lines, the totals box,
 * notes, section headings, bullets, how to pay and the footer with page numbers; and
 * {@link withoutNearEmptyPage}, which moves enough of a document's closing part onto its last
 * page that two lines of terms are never left alone there.
 */
import {
  DOCUMENT_TEXT,
  type AmountLine,
  type DocumentSection,
  type PaymentInstructions,
  type SellerBlock,
} from '@pilbara/shared-schema';
import { COLOURS, CONTENT_WIDTH, MARGIN, PAGE, drawable, type TextStyle, Writer } from './writer';

/**
 * A last page holding less than this (points, about a fifth of the writable page) is near-empty:
 * the document is laid out again with more of its closing part on that page.
 */
const NEAR_EMPTY_POINTS = 150;

/**
 * Lays a document out with `draw` (which marks its closing part with `Writer.startClosing`,
 * passing on the points it is given); when that leaves a near-empty last page, lays it out once
 * more with the closing's first page leaving the shortfall empty at its foot. What was drawn
 * there (how to pay, say) moves on to join the terms, and the totals stay under the items they
 * add up: moving the whole closing instead put a two-line invoice's totals on a page of their own.
 */
export async function withoutNearEmptyPage(
  draw: (spareAtFoot: number) => Promise<Writer>,
): Promise<Writer> {
  const first = await draw(0);
  const closing = first.closingHeight();
  if (first.doc.getPageCount() < 2 || first.lastPageUsed() >= NEAR_EMPTY_POINTS || !closing)
    return first;
  return draw(NEAR_EMPTY_POINTS - first.lastPageUsed());
}

/** What every document model has for its header. */
interface DocumentHead {
  title: string;
  number: string;
  seller: SellerBlock;
}

/**
 * Opens a document's PDF, its metadata naming the document ("<title> <number>", the seller,
 * "<title> <about>"), and draws its header with `lines` (dates) and a stamp when given.
 */
export async function startDocument(
  doc: DocumentHead,
  about: string,
  lines: string[],
  stamp?: string | null,
): Promise<Writer> {
  const w = await Writer.create({
    title: `${doc.title} ${doc.number}`,
    author: doc.seller.name,
    subject: `${doc.title} ${about}`,
  });
  drawHeader(w, doc.seller, { title: doc.title, number: doc.number, lines, stamp });
  return w;
}

/** The lines about whom a document is for: the name, then ABN, phone and email when known. */
export function partyLines(party: {
  name: string;
  abn?: string | null;
  phone?: string | null;
  email?: string | null;
}): [string, TextStyle][] {
  const lines: [string, TextStyle][] = [[party.name, { size: 11, bold: true }]];
  if (party.abn) lines.push([`ABN ${party.abn}`, {}]);
  if (party.phone) lines.push([`Phone: ${party.phone}`, {}]);
  if (party.email) lines.push([`Email: ${party.email}`, {}]);
  return lines;
}

/** Labelled rows ("Label: value") as column lines (a job's details, an invoice's references). */
export function labelledLines(
  rows: readonly { label: string; value: string }[],
): [string, TextStyle][] {
  return rows.map((row) => [`${row.label}: ${row.value}`, {}]);
}

/** The end of a money document's body: how to pay (while something is owed), then its terms. */
export function drawClosingText(
  w: Writer,
  terms: readonly string[],
  payment: PaymentInstructions | null,
): void {
  if (payment) drawPaymentBlock(w, payment);
  drawSection(w, DOCUMENT_TEXT.TERMS);
  drawBullets(w, terms);
}

/**
 * Ends a money document: the footer on every page (the pay link while money is owed, else a
 * thank-you from the seller) and the file's bytes.
 */
export function finishDocument(
  w: Writer,
  payUrl: string | null | undefined,
  sellerName: string,
): Promise<Uint8Array> {
  drawFooters(w, payUrl ? `Pay online: ${payUrl}` : `Thank you for choosing ${sellerName}`);
  return w.save();
}

/**
 * "How to pay" in a shaded box: the account name, BSB, account number, PayID and the document's
 * number as the reference, each on its own line, then the note (or, without bank details, whom to
 * call). Kept whole on one page.
 */
function drawPaymentBlock(w: Writer, payment: PaymentInstructions): void {
  const row = 15;
  const note: TextStyle = { size: 9 };
  const noteLines = w.wrap(payment.note, CONTENT_WIDTH - 24, note);
  const height = 30 + payment.rows.length * row + noteLines.length * 12 + 10;
  w.ensure(height + 12);
  const top = w.y - 4;
  w.page.drawRectangle({
    x: MARGIN,
    y: top - height,
    width: CONTENT_WIDTH,
    height,
    color: COLOURS.band,
    borderColor: COLOURS.accent,
    borderWidth: 1,
  });
  w.text(payment.heading, MARGIN + 12, top - 18, { size: 11, bold: true });
  let y = top - 36;
  for (const { label, value } of payment.rows) {
    w.text(label, MARGIN + 12, y, { size: 10, colour: COLOURS.muted });
    w.text(value, MARGIN + 130, y, { size: 10, bold: true });
    y -= row;
  }
  y -= 2;
  for (const line of noteLines) {
    w.text(line, MARGIN + 12, y, note);
    y -= 12;
  }
  w.y = top - height - 12;
}

/**
 * The seller block on the left (name, contact lines, ABN) and the document's title, number and
 * dates on the right; a stamp such as 'PAID' under them when given.
 */
function drawHeader(
  w: Writer,
  seller: SellerBlock,
  right: { title: string; number: string; lines: string[]; stamp?: string | null },
): void {
  const top = w.y;
  w.text(seller.name, MARGIN, top - 20, { size: 18, bold: true });
  let y = top - 38;
  // A missing or invalid ABN is not printed at all: sellerBlock leaves it empty.
  for (const line of [...seller.contact, ...(seller.abn ? [`ABN ${seller.abn}`] : [])]) {
    w.text(line, MARGIN, y, { size: 9, colour: COLOURS.muted });
    y -= 12;
  }

  const edge = PAGE.width - MARGIN;
  w.textRight(right.title.toUpperCase(), edge, top - 22, {
    size: 22,
    bold: true,
    colour: COLOURS.accent,
  });
  w.textRight(right.number, edge, top - 40, { size: 12, bold: true });
  let rightY = top - 56;
  for (const line of right.lines) {
    w.textRight(line, edge, rightY, { size: 9 });
    rightY -= 12;
  }
  if (right.stamp) {
    const style: TextStyle = { size: 14, bold: true, colour: COLOURS.paid };
    const width = w.width(right.stamp, style) + 16;
    w.page.drawRectangle({
      x: edge - width,
      y: rightY - 14,
      width,
      height: 22,
      borderColor: COLOURS.paid,
      borderWidth: 2,
    });
    w.textRight(right.stamp, edge - 8, rightY - 8, style);
    rightY -= 28;
  }

  w.y = Math.min(y, rightY) - 8;
  w.rule(w.y, COLOURS.accent, 2);
  w.y -= 18;
}

/** Two columns of labelled lines under small headings (customer and job, buyer and references). */
export function drawTwoColumns(
  w: Writer,
  left: { heading: string; lines: [string, TextStyle][] },
  right: { heading: string; lines: [string, TextStyle][] },
): void {
  const columnWidth = CONTENT_WIDTH / 2 - 10;
  const rightX = MARGIN + CONTENT_WIDTH / 2 + 10;
  const top = w.y;
  const column = (block: typeof left, x: number): number => {
    w.text(block.heading.toUpperCase(), x, top - 9, { size: 8, bold: true, colour: COLOURS.muted });
    let y = top - 26;
    for (const [text, style] of block.lines) {
      for (const line of w.wrap(text, columnWidth, style)) {
        w.text(line, x, y, style);
        y -= (style.size ?? 10) + 4;
      }
    }
    return y;
  };
  const leftEnd = column(left, MARGIN);
  const rightEnd = column(right, rightX);
  w.y = Math.min(leftEnd, rightEnd) - 10;
}

/** Where the item table's columns end. */
export const COLUMNS = {
  description: MARGIN + 8,
  quantityRight: MARGIN + CONTENT_WIDTH - 190,
  unitRight: MARGIN + CONTENT_WIDTH - 105,
  taxRight: MARGIN + CONTENT_WIDTH - 72,
  totalRight: MARGIN + CONTENT_WIDTH - 8,
  descriptionWidth: CONTENT_WIDTH - 250,
};

function drawTableHeader(w: Writer, taxColumn: string | null): void {
  w.page.drawRectangle({
    x: MARGIN,
    y: w.y - 20,
    width: CONTENT_WIDTH,
    height: 20,
    color: COLOURS.text,
  });
  const y = w.y - 14;
  const style: TextStyle = { size: 9, bold: true, colour: COLOURS.white };
  w.text('Description', COLUMNS.description, y, style);
  w.textRight('Qty', COLUMNS.quantityRight, y, style);
  w.textRight('Unit price', COLUMNS.unitRight, y, style);
  if (taxColumn) w.textRight(taxColumn, COLUMNS.taxRight, y, style);
  w.textRight('Total', COLUMNS.totalRight, y, style);
  w.y -= 26;
}

/**
 * The item table: a band with each section's heading, then its lines. With `taxMark`, every line
 * carries it in a Tax column (a tax invoice shows each sale's taxable extent). A table that runs
 * onto another page repeats its column headings there.
 */
export function drawItems(w: Writer, sections: DocumentSection[], taxMark: string | null): void {
  const taxColumn = taxMark ? 'Tax' : null;
  w.ensure(60);
  drawTableHeader(w, taxColumn);
  w.continueWith(() => drawTableHeader(w, taxColumn));
  for (const section of sections) {
    w.ensure(40);
    drawBand(w, section.heading);
    w.y -= 20;
    for (const item of section.lines) {
      const lines = w.wrap(item.description, COLUMNS.descriptionWidth);
      const height = lines.length * 14 + 4;
      w.ensure(height);
      const first = w.y - 11;
      lines.forEach((line, index) => w.text(line, COLUMNS.description, first - index * 14));
      w.textRight(String(item.quantity), COLUMNS.quantityRight, first);
      w.textRight(item.unitPrice, COLUMNS.unitRight, first);
      if (taxMark) w.textRight(taxMark, COLUMNS.taxRight, first, { size: 9 });
      w.textRight(item.total, COLUMNS.totalRight, first);
      w.y -= height;
      w.rule(w.y + 2);
    }
  }
  w.continueWith(null);
  w.y -= 6;
}

/** Amount lines right-aligned under the table ('Subtotal $270.00'). */
export function drawAmountLines(w: Writer, lines: AmountLine[], style: TextStyle = {}): void {
  const size = style.size ?? 10;
  for (const line of lines) {
    w.ensure(size + 8);
    w.textRight(line.label, COLUMNS.unitRight, w.y - size, style);
    w.textRight(line.text, COLUMNS.totalRight, w.y - size, style);
    w.y -= size + 8;
  }
}

/** The total in a filled box across the right half. */
export function drawTotalBox(w: Writer, total: AmountLine): void {
  w.ensure(40);
  w.y -= 4;
  w.page.drawRectangle({
    x: MARGIN + CONTENT_WIDTH / 2,
    y: w.y - 26,
    width: CONTENT_WIDTH / 2,
    height: 26,
    color: COLOURS.accent,
  });
  const style: TextStyle = { size: 13, bold: true, colour: COLOURS.white };
  w.textRight(total.label, COLUMNS.unitRight, w.y - 18, style);
  w.textRight(total.text, COLUMNS.totalRight, w.y - 18, style);
  w.y -= 34;
}

/** A right-aligned note under the totals. */
export function drawNote(w: Writer, text: string, style: TextStyle = {}): void {
  const size = style.size ?? 9;
  w.ensure(size + 6);
  w.textRight(text, COLUMNS.totalRight, w.y - size, {
    size,
    bold: true,
    colour: COLOURS.muted,
    ...style,
  });
  w.y -= size + 6;
}

/** A shaded band with a bold label, heading a group inside a section (items, photos). */
export function drawBand(w: Writer, label: string): void {
  w.page.drawRectangle({
    x: MARGIN,
    y: w.y - 16,
    width: CONTENT_WIDTH,
    height: 16,
    color: COLOURS.band,
  });
  w.text(label, COLUMNS.description, w.y - 12, { size: 9, bold: true });
}

/** A heading over a section with a rule under it. */
export function drawSection(w: Writer, heading: string): void {
  w.ensure(40);
  w.text(heading, MARGIN, w.y - 10, { size: 10, bold: true });
  w.y -= 14;
  w.rule(w.y);
  w.y -= 6;
}

/** A section heading over a list; when the list is empty, `emptyText` in muted type instead. */
export function drawListSection(
  w: Writer,
  heading: string,
  items: readonly unknown[],
  emptyText: string,
): void {
  drawSection(w, heading);
  if (items.length === 0)
    w.paragraph(emptyText, MARGIN, CONTENT_WIDTH, { size: 9, colour: COLOURS.muted });
}

/** Bulleted paragraphs (terms). */
function drawBullets(w: Writer, items: readonly string[]): void {
  for (const item of items) w.paragraph(`• ${item}`, MARGIN + 4, CONTENT_WIDTH - 4, { size: 9 });
}

/** Every page's footer: a rule, `left` (a pay link or a thank-you) and 'Page n of m'. */
export function drawFooters(w: Writer, left: string): void {
  const pages = w.doc.getPages();
  const cache = new Map<string, boolean>();
  pages.forEach((page, index) => {
    page.drawLine({
      start: { x: MARGIN, y: MARGIN + 22 },
      end: { x: PAGE.width - MARGIN, y: MARGIN + 22 },
      thickness: 0.75,
      color: COLOURS.rule,
    });
    page.drawText(drawable(w.fonts.regular, cache, left), {
      x: MARGIN,
      y: MARGIN + 8,
      size: 8,
      font: w.fonts.regular,
      color: COLOURS.muted,
    });
    const pageText = `Page ${index + 1} of ${pages.length}`;
    page.drawText(pageText, {
      x: PAGE.width - MARGIN - w.fonts.regular.widthOfTextAtSize(pageText, 8),
      y: MARGIN + 8,
      size: 8,
      font: w.fonts.regular,
      color: COLOURS.muted,
    });
  });
}
