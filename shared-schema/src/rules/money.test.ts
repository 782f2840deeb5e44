import { describe, expect, it } from 'vitest';
import {
  centsToDollars,
  dollarsToCents,
  formatCents,
  formatCentsWhole,
  formatPrice,
} from './money';

describe('dollarsToCents', () => {
  it('converts without float error', () => {
    expect(dollarsToCents('0.29')).toBe(29);
    expect(dollarsToCents(0.29)).toBe(29);
    expect(dollarsToCents(1.005)).toBe(101);
    expect(dollarsToCents('4.5')).toBe(450);
    expect(dollarsToCents(180)).toBe(18000);
  });

  it('reads currency text', () => {
    expect(dollarsToCents('$1,234.50')).toBe(123450);
    expect(dollarsToCents(' 12 ')).toBe(1200);
    expect(dollarsToCents('.5')).toBe(50);
  });

  it('rounds the third decimal half up', () => {
    expect(dollarsToCents('2.345')).toBe(235);
    expect(dollarsToCents('2.344')).toBe(234);
  });

  it('keeps the sign of negative amounts', () => {
    expect(dollarsToCents('-3.20')).toBe(-320);
  });

  it('returns NaN for text that is not money', () => {
    expect(dollarsToCents('')).toBeNaN();
    expect(dollarsToCents('abc')).toBeNaN();
    expect(dollarsToCents('1.2.3')).toBeNaN();
    expect(dollarsToCents(Number.NaN)).toBeNaN();
  });

  it('round-trips every cent value through centsToDollars', () => {
    for (let cents = 0; cents < 5000; cents += 7)
      expect(dollarsToCents(centsToDollars(cents))).toBe(cents);
  });
});

describe('formatCents', () => {
  it('formats with separators and two decimals', () => {
    expect(formatCents(123450)).toBe('$1,234.50');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(-500)).toBe('-$5.00');
    expect(formatCents(123456789)).toBe('$1,234,567.89');
  });

  it('drops the cents of whole amounts for the public prices, and keeps two digits otherwise', () => {
    expect(formatPrice(12000)).toBe('$120');
    expect(formatPrice(350)).toBe('$3.50');
    expect(formatPrice(5)).toBe('$0.05');
    expect(formatPrice(123456789)).toBe('$1,234,567.89');
    expect(formatPrice(-7500)).toBe('-$75');
  });

  it('rounds to whole dollars for the Total Value tile', () => {
    expect(formatCentsWhole(123450)).toBe('$1,235');
    expect(formatCentsWhole(123449)).toBe('$1,234');
  });
});
