import { describe, expect, it } from 'vitest';
import { formatDollars, telHref } from './format';

describe('formatDollars', () => {
  it('drops the cents of whole amounts and keeps two digits otherwise', () => {
    expect(formatDollars(12000)).toBe('$120');
    expect(formatDollars(350)).toBe('$3.50');
    expect(formatDollars(5)).toBe('$0.05');
    expect(formatDollars(123456789)).toBe('$1,234,567.89');
    expect(formatDollars(-7500)).toBe('-$75');
  });
});

describe('telHref', () => {
  it('keeps only digits and a leading plus', () => {
    expect(telHref('0400 000 001')).toBe('tel:0400000001');
    expect(telHref('+61 (8) 9185-0000')).toBe('tel:+61891850000');
  });
});
