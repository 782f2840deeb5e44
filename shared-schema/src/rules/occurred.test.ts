import { describe, expect, it } from 'vitest';
import { boundOccurredAt, latestTime } from './occurred';

const RECEIVED = '2026-11-24T00:42:02.000Z';

describe('boundOccurredAt', () => {
  it('keeps the device time of an offline action', () => {
    expect(boundOccurredAt('2026-11-24T00:41:38.000Z', RECEIVED)).toBe('2026-11-24T00:41:38.000Z');
    // Hours without signal are still believed.
    expect(boundOccurredAt('2026-11-23T18:00:00.000Z', RECEIVED)).toBe('2026-11-23T18:00:00.000Z');
  });

  it('takes the receipt time for a clock running ahead, far behind, or no time at all', () => {
    expect(boundOccurredAt('2026-11-24T00:44:03.000Z', RECEIVED)).toBe(RECEIVED);
    expect(boundOccurredAt('2026-11-24T00:43:30.000Z', RECEIVED)).toBe('2026-11-24T00:43:30.000Z');
    expect(boundOccurredAt('2019-01-01T00:00:00.000Z', RECEIVED)).toBe(RECEIVED);
    expect(boundOccurredAt('not a time', RECEIVED)).toBe(RECEIVED);
    expect(boundOccurredAt(undefined, RECEIVED)).toBe(RECEIVED);
  });

  it('never goes before the record’s previous event', () => {
    expect(boundOccurredAt('2026-11-24T00:41:38.000Z', RECEIVED, '2026-11-24T00:41:50.000Z')).toBe(
      '2026-11-24T00:41:50.000Z',
    );
  });

  it('latestTime picks the latest valid time', () => {
    expect(latestTime([null, '2026-11-24T00:41:38.000Z', 'x', '2026-11-24T00:40:00.000Z'])).toBe(
      '2026-11-24T00:41:38.000Z',
    );
    expect(latestTime([])).toBeUndefined();
  });
});
