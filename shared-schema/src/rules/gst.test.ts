import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocateGst, gstOfInclusive } from './gst';

describe('gstOfInclusive', () => {
  it('is one-eleventh of a GST-inclusive amount, rounded half up to a cent', () => {
    expect(gstOfInclusive(110000)).toBe(10000);
    expect(gstOfInclusive(34020)).toBe(3093); // 3092.73
    expect(gstOfInclusive(5)).toBe(0); // 0.45
    expect(gstOfInclusive(6)).toBe(1); // 0.55
    expect(gstOfInclusive(0)).toBe(0);
  });

  it('takes GST back for a negative amount (a credit)', () => {
    expect(gstOfInclusive(-11000)).toBe(-1000);
    expect(Object.is(gstOfInclusive(-5), 0)).toBe(true);
  });

  it('refuses fractions of a cent', () => {
    expect(() => gstOfInclusive(10.5)).toThrow('Money is integer cents');
  });
});

describe('allocateGst', () => {
  it('shares the document GST so the lines add up to it exactly', () => {
    // 335 × 3 = 1005 → 91 cents; each line's exact share is 30.45.
    expect(allocateGst([335, 335, 335], 91)).toEqual([31, 30, 30]);
    // A discount line takes its share back.
    // Exact shares 1636.36, 818.18, 981.82, -343.64: floors, then the 2 cents left go to the
    // largest remainders (981.82, then 1636.36 before -343.64 on the tie).
    expect(allocateGst([18000, 9000, 10800, -3780], gstOfInclusive(34020))).toEqual([
      1637, 818, 982, -344,
    ]);
  });

  it('always adds up to the GST of the total, whatever the lines', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -50_000, max: 500_000 }), { minLength: 1, maxLength: 12 }),
        (lines) => {
          const total = lines.reduce((sum, amount) => sum + amount, 0);
          const shares = allocateGst(lines, gstOfInclusive(total));
          expect(shares.reduce((sum, share) => sum + share, 0)).toBe(gstOfInclusive(total));
          shares.forEach((share, index) => {
            expect(Math.abs(share - (lines[index] as number) / 11)).toBeLessThan(1 + 1e-9);
          });
        },
      ),
    );
  });
});
