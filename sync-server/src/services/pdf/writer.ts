/**
 * The page machinery every money document's PDF shares (pdf-lib, A4): a cursor that writes
 * downwards and starts a new page when one is full, wrapped text and right-aligned amounts. The
 * parts drawn with it (header, item table, totals, footers) are document-parts.ts. What each
 * document says comes from its shared-schema document model; these modules only lay it out.
 *
 * The standard PDF fonts only cover Windows-1252, so text is reduced to what they can draw (an
 * arrow becomes '->', anything else unknown becomes '?').
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';

/** A4 in PDF points. */
export const PAGE = { width: 595.28, height: 841.89 };
export const MARGIN = 50;
export const CONTENT_WIDTH = PAGE.width - 2 * MARGIN;
const FOOTER_SPACE = 60;
/** The height a page can write in, between the top margin and the footer. */
const WRITABLE_HEIGHT = PAGE.height - 2 * MARGIN - FOOTER_SPACE;

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
export function drawable(font: PDFFont, cache: Map<string, boolean>, text: string): string {
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
  /** Where the document's closing part (totals, how to pay, terms) began: page and height. */
  private closingMark: { page: number; y: number } | null = null;
  /** Points the current page leaves empty above its footer (see {@link startClosing}). */
  private spareAtFoot = 0;

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
    if (this.y - height >= MARGIN + FOOTER_SPACE + this.spareAtFoot) return false;
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - MARGIN;
    this.spareAtFoot = 0;
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
   * Splits text into lines no wider than `maxWidth`, in time linear in its length, so
   * one very long word in a customer's text cannot hold up the PDF worker. Words go on a line while
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

  /**
   * Marks the start of the document's closing part (see {@link closingHeight}). With `spare`,
   * the page the part starts on leaves that many points empty at its foot, so what would have
   * been drawn there goes on to the next page with the rest of the part.
   */
  startClosing(spare = 0): void {
    this.spareAtFoot = Math.max(0, Math.min(spare, WRITABLE_HEIGHT / 2));
    this.closingMark = { page: this.doc.getPageCount() - 1, y: this.y };
  }

  /** Points the closing part took so far (null when none was marked), across pages. */
  closingHeight(): number | null {
    if (!this.closingMark) return null;
    const pages = this.doc.getPageCount() - 1 - this.closingMark.page;
    if (pages === 0) return this.closingMark.y - this.y;
    const bottom = MARGIN + FOOTER_SPACE;
    const top = PAGE.height - MARGIN;
    return this.closingMark.y - bottom + (pages - 1) * WRITABLE_HEIGHT + (top - this.y);
  }

  /** Points written on the last page so far. */
  lastPageUsed(): number {
    return PAGE.height - MARGIN - this.y;
  }

  /** Sets (or clears) what a new page starts with while a table runs on. */
  continueWith(draw: (() => void) | null): void {
    this.continuation = draw;
  }

  async save(): Promise<Uint8Array> {
    return this.doc.save();
  }
}
