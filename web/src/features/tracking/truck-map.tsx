/**
 * The truck on the app's drawn Pilbara map: the customer's tracking page shows where
 * the driver's phone last reported, and where the customer is when the job says so. Positions
 * come as percent of the map (shared-schema `mapPoint`); the map is a drawing, so the caption
 * says it is not to scale.
 */
import { Coast, MAP_H, MAP_W } from '../../components/coast';
import classes from '../../components/coverage-map.module.css';

interface Point {
  x: number;
  y: number;
}

export function TruckMap({
  truck,
  destination,
  label,
  stale,
}: {
  truck: Point;
  destination: Point | null;
  /** What the map says in words (its accessible name). */
  label: string;
  /** The fix is old: the truck is drawn faded. */
  stale: boolean;
}) {
  const at = (point: Point) => ({ x: (point.x / 100) * MAP_W, y: (point.y / 100) * MAP_H });
  const t = at(truck);
  const d = destination ? at(destination) : null;
  return (
    <svg viewBox={`0 0 ${MAP_W} ${MAP_H}`} className={classes.map} role="img" aria-label={label}>
      <Coast />
      {d && (
        <g data-testid="map-destination">
          <line
            x1={t.x}
            y1={t.y}
            x2={d.x}
            y2={d.y}
            stroke="#1c2b39"
            strokeWidth={4}
            strokeDasharray="12 10"
            opacity={0.7}
          />
          <circle cx={d.x} cy={d.y} r={16} fill="#1c7ed6" stroke="#ffffff" strokeWidth={5} />
        </g>
      )}
      <g data-testid="map-truck" opacity={stale ? 0.45 : 1}>
        <circle cx={t.x} cy={t.y} r={34} fill="#f0ba39" stroke="#8a2914" strokeWidth={6} />
        {/* A tow truck: cab, bed and boom, drawn at the fix. */}
        <g transform={`translate(${t.x - 20} ${t.y - 14})`} fill="#1c2b39">
          <rect x="0" y="10" width="26" height="14" rx="2" />
          <rect x="24" y="4" width="14" height="20" rx="3" />
          <path d="M2 10 L14 -2" stroke="#1c2b39" strokeWidth="4" />
          <circle cx="8" cy="26" r="4" />
          <circle cx="30" cy="26" r="4" />
        </g>
      </g>
    </svg>
  );
}
