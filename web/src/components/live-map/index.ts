export { LiveMap } from './live-map';
export { DrawnMap } from './drawn-map';
export type { MapMarker } from './types';
