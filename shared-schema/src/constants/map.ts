/**
 * The map's area and how much of it a device keeps. The service worker (web/vite.config.ts)
 * caches only the tiles inside {@link PILBARA_BOUNDS}, at most {@link MAP_TILE_CACHE.maxEntries}
 * of them for {@link MAP_TILE_CACHE.maxAgeDays} days, so a phone keeps the Pilbara it has
 * looked at without filling up with the rest of the world.
 */

/** West, south, east, north in degrees: Onslow to beyond Port Hedland, the coast to Paraburdoo. */
export const PILBARA_BOUNDS = [114.5, -24.0, 120.5, -19.5] as const;

/** Where the map opens when it has nothing to show yet: Karratha. */
export const MAP_HOME = { lng: 116.8463, lat: -20.7364, zoom: 7 } as const;

/** The bound of the tile cache on a device. */
export const MAP_TILE_CACHE = { name: 'map-tiles', maxEntries: 3000, maxAgeDays: 60 } as const;

/** The free map style used when the server names none (OpenFreeMap: no key, no sign-up). */
export const DEFAULT_MAP_STYLE_URL = 'https://tiles.openfreemap.org/styles/liberty';

/** Where the sync server serves an operator's own PMTiles file (MAP_PMTILES_FILE). */
export const MAP_PMTILES_PATH = '/map/tiles.pmtiles';
