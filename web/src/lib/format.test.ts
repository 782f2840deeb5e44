import { describe, expect, it } from 'vitest';
import { telHref } from './format';

describe('telHref', () => {
  it('keeps only digits and a leading plus', () => {
    expect(telHref('0400 000 001')).toBe('tel:0400000001');
    expect(telHref('+61 (8) 9185-0000')).toBe('tel:+61891850000');
  });
});
