/**
 * The lines every money document prints around its items, worded once: the location multiplier
 * (with the place it comes from), the discount, the GST, and the quote's terms for its validity.
 */
import { CATEGORY_LABELS, DOCUMENT_TEXT } from '../constants/documents';
import { QUOTE_DEFAULTS, QUOTE_TERMS } from '../constants/quotes';
import { QUOTE_ITEM_CATEGORIES, type QuoteItemCategory } from '../constants/statuses';
import type { QuoteItem } from '../entities/quote';
import { formatCents } from '../rules/money';
import { locationMultiplierBasisPoints } from '../rules/pricing';

/** One amount line of a document: what it says and the cents it stands for. */
export interface AmountLine {
  label: string;
  cents: number;
  /** The amount as printed ('+$108.00', '-$37.80', '$340.20'). */
  text: string;
}

/** '1.4' from 14000 basis points, without float arithmetic. */
export function basisPointsText(basisPoints: number): string {
  const whole = Math.floor(basisPoints / 10000);
  const fraction = String(basisPoints % 10000)
    .padStart(4, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/**
 * The multiplier a route takes (the larger location's) and the place it comes from. A quote
 * priced from a price list carries the multiplier it was priced with, which is what its
 * documents print whatever the list says now; a quote from before price lists is read with the
 * built-in list's multipliers (those it was priced with).
 */
export function routeMultiplier(
  route: {
    fromLocation: string | null;
    toLocation: string | null;
    multiplierBasisPoints?: number | null;
    multiplierLocation?: string | null;
  },
  multipliers?: Readonly<Record<string, number>>,
): { basisPoints: number; location: string | null } {
  if (route.multiplierBasisPoints !== undefined && route.multiplierBasisPoints !== null)
    return { basisPoints: route.multiplierBasisPoints, location: route.multiplierLocation ?? null };
  const from = locationMultiplierBasisPoints(route.fromLocation, multipliers);
  const to = locationMultiplierBasisPoints(route.toLocation, multipliers);
  if (from >= to) return { basisPoints: from, location: from > 10000 ? route.fromLocation : null };
  return { basisPoints: to, location: route.toLocation };
}

/** 'Location multiplier (Tom Price ×1.4)', or 'Location multiplier (×1)' when none applies. */
export function multiplierLabel(basisPoints: number, location: string | null): string {
  const factor = `×${basisPointsText(basisPoints)}`;
  return location && basisPoints !== 10000
    ? `Location multiplier (${location} ${factor})`
    : `Location multiplier (${factor})`;
}

/** The multiplier line: the uplift it adds to the subtotal, '+$108.00' (or '$0.00'). */
export function multiplierLine(
  itemsSubtotal: number,
  basePrice: number,
  multiplier: { basisPoints: number; location: string | null },
): AmountLine {
  const cents = basePrice - itemsSubtotal;
  return {
    label: multiplierLabel(multiplier.basisPoints, multiplier.location),
    cents,
    text: cents === 0 ? formatCents(0) : `+${formatCents(cents)}`,
  };
}

/** The discount line: 'Discount (10%)' '-$37.80' (or '$0.00'). */
export function discountLine(discountPercent: number, discountAmount: number): AmountLine {
  return {
    label: `Discount (${discountPercent}%)`,
    cents: -discountAmount,
    text: discountAmount === 0 ? formatCents(0) : `-${formatCents(discountAmount)}`,
  };
}

/** A plain amount line ('Subtotal' '$270.00'). */
export function amountLine(label: string, cents: number): AmountLine {
  return { label, cents, text: formatCents(cents) };
}

/** 'This quote is valid for 30 days.' ('… for 1 day.' for one). */
export function validityTerm(days: number): string {
  return `This quote is valid for ${days} ${days === 1 ? 'day' : 'days'}.`;
}

/**
 * The terms printed on a quote valid for `validDays` days: the spec's list (valid 14 days, due on
 * completion, after-hours charges, payment methods, GST included) with its first term stating
 * the quote's own validity, so an automatic 30-day quote never says 14.
 */
export function quoteTerms(validDays: number): string[] {
  const days = validDays > 0 ? validDays : QUOTE_DEFAULTS.validDays;
  return [validityTerm(days), ...QUOTE_TERMS.slice(1)];
}

/** One printed line of an item table. */
export interface DocumentLine {
  id: string;
  description: string;
  quantity: number;
  unitPriceCents: number;
  totalCents: number;
  unitPrice: string;
  total: string;
}

/** The items of one category under its heading. */
export interface DocumentSection {
  category: QuoteItemCategory;
  heading: string;
  lines: DocumentLine[];
}

/** Items grouped by category in print order, each group under its heading; empty groups left out. */
export function itemSections(items: readonly QuoteItem[]): DocumentSection[] {
  return QUOTE_ITEM_CATEGORIES.flatMap((category) => {
    const lines = items
      .filter((item) => item.category === category)
      .map((item) => ({
        id: item.id,
        description: item.description,
        quantity: item.quantity,
        unitPriceCents: item.unitPrice,
        totalCents: item.total,
        unitPrice: formatCents(item.unitPrice),
        total: formatCents(item.total),
      }));
    return lines.length ? [{ category, heading: CATEGORY_LABELS[category], lines }] : [];
  });
}

/** 'Karratha → Tom Price', or 'Not set' when neither end is. */
export function routeText(route: {
  fromLocation: string | null;
  toLocation: string | null;
}): string {
  if (!route.fromLocation && !route.toLocation) return DOCUMENT_TEXT.NOT_SET;
  return `${route.fromLocation ?? DOCUMENT_TEXT.NOT_SET} → ${route.toLocation ?? DOCUMENT_TEXT.NOT_SET}`;
}
