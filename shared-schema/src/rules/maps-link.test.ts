import { describe, expect, it } from 'vitest';
import { mapsLink } from './maps-link';

describe('links', () => {
  it('maps a GPS fix by its coordinates and anything else as a search', () => {
    expect(mapsLink('GPS -20.73640, 116.84630 (in Karratha)')).toBe(
      'https://www.google.com/maps/search/?api=1&query=-20.73640%2C116.84630',
    );
    expect(mapsLink('12 Sharpe Ave, Karratha')).toBe(
      'https://www.google.com/maps/search/?api=1&query=12%20Sharpe%20Ave%2C%20Karratha',
    );
  });
});
