/**
 * Markers on today's drawing of the Pilbara coast (components/coverage-map.tsx): what a map
 * screen shows until its tiles load, and instead of them when none can be had. Positions are
 * placed with shared-schema's `mapPoint` (a drawing fitted to the towns, not a survey).
 */
import { mapPoint } from '@pilbara/shared-schema';
import { Coast, MAP_H, MAP_W } from '../coast';
import classes from '../coverage-map.module.css';
import type { MapMarker } from './types';

const FILL: Record<MapMarker['kind'], string> = {
  truck: '#f0ba39',
  job: '#a8341c',
  customer: '#1c7ed6',
};

export function DrawnMap({ markers, label }: { markers: readonly MapMarker[]; label: string }) {
  return (
    <svg viewBox={`0 0 ${MAP_W} ${MAP_H}`} className={classes.map} role="img" aria-label={label}>
      <Coast />
      {markers.map((marker) => {
        const point = mapPoint(marker);
        const x = (point.x / 100) * MAP_W;
        const y = (point.y / 100) * MAP_H;
        return (
          <circle
            key={marker.id}
            data-testid={`drawn-marker-${marker.id}`}
            cx={x}
            cy={y}
            r={marker.kind === 'truck' ? 22 : 14}
            fill={FILL[marker.kind]}
            stroke={marker.kind === 'truck' ? '#8a2914' : '#ffffff'}
            strokeWidth={5}
            opacity={marker.faded ? 0.45 : 1}
          >
            <title>{marker.label}</title>
          </circle>
        );
      })}
    </svg>
  );
}
