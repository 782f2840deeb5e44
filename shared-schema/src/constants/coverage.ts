/**
 * Coverage areas shown on the coverage map and their summary statistics. What each area costs
 * is the price list's (rules/price-list.ts `coverageSurchargeText`), not a figure of its own.
 */

/** One area on the coverage map. `position` is in percent of the map's width and height. */
export interface CoverageArea {
  name: string;
  /** Road distance from Karratha in km; null where it varies (mining sites). */
  distanceKm: number | null;
  /** Distance as displayed. */
  distance: string;
  position: { x: number; y: number };
  /** The home base, drawn larger on the map. */
  isMain: boolean;
}

/**
 * The six coverage areas of spec public §9. Positions place them on an SVG of the Pilbara coast:
 * the coast runs across the top, Dampier west of Karratha, Wickham, Point Samson and Roebourne to
 * the east, the mining sites inland to the south.
 */
export const COVERAGE_AREAS: readonly CoverageArea[] = [
  {
    name: 'Karratha',
    distanceKm: 0,
    distance: '0 km',
    position: { x: 38, y: 42 },
    isMain: true,
  },
  {
    name: 'Dampier',
    distanceKm: 20,
    distance: '20 km',
    position: { x: 20, y: 34 },
    isMain: false,
  },
  {
    name: 'Wickham',
    distanceKm: 15,
    distance: '15 km',
    position: { x: 62, y: 30 },
    isMain: false,
  },
  {
    name: 'Roebourne',
    distanceKm: 40,
    distance: '40 km',
    position: { x: 66, y: 44 },
    isMain: false,
  },
  {
    name: 'Point Samson',
    distanceKm: 45,
    distance: '45 km',
    position: { x: 70, y: 20 },
    isMain: false,
  },
  {
    name: 'Mining Sites',
    distanceKm: null,
    distance: 'Varies',
    position: { x: 52, y: 78 },
    isMain: false,
  },
];

/**
 * Coverage statistics (spec public §9). The spec's "30 min average response", "30-45 minutes"
 * and the zones' response times are not kept: response times shown are measured from recorded
 * jobs (rules/response-times.ts), and the range is the business profile's service radius.
 */
export const COVERAGE_STATS = {
  availability: '24/7',
} as const;
