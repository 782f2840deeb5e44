import { describe, expect, it } from 'vitest';
import { parseAvailableDrivers } from './live-status';

describe('parseAvailableDrivers', () => {
  it('defaults to 2 when unset or unreadable', () => {
    expect(parseAvailableDrivers(null)).toBe(2);
    expect(parseAvailableDrivers('')).toBe(2);
    expect(parseAvailableDrivers('lots')).toBe(2);
  });

  it('clamps to 0-10', () => {
    expect(parseAvailableDrivers('4')).toBe(4);
    expect(parseAvailableDrivers('0')).toBe(0);
    expect(parseAvailableDrivers('-3')).toBe(0);
    expect(parseAvailableDrivers('25')).toBe(10);
  });
});
