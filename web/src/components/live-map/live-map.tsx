/**
 * A real map (MapLibre GL with vector tiles, docs/dispatch.md) that stands on today's drawing:
 * the drawing is always rendered, so the page has its size and something to show from the first
 * paint (and on the server); the map's code loads only in the browser, in a chunk of its own,
 * and covers the drawing once its first tile has loaded. When no tile can be had (no signal
 * and nothing cached, the tile server down) the drawing simply stays, and says so.
 */
import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { Text } from '@mantine/core';
import { useHydrated } from '../../lib/hydration';
import type { MapMarker, MapState } from './types';

const MapView = lazy(() => import('./map-view'));

export function LiveMap({
  markers,
  drawing,
  label,
}: {
  markers: readonly MapMarker[];
  /** Today's drawing of the same markers: the fallback, and the box the map fills. */
  drawing: ReactNode;
  /** What the map shows, in words (its accessible name). */
  label: string;
}) {
  const hydrated = useHydrated();
  const [state, setState] = useState<MapState>('loading');
  const onReady = useCallback(() => setState('map'), []);
  const onFail = useCallback(() => setState('drawing'), []);
  return (
    <div data-testid="live-map" data-state={state}>
      <div style={{ position: 'relative' }}>
        <div aria-hidden={state === 'map' ? true : undefined}>{drawing}</div>
        {hydrated && state !== 'drawing' && (
          <Suspense fallback={null}>
            <MapView
              markers={markers}
              label={label}
              visible={state === 'map'}
              onReady={onReady}
              onFail={onFail}
            />
          </Suspense>
        )}
      </div>
      {state === 'drawing' && (
        <Text size="xs" c="dimmed" data-testid="live-map-fallback">
          Map tiles could not be loaded here: showing the drawing, not to scale.
        </Text>
      )}
    </div>
  );
}
