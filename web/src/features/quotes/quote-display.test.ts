import { describe, expect, it } from 'vitest';
import { routeText, statusLabel, validityText } from './quote-display';

describe('quote display', () => {
  it('labels statuses', () => {
    expect(statusLabel('draft')).toBe('Draft');
    expect(statusLabel('accepted')).toBe('Accepted');
  });

  it('shows valid-until in Perth time with days left, and Expired once past', () => {
    const now = '2026-11-21T00:00:00.000Z';
    expect(validityText({ validUntil: '2026-12-05T00:00:00.000Z' }, now)).toEqual({
      date: '5 Dec 2026',
      daysLeft: 14,
      label: '14 days left',
    });
    expect(validityText({ validUntil: '2026-11-21T12:00:00.000Z' }, now).label).toBe('1 day left');
    expect(validityText({ validUntil: '2026-11-20T00:00:00.000Z' }, now).label).toBe('Expired');
  });

  it('writes the route and distance', () => {
    expect(routeText({ fromLocation: 'Karratha', toLocation: 'Tom Price', distance: 310 })).toBe(
      'Karratha → Tom Price · 310 km',
    );
    expect(routeText({ fromLocation: null, toLocation: 'Newman', distance: 0 })).toBe(
      'Not set → Newman',
    );
    expect(routeText({ fromLocation: null, toLocation: null, distance: 0 })).toBeNull();
  });
});
