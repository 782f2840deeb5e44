/**
 * The quote PDF (DESIGN.md §8): one A4 document a customer can trust, built with pdf-lib.
 *
 * Layout, top to bottom: business header (name, phones, email, ABN) beside 'QUOTE', the quote
 * number and its dates; the customer and the job (vehicle, service, route, distance); the items
 * grouped by category; the totals (subtotal, location multiplier, discount, final price, the GST
 * note); notes; the terms; and a footer with the pay link and page numbers. Long tables flow onto
 * further pages.
 *
 * Every amount is printed from the stored integer cents with the shared formatter; the
 * multiplier line is basePrice − itemsSubtotal, so the printed lines always add up to the
 * printed final price. The standard PDF fonts only cover Windows-1252, so text is reduced to
 * what they can draw (an arrow becomes '->', anything else unknown becomes '?').
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';
import {
  DATE_FORMATS,
  QUOTE_DEFAULTS,
  QUOTE_ITEM_CATEGORIES,
  QUOTE_TERMS,
  formatCents,
  formatPerth,
  locationMultiplierBasisPoints,
  perthDaysBetween,
  type BusinessProfile,
  type Quote,
  type QuoteItemCategory,
} from '@pilbara/shared-schema';

/** A4 in PDF points. */
const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 50;
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN;
const FOOTER_SPACE = 60;

const COLOURS = {
  text: rgb(0.13, 0.13, 0.13),
  muted: rgb(0.4, 0.4, 0.4),
  accent: rgb(0.85, 0.38, 0.05),
  rule: rgb(0.82, 0.82, 0.82),
  band: rgb(0.96, 0.95, 0.93),
  white: rgb(1, 1, 1),
};

/** Headings of the item groups, in print order. */
export const CATEGORY_HEADINGS: Record<QuoteItemCategory, string> = {
  service: 'Service',
  parts: 'Parts',
  misc: 'Miscellaneous',
};

/** The line printed under the totals. */
export const GST_NOTE = 'Prices include GST';

export interface QuotePdfOptions {
  profile: BusinessProfile;
  /** Absolute pay link printed in the footer, e.g. https://…/checkout?quote=Q-2026-1. */
  payUrl?: string;
}

/** 'Quote-Q-2026-1.pdf': the file name the download and the email attachment use. */
export function quotePdfFilename(quoteId: string): string {
  return `Quote-${quoteId}.pdf`;
}

/** The validity term for a quote: the spec's text when it is the default 14 days. */
export function quoteTerms(quote: Pick<Quote, 'createdAt' | 'validUntil'>): string[] {
  const days = perthDaysBetween(quote.createdAt, quote.validUntil);
  const terms: string[] = [...QUOTE_TERMS];
  if (days > 0 && days !== QUOTE_DEFAULTS.validDays)
    terms[0] = `This quote is valid for ${days} days.`;
  return terms;
}

/** The multiplier applied to a quote (the larger of the two locations') and where it comes from. */
export function quoteMultiplier(quote: Pick<Quote, 'fromLocation' | 'toLocation'>): {
  basisPoints: number;
  location: string | null;
} {
  const from = locationMultiplierBasisPoints(quote.fromLocation);
  const to = locationMultiplierBasisPoints(quote.toLocation);
  if (from >= to) return { basisPoints: from, location: from > 10000 ? quote.fromLocation : null };
  return { basisPoints: to, location: quote.toLocation };
}

/** '1.4' from 14000 basis points, without float arithmetic. */
function basisPointsText(basisPoints: number): string {
  const whole = Math.floor(basisPoints / 10000);
  const fraction = String(basisPoints % 10000)
    .padStart(4, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

const REPLACEMENTS: Record<string, string> = {
  '→': '->',
  '←': '<-',
  '≥': '>=',
  '≤': '<=',
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

interface TextStyle {
  size?: number;
  bold?: boolean;
  colour?: RGB;
}

/** A cursor that writes downwards and starts a new page when the current one is full. */
class Writer {
  page: PDFPage;
  y: number;
  private readonly cache = new Map<string, boolean>();

  constructor(
    readonly doc: PDFDocument,
    readonly fonts: Fonts,
  ) {
    this.page = doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - MARGIN;
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

  /** Splits text into lines no wider than `maxWidth`. */
  wrap(text: string, maxWidth: number, style: TextStyle = {}): string[] {
    const lines: string[] = [];
    let line = '';
    for (const word of this.clean(text, style).split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (this.width(candidate, style) <= maxWidth) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      // A single word wider than the column is broken between characters.
      let rest = word;
      while (this.width(rest, style) > maxWidth) {
        let cut = rest.length - 1;
        while (cut > 1 && this.width(rest.slice(0, cut), style) > maxWidth) cut -= 1;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
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
}

function drawHeader(w: Writer, quote: Quote, profile: BusinessProfile): void {
  const top = w.y;
  w.text(profile.tradingName, MARGIN, top - 20, { size: 18, bold: true });
  const contact: string[] = [
    ...profile.owners.map((owner) => `${owner.name}: ${owner.phone}`),
    ...(profile.staffPhone ? [`Office: ${profile.staffPhone}`] : []),
    profile.email,
    `ABN ${profile.abn}`,
  ];
  let y = top - 38;
  for (const line of contact) {
    w.text(line, MARGIN, y, { size: 9, colour: COLOURS.muted });
    y -= 12;
  }

  const right = PAGE.width - MARGIN;
  w.textRight('QUOTE', right, top - 22, { size: 24, bold: true, colour: COLOURS.accent });
  w.textRight(quote.id, right, top - 40, { size: 12, bold: true });
  const issued = formatPerth(quote.createdAt, DATE_FORMATS.date);
  const validUntil = formatPerth(quote.validUntil, DATE_FORMATS.date);
  w.textRight(`Issue date: ${issued}`, right, top - 56, { size: 9 });
  w.textRight(`Valid until: ${validUntil}`, right, top - 68, { size: 9 });

  w.y = Math.min(y, top - 76) - 8;
  w.rule(w.y, COLOURS.accent, 2);
  w.y -= 18;
}

function drawParties(w: Writer, quote: Quote): void {
  const columnWidth = CONTENT_WIDTH / 2 - 10;
  const rightX = MARGIN + CONTENT_WIDTH / 2 + 10;
  const top = w.y;

  w.text('QUOTE FOR', MARGIN, top - 9, { size: 8, bold: true, colour: COLOURS.muted });
  const customer: [string, TextStyle][] = [
    [quote.customerName, { size: 11, bold: true }],
    [`Phone: ${quote.customerPhone}`, {}],
  ];
  if (quote.customerEmail) customer.push([`Email: ${quote.customerEmail}`, {}]);

  w.text('JOB DETAILS', rightX, top - 9, { size: 8, bold: true, colour: COLOURS.muted });
  const route =
    quote.fromLocation || quote.toLocation
      ? `${quote.fromLocation ?? 'Not set'} → ${quote.toLocation ?? 'Not set'}`
      : 'Not set';
  const job: [string, TextStyle][] = [
    [`Vehicle type: ${quote.vehicleType ?? 'Not specified'}`, {}],
    [`Service: ${quote.service ?? 'Not specified'}`, {}],
    [`Route: ${route}`, {}],
    [`Distance: ${quote.distance} km`, {}],
  ];

  const column = (lines: [string, TextStyle][], x: number): number => {
    let y = top - 26;
    for (const [text, style] of lines) {
      for (const line of w.wrap(text, columnWidth, style)) {
        w.text(line, x, y, style);
        y -= (style.size ?? 10) + 4;
      }
    }
    return y;
  };
  const leftEnd = column(customer, MARGIN);
  const rightEnd = column(job, rightX);
  w.y = Math.min(leftEnd, rightEnd) - 10;
}

const COLUMNS = {
  description: MARGIN + 8,
  quantityRight: MARGIN + CONTENT_WIDTH - 190,
  unitRight: MARGIN + CONTENT_WIDTH - 95,
  totalRight: MARGIN + CONTENT_WIDTH - 8,
  descriptionWidth: CONTENT_WIDTH - 250,
};

function drawTableHeader(w: Writer): void {
  w.ensure(40);
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
  w.textRight('Total', COLUMNS.totalRight, y, style);
  w.y -= 26;
}

function drawItems(w: Writer, quote: Quote): void {
  drawTableHeader(w);
  for (const category of QUOTE_ITEM_CATEGORIES) {
    const items = quote.items.filter((item) => item.category === category);
    if (items.length === 0) continue;
    if (w.ensure(40)) drawTableHeader(w);
    w.page.drawRectangle({
      x: MARGIN,
      y: w.y - 16,
      width: CONTENT_WIDTH,
      height: 16,
      color: COLOURS.band,
    });
    w.text(CATEGORY_HEADINGS[category], COLUMNS.description, w.y - 12, { size: 9, bold: true });
    w.y -= 20;
    for (const item of items) {
      const lines = w.wrap(item.description, COLUMNS.descriptionWidth);
      const height = lines.length * 14 + 4;
      // A continued table repeats its column headings at the top of the new page.
      if (w.ensure(height)) drawTableHeader(w);
      const first = w.y - 11;
      lines.forEach((line, index) => w.text(line, COLUMNS.description, first - index * 14));
      w.textRight(String(item.quantity), COLUMNS.quantityRight, first);
      w.textRight(formatCents(item.unitPrice), COLUMNS.unitRight, first);
      w.textRight(formatCents(item.total), COLUMNS.totalRight, first);
      w.y -= height;
      w.rule(w.y + 2);
    }
  }
  w.y -= 6;
}

function drawTotals(w: Writer, quote: Quote): void {
  const labelRight = COLUMNS.unitRight;
  const line = (label: string, amount: string, style: TextStyle = {}) => {
    const size = style.size ?? 10;
    w.ensure(size + 8);
    w.textRight(label, labelRight, w.y - size, style);
    w.textRight(amount, COLUMNS.totalRight, w.y - size, style);
    w.y -= size + 8;
  };

  line('Subtotal', formatCents(quote.itemsSubtotal));
  const multiplier = quoteMultiplier(quote);
  const uplift = quote.basePrice - quote.itemsSubtotal;
  const multiplierLabel = multiplier.location
    ? `Location multiplier (${multiplier.location} ×${basisPointsText(multiplier.basisPoints)})`
    : 'Location multiplier (×1)';
  line(multiplierLabel, uplift === 0 ? formatCents(0) : `+${formatCents(uplift)}`);
  line(
    `Discount (${quote.discountPercent}%)`,
    quote.discountAmount === 0 ? formatCents(0) : `-${formatCents(quote.discountAmount)}`,
  );

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
  w.textRight('Final price', labelRight, w.y - 18, style);
  w.textRight(formatCents(quote.finalPrice), COLUMNS.totalRight, w.y - 18, style);
  w.y -= 40;
  w.textRight(GST_NOTE, COLUMNS.totalRight, w.y, { size: 9, bold: true, colour: COLOURS.muted });
  w.y -= 20;
}

function drawSection(w: Writer, heading: string): void {
  w.ensure(40);
  w.text(heading, MARGIN, w.y - 10, { size: 10, bold: true });
  w.y -= 14;
  w.rule(w.y);
  w.y -= 6;
}

function drawNotesAndTerms(w: Writer, quote: Quote): void {
  if (quote.notes && quote.notes.trim()) {
    drawSection(w, 'Notes');
    for (const paragraph of quote.notes.split(/\r?\n/)) {
      w.paragraph(paragraph, MARGIN, CONTENT_WIDTH, { size: 9 });
    }
    w.y -= 10;
  }
  drawSection(w, 'Terms');
  for (const term of quoteTerms(quote)) {
    w.paragraph(`• ${term}`, MARGIN + 4, CONTENT_WIDTH - 4, { size: 9 });
  }
}

function drawFooters(
  doc: PDFDocument,
  fonts: Fonts,
  profile: BusinessProfile,
  payUrl?: string,
): void {
  const pages = doc.getPages();
  const cache = new Map<string, boolean>();
  pages.forEach((page, index) => {
    page.drawLine({
      start: { x: MARGIN, y: MARGIN + 22 },
      end: { x: PAGE.width - MARGIN, y: MARGIN + 22 },
      thickness: 0.75,
      color: COLOURS.rule,
    });
    const left = payUrl ? `Pay online: ${payUrl}` : `Thank you for choosing ${profile.tradingName}`;
    page.drawText(drawable(fonts.regular, cache, left), {
      x: MARGIN,
      y: MARGIN + 8,
      size: 8,
      font: fonts.regular,
      color: COLOURS.muted,
    });
    const pageText = `Page ${index + 1} of ${pages.length}`;
    page.drawText(pageText, {
      x: PAGE.width - MARGIN - fonts.regular.widthOfTextAtSize(pageText, 8),
      y: MARGIN + 8,
      size: 8,
      font: fonts.regular,
      color: COLOURS.muted,
    });
  });
}

/** Renders the quote as an A4 PDF. */
export async function renderQuotePdf(quote: Quote, options: QuotePdfOptions): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Quote ${quote.id}`);
  doc.setAuthor(options.profile.tradingName);
  doc.setSubject(`Quote for ${quote.customerName}`);
  doc.setCreator(options.profile.tradingName);
  const fonts: Fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  const writer = new Writer(doc, fonts);
  drawHeader(writer, quote, options.profile);
  drawParties(writer, quote);
  drawItems(writer, quote);
  drawTotals(writer, quote);
  drawNotesAndTerms(writer, quote);
  drawFooters(doc, fonts, options.profile, options.payUrl);
  return doc.save();
}
