import { describe, expect, it } from 'vitest';
import {
  STALE_AFTER_MINUTES,
  TRUCK_TEXT,
  destinationOf,
  mapPoint,
  minutesAgoText,
  shouldShareFix,
  truckView,
} from './live-position';
import { distanceKm, SERVICE_TOWNS } from './nearest-town';
import { AVERAGE_SPEED_KMH } from './travel';

const KARRATHA = { lat: -20.7364, lng: 116.8463 };
const ROEBOURNE = { lat: -20.7781, lng: 117.1456 };

describe('shouldShareFix', () => {
  const last = { ...KARRATHA, at: '2026-11-24T02:00:00.000Z' };

  it('shares the first fix', () => {
    expect(shouldShareFix(null, last)).toBe(true);
  });

  it('waits 30 s while the truck stays put', () => {
    const near = { lat: KARRATHA.lat + 0.001, lng: KARRATHA.lng };
    expect(shouldShareFix(last, { ...near, at: '2026-11-24T02:00:29.000Z' })).toBe(false);
    expect(shouldShareFix(last, { ...near, at: '2026-11-24T02:00:30.000Z' })).toBe(true);
  });

  it('shares sooner once the truck has moved 250 m', () => {
    // 0.002° of latitude is about 222 m, 0.0025° about 278 m.
    const at = '2026-11-24T02:00:05.000Z';
    expect(shouldShareFix(last, { lat: KARRATHA.lat - 0.002, lng: KARRATHA.lng, at })).toBe(false);
    expect(shouldShareFix(last, { lat: KARRATHA.lat - 0.0025, lng: KARRATHA.lng, at })).toBe(true);
  });
});

describe('destinationOf', () => {
  it('reads the coordinates of a GPS location', () => {
    expect(destinationOf('GPS -20.77810, 117.14560 (in Roebourne)')).toEqual({
      lat: -20.7781,
      lng: 117.1456,
      label: 'your location',
    });
  });

  it('falls back to the first service town the text names', () => {
    expect(destinationOf('North West Coastal Hwy, 5 km past roebourne toward Wickham')).toEqual({
      ...ROEBOURNE,
      label: 'Roebourne',
    });
  });

  it('gives nothing it cannot honestly place', () => {
    expect(destinationOf('Mine site gate 4')).toBeNull();
  });
  it('places a distance and bearing from a town away from the town', () => {
    const place = destinationOf('Millstream Road, 20 km south of Karratha');
    expect(place?.label).toBe('20 km south of Karratha');
    expect(distanceKm(KARRATHA, place!)).toBeCloseTo(20, 1);
    expect(place!.lat).toBeLessThan(KARRATHA.lat);
    expect(place!.lng).toBeCloseTo(KARRATHA.lng, 6);
    const northEast = destinationOf('12.5 km north-east of roebourne');
    expect(distanceKm(ROEBOURNE, northEast!)).toBeCloseTo(12.5, 1);
    expect(northEast!.lat).toBeGreaterThan(ROEBOURNE.lat);
    expect(northEast!.lng).toBeGreaterThan(ROEBOURNE.lng);
  });
  it('gives no place for a distance from a town without a bearing', () => {
    expect(destinationOf('Station track, 40 km from Karratha')).toBeNull();
    expect(destinationOf('40 km sideways of Karratha')).toBeNull();
  });
});

describe('truckView', () => {
  const now = new Date('2026-11-24T02:10:00.000Z');

  it('estimates straight-line distance at the stated average speed', () => {
    const view = truckView({ ...KARRATHA, at: '2026-11-24T02:08:50.000Z' }, ROEBOURNE, now);
    const km = distanceKm(KARRATHA, ROEBOURNE);
    expect(view).toEqual({
      kind: 'live',
      minutesAgo: 1,
      near: 'Karratha',
      distanceKm: Math.round(km * 10) / 10,
      etaMinutes: Math.round((km / AVERAGE_SPEED_KMH) * 60),
    });
    expect(TRUCK_TEXT.lastSeen(view)).toBe('Last seen 1 min ago near Karratha');
  });

  it('says out of coverage, with no estimate, once last seen reads 15 min', () => {
    const fresh = truckView({ ...ROEBOURNE, at: '2026-11-24T01:55:31.000Z' }, KARRATHA, now);
    expect(fresh).toMatchObject({ kind: 'live', minutesAgo: 14 });
    const stale = truckView({ ...ROEBOURNE, at: '2026-11-24T01:55:30.000Z' }, KARRATHA, now);
    expect(stale).toEqual({
      kind: 'out-of-coverage',
      minutesAgo: STALE_AFTER_MINUTES,
      near: 'Roebourne',
    });
    expect(TRUCK_TEXT.lastSeen(stale)).toBe('Last seen 15 min ago near Roebourne');
  });

  it('rounds last seen to the nearest minute, not down', () => {
    const at = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();
    expect(truckView({ ...KARRATHA, at: at(29) }, null, now).minutesAgo).toBe(0);
    expect(truckView({ ...KARRATHA, at: at(31) }, null, now).minutesAgo).toBe(1);
    // About 3 min reads 3 min (it read "2 min ago" at 2 min 59 s).
    expect(TRUCK_TEXT.lastSeen(truckView({ ...KARRATHA, at: at(179) }, null, now))).toBe(
      'Last seen 3 min ago near Karratha',
    );
    expect(truckView({ ...KARRATHA, at: at(149) }, null, now).minutesAgo).toBe(2);
  });

  it('gives no distance when the customer’s location is unknown', () => {
    const view = truckView({ ...KARRATHA, at: now.toISOString() }, null, now);
    expect(view).toMatchObject({ kind: 'live', distanceKm: null, etaMinutes: null });
  });

  it('never reads a fix from a fast phone clock as being in the future', () => {
    const view = truckView({ ...KARRATHA, at: '2026-11-24T02:12:00.000Z' }, null, now);
    expect(view.minutesAgo).toBe(0);
    expect(TRUCK_TEXT.lastSeen(view)).toBe('Last seen just now near Karratha');
  });
});

describe('minutesAgoText', () => {
  it('reads minutes and hours', () => {
    expect(minutesAgoText(0)).toBe('just now');
    expect(minutesAgoText(14)).toBe('14 min ago');
    expect(minutesAgoText(60)).toBe('1 h ago');
    expect(minutesAgoText(125)).toBe('2 h 5 min ago');
  });
});

describe('mapPoint', () => {
  it('puts Karratha where the coverage map draws it', () => {
    expect(mapPoint(KARRATHA)).toEqual({ x: 38, y: 42, clamped: false });
  });

  it('keeps the coast towns in the same order as the drawing, east and north', () => {
    const point = (name: string) => mapPoint(SERVICE_TOWNS.find((town) => town.name === name)!);
    expect(point('Dampier').x).toBeLessThan(point('Karratha').x);
    expect(point('Roebourne').x).toBeGreaterThan(point('Karratha').x);
    expect(point('Point Samson').y).toBeLessThan(point('Roebourne').y);
  });

  it('draws a truck far inland at the map’s edge', () => {
    expect(mapPoint({ lat: -22.6936, lng: 117.7931 })).toMatchObject({ y: 97, clamped: true });
  });
});
