/**
 * The page machinery every money document's PDF shares (pdf-lib, A4): a cursor that writes
 * downwards and starts a new page when one is full, wrapped text, right-aligned amounts, the
 * seller header, the item table with its repeated headings, the totals box and the footer with
 * page numbers. What each document says comes from its shared-schema document model; this module
 * only lays it out.
 *
 * The standard PDF fonts only cover Windows-1252, so text is reduced to what they can draw (an
 * arrow becomes '->', anything else unknown becomes '?').
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';
import type { AmountLine, DocumentSection, SellerBlock } from '@pilbara/shared-schema';

/** A4 in PDF points. */
const PAGE = { width: 595.28, height: 841.89 };
export const MARGIN = 50;
export const CONTENT_WIDTH = PAGE.width - 2 * MARGIN;
const FOOTER_SPACE = 60;

export const COLOURS = {
  text: rgb(0.13, 0.13, 0.13),
  muted: rgb(0.4, 0.4, 0.4),
  accent: rgb(0.85, 0.38, 0.05),
  rule: rgb(0.82, 0.82, 0.82),
  band: rgb(0.96, 0.95, 0.93),
  white: rgb(1, 1, 1),
  paid: rgb(0.1, 0.55, 0.35),
};

const REPLACEMENTS: Record<string, string> = {
  '→': '->',
  '←': '<-',
  '≥': '>=',
  '≤': '<=',
  '–': '-',
  '\u00a0': ' ',
  '\t': ' ',
};

/** Text reduced to what a standard font can encode. */
function drawable(font: PDFFont, cache: Map<string, boolean>, text: string): string {
  let out = '';
  for (const char of text.replace(/\r?\n/g, ' ')) {
    const replaced = REPLACEMENTS[char] ?? char;
    for (const c of replaced) {
      let ok = cache.get(c);
      if (ok === undefined) {
        try {
          font.encodeText(c);
          ok = true;
        } catch {
          ok = false;
        }
        cache.set(c, ok);
      }
      out += ok ? c : '?';
    }
  }
  return out;
}

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

export interface TextStyle {
  size?: number;
  bold?: boolean;
  colour?: RGB;
}

/** A cursor that writes downwards and starts a new page when the current one is full. */
export class Writer {
  page: PDFPage;
  y: number;
  private readonly cache = new Map<string, boolean>();
  /** Glyph advances and pair kernings at size 1, by font and characters (see {@link measure}). */
  private readonly advances = new Map<string, number>();
  private readonly kernings = new Map<string, number>();
  /** Drawn again at the top of a page the item table continues on. */
  private continuation: (() => void) | null = null;

  private constructor(
    readonly doc: PDFDocument,
    readonly fonts: Fonts,
  ) {
    this.page = doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - MARGIN;
  }

  /** A new A4 document with its metadata and the standard fonts embedded. */
  static async create(meta: { title: string; author: string; subject: string }): Promise<Writer> {
    const doc = await PDFDocument.create();
    doc.setTitle(meta.title);
    doc.setAuthor(meta.author);
    doc.setSubject(meta.subject);
    doc.setCreator(meta.author);
    const fonts: Fonts = {
      regular: await doc.embedFont(StandardFonts.Helvetica),
      bold: await doc.embedFont(StandardFonts.HelveticaBold),
    };
    return new Writer(doc, fonts);
  }

  font(style: TextStyle): PDFFont {
    return style.bold ? this.fonts.bold : this.fonts.regular;
  }

  clean(text: string, style: TextStyle = {}): string {
    return drawable(this.font(style), this.cache, text);
  }

  width(text: string, style: TextStyle = {}): number {
    return this.font(style).widthOfTextAtSize(this.clean(text, style), style.size ?? 10);
  }

  /**
   * Starts a new page when fewer than `height` points are left above the footer; returns whether
   * it did.
   */
  ensure(height: number): boolean {
    if (this.y - height >= MARGIN + FOOTER_SPACE) return false;
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - MARGIN;
    this.continuation?.();
    return true;
  }

  text(text: string, x: number, y: number, style: TextStyle = {}): void {
    this.page.drawText(this.clean(text, style), {
      x,
      y,
      size: style.size ?? 10,
      font: this.font(style),
      color: style.colour ?? COLOURS.text,
    });
  }

  /** Text right-aligned so it ends at `right`. */
  textRight(text: string, right: number, y: number, style: TextStyle = {}): void {
    this.text(text, right - this.width(text, style), y, style);
  }

  /**
   * Width of `text` (already {@link clean}ed) in points, as pdf-lib measures it: each glyph's
   * advance plus the kerning of each pair, read from per-font caches, so measuring is linear.
   */
  private measure(text: string, style: TextStyle): number {
    let units = 0;
    let previous = '';
    for (const c of text) {
      units += this.advance(c, style) + (previous ? this.kerning(previous, c, style) : 0);
      previous = c;
    }
    return units * (style.size ?? 10);
  }

  /** A glyph's advance at size 1. */
  private advance(c: string, style: TextStyle): number {
    const key = `${style.bold ? 'b' : 'r'}${c}`;
    let width = this.advances.get(key);
    if (width === undefined) {
      width = this.font(style).widthOfTextAtSize(c, 1);
      this.advances.set(key, width);
    }
    return width;
  }

  /** The kerning between two glyphs at size 1 (0 for most pairs). */
  private kerning(a: string, b: string, style: TextStyle): number {
    const key = `${style.bold ? 'b' : 'r'}${a}${b}`;
    let kern = this.kernings.get(key);
    if (kern === undefined) {
      kern =
        this.font(style).widthOfTextAtSize(a + b, 1) -
        this.advance(a, style) -
        this.advance(b, style);
      this.kernings.set(key, kern);
    }
    return kern;
  }

  /**
   * Splits text into lines no wider than `maxWidth`, in time linear in its length (issue 25: a
   * 2,000-character word used to take seconds, a largest quote 37 s). Words go on a line while
   * they fit; a word wider than the column is broken between characters, each piece as long as
   * fits.
   */
  wrap(text: string, maxWidth: number, style: TextStyle = {}): string[] {
    const size = style.size ?? 10;
    const limit = maxWidth / size;
    const lines: string[] = [];
    let line = '';
    let lineUnits = 0;
    let lineLast = '';
    const wordUnits = (word: string) => this.measure(word, style) / size;
    for (const word of this.clean(text, style).split(/\s+/).filter(Boolean)) {
      const units = wordUnits(word);
      if (line) {
        const joined =
          lineUnits +
          this.kerning(lineLast, ' ', style) +
          this.advance(' ', style) +
          this.kerning(' ', word[0] as string, style) +
          units;
        if (joined <= limit) {
          line = `${line} ${word}`;
          lineUnits = joined;
          lineLast = word.at(-1) as string;
          continue;
        }
        lines.push(line);
      }
      if (units <= limit) {
        line = word;
        lineUnits = units;
        lineLast = word.at(-1) as string;
        continue;
      }
      // A single word wider than the column, cut greedily between characters.
      let piece = '';
      let pieceUnits = 0;
      let previous = '';
      for (const c of word) {
        const next =
          pieceUnits + (previous ? this.kerning(previous, c, style) : 0) + this.advance(c, style);
        if (piece && next > limit) {
          lines.push(piece);
          piece = c;
          pieceUnits = this.advance(c, style);
        } else {
          piece += c;
          pieceUnits = next;
        }
        previous = c;
      }
      line = piece;
      lineUnits = pieceUnits;
      lineLast = previous;
    }
    if (line) lines.push(line);
    return lines.length ? lines : [''];
  }

  /** A wrapped paragraph at the cursor. */
  paragraph(text: string, x: number, maxWidth: number, style: TextStyle = {}): void {
    const size = style.size ?? 10;
    for (const line of this.wrap(text, maxWidth, style)) {
      this.ensure(size + 4);
      this.text(line, x, this.y - size, style);
      this.y -= size + 4;
    }
  }

  rule(y: number, colour: RGB = COLOURS.rule, thickness = 0.75): void {
    this.page.drawLine({
      start: { x: MARGIN, y },
      end: { x: PAGE.width - MARGIN, y },
      thickness,
      color: colour,
    });
  }

  /** Sets (or clears) what a new page starts with while a table runs on. */
  continueWith(draw: (() => void) | null): void {
    this.continuation = draw;
  }

  async save(): Promise<Uint8Array> {
    return this.doc.save();
  }
}

/**
 * The seller block on the left (name, contact lines, ABN) and the document's title, number and
 * dates on the right; a stamp such as 'PAID' under them when given.
 */
export function drawHeader(
  w: Writer,
  seller: SellerBlock,
  right: { title: string; number: string; lines: string[]; stamp?: string | null },
): void {
  const top = w.y;
  w.text(seller.name, MARGIN, top - 20, { size: 18, bold: true });
  let y = top - 38;
  // A missing or invalid ABN is not printed at all (issue 28): sellerBlock leaves it empty.
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
    w.page.drawRectangle({
      x: MARGIN,
      y: w.y - 16,
      width: CONTENT_WIDTH,
      height: 16,
      color: COLOURS.band,
    });
    w.text(section.heading, COLUMNS.description, w.y - 12, { size: 9, bold: true });
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

/** A heading over a section with a rule under it. */
export function drawSection(w: Writer, heading: string): void {
  w.ensure(40);
  w.text(heading, MARGIN, w.y - 10, { size: 10, bold: true });
  w.y -= 14;
  w.rule(w.y);
  w.y -= 6;
}

/** Bulleted paragraphs (terms). */
export function drawBullets(w: Writer, items: readonly string[]): void {
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
