/**
 * The truck's live position, as honest as the Pilbara's signal allows. The driver's
 * phone shares a fix while the job is En Route, at most every {@link SHARE_EVERY} unless the
 * truck has moved far; the customer's tracking page shows where it was last seen, how long ago,
 * and an estimate that says what it is: straight-line distance at a stated average speed. When
 * the last fix is older than {@link STALE_AFTER_MINUTES} the truck is "out of coverage" and no
 * arrival estimate is given at all.
 */
import { distanceKm, nearestTown, SERVICE_TOWNS } from './nearest-town';
import { travelEstimate, type GeoPoint } from './travel';

/** A position in decimal degrees (WGS 84). */
export type LatLng = GeoPoint;

/** A fix: where and when (ISO-8601). */
export interface Fix extends LatLng {
  at: string;
}

/**
 * How often the phone shares: a fix once 30 s have passed since the last one sent, or sooner
 * when the truck has moved 250 m from it — whichever comes first.
 */
export const SHARE_EVERY = { ms: 30_000, metres: 250 } as const;

/** A last fix older than this says "out of coverage" instead of an estimate. */
export const STALE_AFTER_MINUTES = 15;

/** Whether `next` should be shared, given the last fix shared (null: none yet). */
export function shouldShareFix(last: Fix | null, next: Fix): boolean {
  if (!last) return true;
  const elapsed = Date.parse(next.at) - Date.parse(last.at);
  if (elapsed >= SHARE_EVERY.ms) return true;
  return distanceKm(last, next) * 1000 >= SHARE_EVERY.metres;
}

/** Compass bearings in degrees, as people write them in a location ("20 km south of …"). */
const BEARINGS: Record<string, number> = {
  n: 0,
  north: 0,
  ne: 45,
  northeast: 45,
  e: 90,
  east: 90,
  se: 135,
  southeast: 135,
  s: 180,
  south: 180,
  sw: 225,
  southwest: 225,
  w: 270,
  west: 270,
  nw: 315,
  northwest: 315,
};

const KM_PER_DEGREE_LATITUDE = 111.32;

/**
 * The place `km` from `from` toward `bearing` degrees (a flat-earth step: at the Pilbara's
 * distances of a few tens of km it is off by metres, far under the estimate's own error).
 */
function offsetBy(from: LatLng, km: number, bearing: number): LatLng {
  const rad = (bearing * Math.PI) / 180;
  const north = km * Math.cos(rad);
  const east = km * Math.sin(rad);
  return {
    lat: from.lat + north / KM_PER_DEGREE_LATITUDE,
    lng: from.lng + east / (KM_PER_DEGREE_LATITUDE * Math.cos((from.lat * Math.PI) / 180)),
  };
}

/**
 * Where the customer is, as far as the job's location text says: the coordinates of a GPS fix
 * (the booking form's "Use my location" writes `GPS lat, lng (…)`), else the first service town
 * named in the text, else null (no estimate can be honest then). A town written with a distance
 * and a bearing before it ("20 km south of Karratha") is that far from the town, not in it: a
 * customer 40 km out must not be told the truck is a minute away. A distance without a bearing
 * ("40 km from Karratha") cannot be placed, so it gives null too.
 */
export function destinationOf(location: string): (LatLng & { label: string }) | null {
  const fix = /GPS\s+(-?\d+(?:\.\d+)?),\s*(-?\d+(?:\.\d+)?)/.exec(location);
  if (fix) {
    const lat = Number(fix[1]);
    const lng = Number(fix[2]);
    if (Math.abs(lat) <= 90 && Math.abs(lng) <= 180) return { lat, lng, label: 'your location' };
  }
  const text = location.toLowerCase();
  let first: { index: number; town: (typeof SERVICE_TOWNS)[number] } | null = null;
  for (const town of SERVICE_TOWNS) {
    const index = text.indexOf(town.name.toLowerCase());
    if (index >= 0 && (!first || index < first.index)) first = { index, town };
  }
  if (!first) return null;
  const town = first.town;
  const before = text.slice(0, first.index);
  const away = /(\d+(?:\.\d+)?)\s*km\s+(?:([a-z]+(?:[\s-][a-z]+)?)\s+)?(?:of|from)\s+$/.exec(
    before,
  );
  if (!away) return { lat: town.lat, lng: town.lng, label: town.name };
  const km = Number(away[1]);
  const bearing = away[2] === undefined ? undefined : BEARINGS[away[2].replace(/[\s-]/g, '')];
  if (bearing === undefined) return null;
  return { ...offsetBy(town, km, bearing), label: `${km} km ${away[2]} of ${town.name}` };
}

/** What the tracking page says about the truck. */
export type TruckView =
  | {
      kind: 'live';
      /** Minutes since the last fix, to the nearest (0 for under half a minute). */
      minutesAgo: number;
      near: string;
      /** Straight-line km to the customer, one decimal; null when the location is unknown. */
      distanceKm: number | null;
      /** Minutes at the average speed over that distance (travel.ts), at least 1; null likewise. */
      etaMinutes: number | null;
    }
  | { kind: 'out-of-coverage'; minutesAgo: number; near: string };

/**
 * Whole minutes since `at`, rounded to the nearest (2 min 40 s reads "3 min", not "2 min": the
 * customer is told the nearer truth, not the flattering one); a fix from a fast phone clock is
 * never in the future.
 */
export function minutesSince(at: string, now: Date): number {
  return Math.max(0, Math.round((now.getTime() - Date.parse(at)) / 60_000));
}

/**
 * The truck as the customer should see it at `now`, from its last fix and their location. It is
 * out of coverage once "last seen" reads {@link STALE_AFTER_MINUTES} minutes, so the page never
 * says "15 min ago" beside an estimate.
 */
export function truckView(fix: Fix, destination: LatLng | null, now: Date): TruckView {
  const minutesAgo = minutesSince(fix.at, now);
  const near = nearestTown(fix).name;
  if (minutesAgo >= STALE_AFTER_MINUTES) return { kind: 'out-of-coverage', minutesAgo, near };
  if (!destination) return { kind: 'live', minutesAgo, near, distanceKm: null, etaMinutes: null };
  const travel = travelEstimate(fix, destination);
  return { kind: 'live', minutesAgo, near, distanceKm: travel.km, etaMinutes: travel.minutes };
}

/** "just now", "1 min ago", "14 min ago", "2 h 5 min ago". */
export function minutesAgoText(minutes: number): string {
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h ago` : `${hours} h ${rest} min ago`;
}

/** The tracking page's exact wording of the truck's position. */
export const TRUCK_TEXT = {
  heading: 'Your driver on the map',
  lastSeen: (view: TruckView) => `Last seen ${minutesAgoText(view.minutesAgo)} near ${view.near}`,
  outOfCoverage: 'The truck is out of coverage',
  outOfCoverageHint:
    'Signal is patchy out here. The position updates as soon as the driver’s phone is back in range; no arrival time is guessed meanwhile.',
  /** The distance beside the map; the minutes are the one arrival estimate (rules/arrival.ts). */
  distance: (km: number) => `About ${km} km away in a straight line`,
  noEstimate: 'No estimate: your location is not on the job as coordinates or a town',
} as const;

/** Karratha on the coverage map (percent of width and height) and the map's scale. */
const MAP_ANCHOR = { lat: -20.7364, lng: 116.8463, x: 38, y: 42 };
/** Percent of map width per degree of longitude, of height per degree of latitude (fitted to the towns). */
const MAP_SCALE = { x: 99.3, y: -149.6 };

/**
 * Where a position sits on the app's drawn coverage map (percent of its width and height), the
 * map being a drawing fitted to the towns rather than a survey; anything beyond its edges is
 * drawn at the edge.
 */
export function mapPoint(position: LatLng): { x: number; y: number; clamped: boolean } {
  const x = MAP_ANCHOR.x + MAP_SCALE.x * (position.lng - MAP_ANCHOR.lng);
  const y = MAP_ANCHOR.y + MAP_SCALE.y * (position.lat - MAP_ANCHOR.lat);
  const cx = Math.min(97, Math.max(3, x));
  const cy = Math.min(97, Math.max(3, y));
  return {
    x: Math.round(cx * 10) / 10,
    y: Math.round(cy * 10) / 10,
    clamped: cx !== x || cy !== y,
  };
}
