import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dollarsToCents, formatCents } from './money';
import { litresToThousandths } from './volume';

describe('money and volume properties', () => {
  it('reads back every amount it formats', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }), (cents) => {
        expect(dollarsToCents(formatCents(cents))).toBe(cents);
      }),
    );
  });

  it('parses dollar text with two decimals exactly', () => {
    fc.assert(
      fc.property(fc.nat({ max: 10_000_000 }), fc.nat({ max: 99 }), (dollars, cents) => {
        expect(dollarsToCents(`${dollars}.${String(cents).padStart(2, '0')}`)).toBe(
          dollars * 100 + cents,
        );
      }),
    );
  });

  it('parses litre text with three decimals exactly', () => {
    fc.assert(
      fc.property(fc.nat({ max: 100_000 }), fc.nat({ max: 999 }), (litres, thousandths) => {
        expect(litresToThousandths(`${litres}.${String(thousandths).padStart(3, '0')}`)).toBe(
          litres * 1000 + thousandths,
        );
      }),
    );
  });
});
