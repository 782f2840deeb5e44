/**
 * How far a truck is from a place and how long it takes to get there: the great-circle
 * (haversine) distance at a stated average speed. The customer's arrival estimate (arrival.ts)
 * and the truck on the tracking page's map (live-position.ts) are worded from it, and a dispatch
 * choosing the nearest truck can rank trucks by it, so every figure of distance and time the
 * product gives comes from this one rule.
 */
import { distanceKm } from './nearest-town';

/** A position in decimal degrees (WGS 84). */
export interface GeoPoint {
  lat: number;
  lng: number;
}

/** The stated average speed of the estimate: open highway and gravel, towns and roadworks. */
export const AVERAGE_SPEED_KMH = 70;

/** How far, and how long at the average speed. */
export interface TravelEstimate {
  /** Straight-line km, to one decimal. */
  km: number;
  /** Whole minutes, at least 1. */
  minutes: number;
}

/**
 * The straight-line (haversine) distance from `from` to `to` and the minutes it takes at
 * `speedKmh`. Straight-line is the least a road trip can take, so every text quoting it says
 * "in a straight line".
 */
export function travelEstimate(
  from: GeoPoint,
  to: GeoPoint,
  speedKmh: number = AVERAGE_SPEED_KMH,
): TravelEstimate {
  if (!(speedKmh > 0)) throw new RangeError('The average speed must be above 0 km/h');
  const km = distanceKm(from, to);
  return {
    km: Math.round(km * 10) / 10,
    minutes: Math.max(1, Math.round((km / speedKmh) * 60)),
  };
}
