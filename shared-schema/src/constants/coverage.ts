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
  responseTime: string;
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
    responseTime: '20-30 min',
    position: { x: 38, y: 42 },
    isMain: true,
  },
  {
    name: 'Dampier',
    distanceKm: 20,
    distance: '20 km',
    responseTime: '30-40 min',
    position: { x: 20, y: 34 },
    isMain: false,
  },
  {
    name: 'Wickham',
    distanceKm: 15,
    distance: '15 km',
    responseTime: '25-35 min',
    position: { x: 62, y: 30 },
    isMain: false,
  },
  {
    name: 'Roebourne',
    distanceKm: 40,
    distance: '40 km',
    responseTime: '45-60 min',
    position: { x: 66, y: 44 },
    isMain: false,
  },
  {
    name: 'Point Samson',
    distanceKm: 45,
    distance: '45 km',
    responseTime: '50-65 min',
    position: { x: 70, y: 20 },
    isMain: false,
  },
  {
    name: 'Mining Sites',
    distanceKm: null,
    distance: 'Varies',
    responseTime: '60-90 min',
    position: { x: 52, y: 78 },
    isMain: false,
  },
];

/** Coverage statistics (spec public §9); the 100 km range stands beside the 50-mile radius. */
export const COVERAGE_STATS = {
  availability: '24/7',
  areas: 6,
  averageResponse: '30 min',
  maxRange: '100 km',
  maxRangeKm: 100,
  emergencyArrival: '30-45 minutes',
  serviceRadius: '50-mile radius',
  serviceRadiusMiles: 50,
} as const;

/** Contact page service coverage zones. */
export const CONTACT_COVERAGE_ZONES = [
  { name: 'Primary Zone', response: '15 min average response' },
  { name: 'Extended Area', response: '30 min average response' },
  { name: 'Regional Coverage', response: '45 min maximum response' },
] as const;

/** Response times of the four regions on the Service Areas page. */
export const SERVICE_AREA_RESPONSE_TIMES = [
  '15-30 min',
  '20-35 min',
  '25-40 min',
  '60-120 min',
] as const;
