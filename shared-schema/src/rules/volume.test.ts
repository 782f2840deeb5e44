import { describe, expect, it } from 'vitest';
import { formatLitres, litresToThousandths, thousandthsToLitres } from './volume';

describe('litres and thousandths', () => {
  it('converts litres to integer thousandths without float error', () => {
    expect(litresToThousandths('45.5')).toBe(45500);
    expect(litresToThousandths(0.1)).toBe(100);
    expect(litresToThousandths(1.0005)).toBe(1001);
    expect(litresToThousandths('1,200')).toBe(1200000);
  });

  it('returns NaN for text that is not a volume', () => {
    expect(litresToThousandths('')).toBeNaN();
    expect(litresToThousandths('ten')).toBeNaN();
  });

  it('converts back and formats', () => {
    expect(thousandthsToLitres(45500)).toBe(45.5);
    expect(formatLitres(45500)).toBe('45.5 L');
    expect(formatLitres(1234567)).toBe('1,234.57 L');
  });

  it('round-trips thousandths', () => {
    for (let value = 0; value < 20000; value += 13)
      expect(litresToThousandths(thousandthsToLitres(value))).toBe(value);
  });
});

describe('formatLitres', () => {
  it('drops trailing zeros and groups thousands', () => {
    expect(formatLitres(50000)).toBe('50 L');
    expect(formatLitres(100)).toBe('0.1 L');
    expect(formatLitres(-2500)).toBe('-2.5 L');
  });
});
