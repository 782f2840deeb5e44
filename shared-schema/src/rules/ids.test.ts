import { describe, expect, it } from 'vitest';
import {
  formatProvisionalId,
  formatSeriesId,
  isProvisionalId,
  isSeriesId,
  parseSeriesId,
} from './ids';

describe('series ids', () => {
  it('formats prefix, year and number', () => {
    expect(formatSeriesId('JOB', 2026, 123)).toBe('JOB-2026-123');
    expect(formatSeriesId('Q', 2026, 1)).toBe('Q-2026-1');
  });

  it('parses what it formats', () => {
    expect(parseSeriesId('INV-2027-45')).toEqual({
      prefix: 'INV',
      year: 2027,
      number: 45,
      provisional: false,
    });
    expect(parseSeriesId(formatSeriesId('BKG', 2026, 9))).toEqual({
      prefix: 'BKG',
      year: 2026,
      number: 9,
      provisional: false,
    });
  });

  it('tells a leased key from a document number', () => {
    expect(formatProvisionalId('INV', 2026, 57)).toBe('INV-2026-P57');
    expect(parseSeriesId('INV-2026-P57')).toEqual({
      prefix: 'INV',
      year: 2026,
      number: 57,
      provisional: true,
    });
    expect(isProvisionalId('JOB-2026-P1')).toBe(true);
    expect(isProvisionalId('JOB-2026-1')).toBe(false);
    expect(isProvisionalId('not an id')).toBe(false);
  });

  it('rejects unknown prefixes and malformed text', () => {
    expect(parseSeriesId('XYZ-2026-1')).toBeNull();
    expect(parseSeriesId('JOB-26-1')).toBeNull();
    expect(parseSeriesId('job-2026-1')).toBeNull();
    expect(parseSeriesId('JOB-2026-')).toBeNull();
    expect(parseSeriesId('JOB-2026-PP1')).toBeNull();
  });

  it('tells the series apart', () => {
    expect(isSeriesId('Q-2026-3', 'quote')).toBe(true);
    expect(isSeriesId('Q-2026-P3', 'quote')).toBe(true);
    expect(isSeriesId('Q-2026-3', 'job')).toBe(false);
  });
});
