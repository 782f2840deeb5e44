/** What a map shows: trucks, jobs waiting and the customer's place. */
export interface MapMarker {
  /** Unique among the markers of one map (`truck-3`, `job-JOB-2026-12`). */
  id: string;
  kind: 'truck' | 'job' | 'customer';
  lat: number;
  lng: number;
  /** What the marker says (its title and accessible name). */
  label: string;
  /** An old position: drawn faded. */
  faded?: boolean;
}

/** How the map ended up: tiles drawn, or the drawing because no tile could be had. */
export type MapState = 'loading' | 'map' | 'drawing';
