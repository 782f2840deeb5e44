/**
 * The map's style from the server's map configuration (GET /api/map-config): a style URL as it
 * is, or the Protomaps basemap over the server's own PMTiles file. The answer is kept in the
 * browser so a map opened offline asks nothing new of the network (its tiles come from the
 * service worker's cache).
 */
import { layers, namedFlavor } from '@protomaps/basemaps';
import type { StyleSpecification } from 'maplibre-gl';
import { MAP_PMTILES_PATH, type MapConfig } from '@pilbara/shared-schema';
import { readStored, writeStored } from '../../lib/storage';

const STORED_KEY = 'mapConfig';

function parseMapConfig(value: unknown): MapConfig | null {
  if (typeof value !== 'object' || value === null) return null;
  const config = value as Record<string, unknown>;
  if (config.kind === 'style' && typeof config.styleUrl === 'string')
    return { kind: 'style', styleUrl: config.styleUrl };
  if (config.kind === 'pmtiles' && typeof config.pmtilesUrl === 'string')
    return {
      kind: 'pmtiles',
      pmtilesUrl: config.pmtilesUrl,
      glyphsUrl: typeof config.glyphsUrl === 'string' ? config.glyphsUrl : null,
    };
  return null;
}

/** The server's map configuration, or the last one read when the server cannot be reached. */
export async function loadMapConfig(): Promise<MapConfig | null> {
  try {
    const response = await fetch('/api/map-config', { credentials: 'same-origin' });
    if (response.ok) {
      const config = parseMapConfig(await response.json());
      if (config) {
        writeStored(STORED_KEY, config);
        return config;
      }
    }
  } catch {
    // Offline: fall through to the last answer.
  }
  return readStored(STORED_KEY, parseMapConfig);
}

/** The style MapLibre draws: a URL, or a style object over the PMTiles file. */
export function styleOf(config: MapConfig, origin: string): string | StyleSpecification {
  if (config.kind === 'style') return config.styleUrl;
  const url = new URL(config.pmtilesUrl || MAP_PMTILES_PATH, origin).href;
  const all = layers('protomaps', namedFlavor('light'), { lang: 'en' });
  return {
    version: 8,
    ...(config.glyphsUrl ? { glyphs: config.glyphsUrl } : {}),
    sources: {
      protomaps: {
        type: 'vector',
        url: `pmtiles://${url}`,
        attribution: '© OpenStreetMap contributors',
      },
    },
    // Without fonts the labels cannot be drawn: the map goes without them rather than fetch
    // fonts from outside.
    layers: config.glyphsUrl ? all : all.filter((layer) => layer.type !== 'symbol'),
  };
}
