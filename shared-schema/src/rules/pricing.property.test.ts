import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { priceQuote } from './pricing';
import { BUILT_IN_PRICES, locationRules } from './price-list';

const line = fc.record({
  unitPrice: fc.integer({ min: 0, max: 10_000_000 }),
  quantity: fc.integer({ min: 1, max: 1000 }),
});
const location = fc.option(
  fc.constantFrom(...locationRules(BUILT_IN_PRICES).map((rule) => rule.name), 'Perth', ''),
  {
    nil: null,
  },
);

/** A quote's inputs: up to `maxItems` lines, two locations (or none) and a discount percent. */
const quoteInputs = (maxItems: number) =>
  [
    fc.array(line, { maxLength: maxItems }),
    location,
    location,
    fc.integer({ min: 0, max: 100 }),
  ] as const;

describe('priceQuote properties', () => {
  it('always yields whole cents that add up: base = discount + final, final ≤ base', () => {
    fc.assert(
      fc.property(...quoteInputs(20), (items, from, to, discount) => {
        const price = priceQuote(items, from, to, discount);
        for (const value of [
          price.itemsSubtotalCents,
          price.basePriceCents,
          price.discountAmountCents,
          price.finalPriceCents,
        ]) {
          expect(Number.isSafeInteger(value)).toBe(true);
          expect(value).toBeGreaterThanOrEqual(0);
        }
        expect(price.discountAmountCents + price.finalPriceCents).toBe(price.basePriceCents);
        expect(price.basePriceCents).toBeGreaterThanOrEqual(price.itemsSubtotalCents);
      }),
    );
  });

  it('is within half a cent of the exact real-number price at each rounding step', () => {
    fc.assert(
      fc.property(...quoteInputs(10), (items, from, to, discount) => {
        const price = priceQuote(items, from, to, discount);
        // Compared in integers (scaled by the divisor) so the check itself has no float error.
        const baseError = Math.abs(
          price.basePriceCents * 10000 - price.itemsSubtotalCents * price.multiplierBasisPoints,
        );
        expect(baseError * 2).toBeLessThanOrEqual(10000);
        const discountError = Math.abs(
          price.discountAmountCents * 100 - price.basePriceCents * discount,
        );
        expect(discountError * 2).toBeLessThanOrEqual(100);
      }),
    );
  });

  it('does not depend on the order of the items or of the two locations', () => {
    fc.assert(
      fc.property(...quoteInputs(10), (items, from, to, discount) => {
        expect(priceQuote([...items].reverse(), to, from, discount)).toEqual(
          priceQuote(items, from, to, discount),
        );
      }),
    );
  });
});
