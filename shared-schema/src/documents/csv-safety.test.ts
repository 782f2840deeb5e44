import { describe, expect, it } from 'vitest';
import { neutraliseCsvCell, neutraliseCsvRow } from './csv-safety';

describe('neutraliseCsvCell', () => {
  it.each([
    ['=HYPERLINK("https://evil.example","Click")', '\'=HYPERLINK("https://evil.example","Click")'],
    ["+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0"],
    ["@SUM(1+1)*cmd|' /C calc'!A0", "'@SUM(1+1)*cmd|' /C calc'!A0"],
    ["-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', "'\r=1+1"],
  ])('prefixes a formula %j with a quote', (value, expected) => {
    expect(neutraliseCsvCell(value)).toBe(expected);
  });

  it('leaves numbers, negative amounts included, and plain text as they are', () => {
    for (const value of ['-12.50', '-340', '0', '12.5', '270.00', 'Jordan Lee', '', 'Q-2026-1']) {
      expect(neutraliseCsvCell(value)).toBe(value);
    }
  });

  it('neutralises every cell of a row', () => {
    expect(neutraliseCsvRow({ name: '=1+1', amount: '-5.00' })).toEqual({
      name: "'=1+1",
      amount: '-5.00',
    });
  });
});
