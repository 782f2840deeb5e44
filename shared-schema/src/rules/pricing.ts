/**
 * Quote pricing (spec staff §9): items subtotal × the larger location multiplier − discount.
 *
 * All arithmetic is on integers: money in cents, multipliers and discount in basis points
 * (1.15 → 11500, 10 % → 1000). Rounding is half up (0.5 cent goes up) and happens at exactly two
 * steps: once when the multiplier is applied (basePrice) and once when the discount is taken
 * (discountAmount). The final price is basePrice − discountAmount, so the three always add up.
 */
import { BUILT_IN_PRICES, locationMultipliers } from './price-list';

/** The parts of a quote line pricing needs. */
export interface PricedLine {
  /** Unit price in cents. */
  unitPrice: number;
  quantity: number;
}

/** Result of pricing a quote, in cents (multiplier as a plain number for display). */
export interface QuotePrice {
  itemsSubtotalCents: number;
  /** The multiplier applied, such as 1.4. */
  multiplier: number;
  /** The multiplier in basis points (1.4 → 14000). */
  multiplierBasisPoints: number;
  basePriceCents: number;
  discountAmountCents: number;
  finalPriceCents: number;
}

const BASIS = 10000;

/** `numerator / denominator` for non-negative integers, rounded half up. */
export function divideRoundHalfUp(numerator: number, denominator: number): number {
  const quotient = Math.floor(numerator / denominator);
  const remainder = numerator - quotient * denominator;
  return remainder * 2 >= denominator ? quotient + 1 : quotient;
}

/** Total of one line in cents: unit price × quantity. */
export function lineTotalCents(line: PricedLine): number {
  return line.unitPrice * line.quantity;
}

/** The built-in multipliers by place, in basis points (the price list's, rules/price-list.ts). */
const BUILT_IN_MULTIPLIERS = locationMultipliers(BUILT_IN_PRICES);

/**
 * Multiplier of a location in basis points, from `multipliers` (the price list's in force, by
 * place name; the built-in list's when not given). Names match ignoring case and surrounding
 * spaces; an unset location, or one without a multiplier, counts as 1 (10000).
 */
export function locationMultiplierBasisPoints(
  location: string | null | undefined,
  multipliers: Readonly<Record<string, number>> = BUILT_IN_MULTIPLIERS,
): number {
  if (!location) return BASIS;
  const wanted = location.trim().toLowerCase();
  for (const [name, basisPoints] of Object.entries(multipliers)) {
    if (name.toLowerCase() === wanted) return basisPoints;
  }
  return BASIS;
}

/**
 * Prices a quote.
 *
 * - itemsSubtotal = Σ unitPrice × quantity (exact integers);
 * - multiplier = the larger of the two locations' multipliers (1 when unset or unknown);
 * - basePrice = itemsSubtotal × multiplier, rounded half up to a cent;
 * - discountAmount = basePrice × discountPercent / 100, rounded half up to a cent;
 * - finalPrice = basePrice − discountAmount.
 *
 * Example: 18000 × 1 + 4500 × 2 = 27000, Karratha → Tom Price (1.4) = 37800, 10 % off → 34020.
 * `discountPercent` is clamped to 0-100. `multipliers` are the price list's in force (by place,
 * basis points); the built-in list's when not given.
 */
export function priceQuote(
  items: readonly PricedLine[],
  fromLocation: string | null | undefined,
  toLocation: string | null | undefined,
  discountPercent: number,
  multipliers?: Readonly<Record<string, number>>,
): QuotePrice {
  const itemsSubtotalCents = items.reduce((sum, item) => sum + lineTotalCents(item), 0);
  const multiplierBasisPoints = Math.max(
    locationMultiplierBasisPoints(fromLocation, multipliers),
    locationMultiplierBasisPoints(toLocation, multipliers),
  );
  const basePriceCents = divideRoundHalfUp(itemsSubtotalCents * multiplierBasisPoints, BASIS);
  const discountBasisPoints = Math.round(Math.min(100, Math.max(0, discountPercent)) * 100);
  const discountAmountCents = divideRoundHalfUp(basePriceCents * discountBasisPoints, BASIS);
  return {
    itemsSubtotalCents,
    multiplier: multiplierBasisPoints / BASIS,
    multiplierBasisPoints,
    basePriceCents,
    discountAmountCents,
    finalPriceCents: basePriceCents - discountAmountCents,
  };
}
