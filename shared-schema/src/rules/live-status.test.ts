import { describe, expect, it } from 'vitest';
import { parseAvailableDrivers, responseEstimateMinutes } from './live-status';

const jobs = (status: string, count: number) => Array.from({ length: count }, () => ({ status }));

describe('responseEstimateMinutes', () => {
  it('is 21 with no jobs', () => {
    expect(responseEstimateMinutes([])).toBe(21);
  });

  it('is 21 when no job is En Route, In Progress or Completed', () => {
    expect(
      responseEstimateMinutes([
        ...jobs('Assigned', 3),
        ...jobs('Emergency', 2),
        ...jobs('Cancelled', 1),
      ]),
    ).toBe(21);
  });

  it('adds 3 minutes per busy job to 15', () => {
    expect(responseEstimateMinutes(jobs('En Route', 1))).toBe(18);
    expect(
      responseEstimateMinutes([
        ...jobs('In Progress', 2),
        ...jobs('Completed', 1),
        ...jobs('Assigned', 4),
      ]),
    ).toBe(24);
  });

  it('caps the added part at 30 minutes (45 at most)', () => {
    expect(responseEstimateMinutes(jobs('Completed', 10))).toBe(45);
    expect(responseEstimateMinutes(jobs('Completed', 40))).toBe(45);
  });
});

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
