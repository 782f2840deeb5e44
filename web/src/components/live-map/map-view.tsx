/**
 * The MapLibre map itself, in a chunk of its own (live-map.tsx loads it on screens that show a
 * map). It tells its host when the first tile has drawn (`onReady`) or that none will
 * (`onFail`): the style could not be read, or the map went idle with no tile loaded.
 */
import { useEffect, useRef, useState } from 'react';
import { LngLatBounds, Map as MapLibreMap, Marker, addProtocol, setWorkerUrl } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { Protocol } from 'pmtiles';
import { MAP_HOME } from '@pilbara/shared-schema';
import { loadMapConfig, styleOf } from './map-style';
import type { MapMarker } from './types';

setWorkerUrl(workerUrl);
const pmtiles = new Protocol();
addProtocol('pmtiles', pmtiles.tile);

/** If neither a tile nor a failure is heard of by then, the drawing stays. */
const GIVE_UP_MS = 20_000;

const COLOURS: Record<MapMarker['kind'], { fill: string; ring: string }> = {
  truck: { fill: '#f0ba39', ring: '#8a2914' },
  job: { fill: '#a8341c', ring: '#ffffff' },
  customer: { fill: '#1c7ed6', ring: '#ffffff' },
};

function markerElement(marker: MapMarker): HTMLElement {
  const element = document.createElement('div');
  const { fill, ring } = COLOURS[marker.kind];
  const size = marker.kind === 'truck' ? 26 : 18;
  Object.assign(element.style, {
    width: `${size}px`,
    height: `${size}px`,
    borderRadius: '50%',
    background: fill,
    border: `3px solid ${ring}`,
    boxShadow: '0 1px 3px rgba(0,0,0,0.4)',
  });
  element.setAttribute('role', 'img');
  element.dataset.testid = `map-marker-${marker.id}`;
  return element;
}

function describe(element: HTMLElement, marker: MapMarker): void {
  element.setAttribute('aria-label', marker.label);
  element.title = marker.label;
  element.style.opacity = marker.faded ? '0.45' : '1';
  element.dataset.lnglat = `${marker.lng.toFixed(5)},${marker.lat.toFixed(5)}`;
}

/**
 * Fits the view to the markers when which ones are shown changes, or when one is out of sight
 * (it moved, or the map was resized); not on every move, so a dispatcher zoomed in on a truck
 * stays where they are.
 */
function fitMarkers(
  map: MapLibreMap,
  markers: readonly MapMarker[],
  fitted: { current: string },
): void {
  if (markers.length === 0) return;
  const ids = markers.map((marker) => marker.id).join('|');
  const view = map.getBounds();
  const outOfSight = markers.some((marker) => !view.contains([marker.lng, marker.lat]));
  if (fitted.current === ids && !outOfSight) return;
  fitted.current = ids;
  const bounds = new LngLatBounds();
  for (const marker of markers) bounds.extend([marker.lng, marker.lat]);
  map.fitBounds(bounds, { padding: 48, maxZoom: 10, duration: 0 });
}

export default function MapView({
  markers,
  label,
  visible,
  onReady,
  onFail,
}: {
  markers: readonly MapMarker[];
  label: string;
  visible: boolean;
  onReady: () => void;
  onFail: () => void;
}) {
  const container = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState<MapLibreMap | null>(null);
  const placed = useRef(new Map<string, Marker>());
  const fitted = useRef('');
  const latest = useRef(markers);
  latest.current = markers;

  useEffect(() => {
    let cancelled = false;
    let map: MapLibreMap | null = null;
    let tileLoaded = false;
    const fail = () => {
      if (!cancelled && !tileLoaded) onFail();
    };
    const timer = window.setTimeout(fail, GIVE_UP_MS);
    void loadMapConfig().then((config) => {
      if (cancelled || !container.current) return;
      if (!config) return fail();
      map = new MapLibreMap({
        container: container.current,
        style: styleOf(config, window.location.origin),
        center: [MAP_HOME.lng, MAP_HOME.lat],
        zoom: MAP_HOME.zoom,
        attributionControl: { compact: true },
        // The board and the tracking link are read, not explored: no rotation to get lost in.
        dragRotate: false,
        pitchWithRotate: false,
      });
      setShown(map);
      map.on('sourcedata', (event) => {
        if (event.tile && !tileLoaded) {
          tileLoaded = true;
          window.clearTimeout(timer);
          onReady();
        }
      });
      map.on('error', () => {
        // A style that could not be read never goes idle: give up at once.
        if (map && !map.isStyleLoaded()) fail();
      });
      map.on('resize', () => {
        if (map) fitMarkers(map, latest.current, fitted);
      });
      map.on('idle', () => {
        if (!tileLoaded) fail();
      });
    });
    const markersPlaced = placed.current;
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
      for (const marker of markersPlaced.values()) marker.remove();
      markersPlaced.clear();
      map?.remove();
    };
  }, [onReady, onFail]);

  // Markers follow the props: moved, added, removed.
  useEffect(() => {
    const map = shown;
    if (!map) return;
    const seen = new Set<string>();
    for (const marker of markers) {
      seen.add(marker.id);
      let placedMarker = placed.current.get(marker.id);
      if (!placedMarker) {
        placedMarker = new Marker({ element: markerElement(marker) });
        placed.current.set(marker.id, placedMarker.setLngLat([marker.lng, marker.lat]).addTo(map));
      } else placedMarker.setLngLat([marker.lng, marker.lat]);
      describe(placedMarker.getElement(), marker);
    }
    for (const [id, placedMarker] of placed.current) {
      if (!seen.has(id)) {
        placedMarker.remove();
        placed.current.delete(id);
      }
    }
    fitMarkers(map, markers, fitted);
  }, [shown, markers]);

  return (
    <div
      ref={container}
      role="region"
      aria-label={label}
      data-testid="live-map-canvas"
      style={{
        position: 'absolute',
        inset: 0,
        visibility: visible ? 'visible' : 'hidden',
        borderRadius: 8,
        overflow: 'hidden',
      }}
    />
  );
}
