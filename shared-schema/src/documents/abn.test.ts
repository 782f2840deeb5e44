import { describe, expect, it } from 'vitest';
import { ABN_TEXT, EXAMPLE_ABN, businessAbnProblem, formatAbn, isValidAbn } from './abn';

describe('the ABN check (ATO checksum)', () => {
  it('accepts the ATO example and other checksum-valid ABNs, spaced or not', () => {
    expect(isValidAbn(EXAMPLE_ABN)).toBe(true);
    expect(isValidAbn('51824753556')).toBe(true);
    // 53 004 085 616 is another published valid ABN.
    expect(isValidAbn('53 004 085 616')).toBe(true);
  });

  it('refuses a wrong check digit, the placeholder, wrong lengths and letters', () => {
    expect(isValidAbn('51 824 753 557')).toBe(false);
    expect(isValidAbn('00 000 000 000')).toBe(false);
    expect(isValidAbn('5182475355')).toBe(false);
    expect(isValidAbn('518247535561')).toBe(false);
    expect(isValidAbn('51 824 753 55a')).toBe(false);
    expect(isValidAbn('')).toBe(false);
    expect(isValidAbn(null)).toBe(false);
    expect(isValidAbn(undefined)).toBe(false);
  });

  it('prints an ABN the ATO way', () => {
    expect(formatAbn('51824753556')).toBe('51 824 753 556');
    expect(formatAbn('not one')).toBe('not one');
  });

  it('says why the business cannot issue tax invoices, or nothing for a valid ABN', () => {
    expect(businessAbnProblem(EXAMPLE_ABN)).toBeNull();
    expect(businessAbnProblem(undefined)).toBe(ABN_TEXT.problem(undefined));
    expect(businessAbnProblem('')).toMatch(/BUSINESS_ABN is not set/);
    expect(businessAbnProblem('00 000 000 000')).toMatch(/BUSINESS_ABN is not set/);
    expect(businessAbnProblem('51 824 753 557')).toMatch(
      /BUSINESS_ABN "51 824 753 557" is not a valid ABN/,
    );
  });
});
