import { describe, expect, it } from 'vitest';
import { distanceKm, locationFromPosition, nearestTown } from './nearest-town';

describe('nearest town', () => {
  it('measures great-circle distance', () => {
    // Karratha to Port Hedland is about 195 km as the crow flies.
    const km = distanceKm({ lat: -20.7364, lng: 116.8463 }, { lat: -20.3107, lng: 118.606 });
    expect(km).toBeGreaterThan(185);
    expect(km).toBeLessThan(200);
  });

  it('names the closest town of the service area', () => {
    // On the highway between Karratha and Roebourne, closer to Roebourne.
    expect(nearestTown({ lat: -20.77, lng: 117.08 })).toEqual({ name: 'Roebourne', km: 7 });
    expect(nearestTown({ lat: -20.7364, lng: 116.8463 })).toEqual({ name: 'Karratha', km: 0 });
  });

  it('writes coordinates first, then where that is', () => {
    expect(locationFromPosition({ lat: -20.77, lng: 117.08 })).toBe(
      'GPS -20.77000, 117.08000 (7 km from Roebourne)',
    );
    expect(locationFromPosition({ lat: -20.7364, lng: 116.8463 })).toBe(
      'GPS -20.73640, 116.84630 (in Karratha)',
    );
  });
});
