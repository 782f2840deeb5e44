import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AVERAGE_SPEED_KMH, travelEstimate } from './travel';

const KARRATHA = { lat: -20.7364, lng: 116.8463 };
const ROEBOURNE = { lat: -20.7781, lng: 117.1456 };
const PORT_HEDLAND = { lat: -20.3107, lng: 118.606 };
const TOM_PRICE = { lat: -22.6936, lng: 117.7931 };

describe('travelEstimate', () => {
  it('measures the great-circle distance and the minutes at the average speed', () => {
    expect(travelEstimate(KARRATHA, ROEBOURNE)).toEqual({ km: 31.5, minutes: 27 });
    // About 189 km to Port Hedland as the crow flies (the highway is longer): 2 h 42 min.
    expect(travelEstimate(KARRATHA, PORT_HEDLAND)).toEqual({ km: 189.3, minutes: 162 });
    expect(travelEstimate(KARRATHA, TOM_PRICE)).toEqual({ km: 238.6, minutes: 205 });
  });

  it('takes another average speed', () => {
    expect(travelEstimate(KARRATHA, ROEBOURNE, 35).minutes).toBe(54);
    expect(() => travelEstimate(KARRATHA, ROEBOURNE, 0)).toThrow(RangeError);
  });

  it('never says less than a minute, even from the same spot', () => {
    expect(travelEstimate(KARRATHA, KARRATHA)).toEqual({ km: 0, minutes: 1 });
  });

  it('is the same both ways, and time grows with distance', () => {
    const point = fc.record({
      lat: fc.double({ min: -24, max: -19, noNaN: true }),
      lng: fc.double({ min: 114, max: 121, noNaN: true }),
    });
    fc.assert(
      fc.property(point, point, point, (a, b, c) => {
        expect(travelEstimate(a, b)).toEqual(travelEstimate(b, a));
        const ab = travelEstimate(a, b);
        const ac = travelEstimate(a, c);
        if (ab.km < ac.km) expect(ab.minutes).toBeLessThanOrEqual(ac.minutes);
        expect(ab.minutes).toBeGreaterThanOrEqual(1);
        expect(Math.abs(ab.minutes - (ab.km / AVERAGE_SPEED_KMH) * 60)).toBeLessThanOrEqual(1);
      }),
      { numRuns: 300 },
    );
  });
});
