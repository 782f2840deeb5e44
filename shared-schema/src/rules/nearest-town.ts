/**
 * The nearest town to a GPS position, for the booking form's "Use my location": a stranded
 * motorist often cannot say where they are, and a driver needs both the coordinates and a
 * place name to read out on the radio.
 */

/** Towns of the service area with their coordinates (decimal degrees, WGS 84). */
export const SERVICE_TOWNS: readonly { name: string; lat: number; lng: number }[] = [
  { name: 'Karratha', lat: -20.7364, lng: 116.8463 },
  { name: 'Dampier', lat: -20.6627, lng: 116.7115 },
  { name: 'Wickham', lat: -20.6774, lng: 117.1386 },
  { name: 'Roebourne', lat: -20.7781, lng: 117.1456 },
  { name: 'Point Samson', lat: -20.6267, lng: 117.1936 },
  { name: 'Port Hedland', lat: -20.3107, lng: 118.606 },
  { name: 'Tom Price', lat: -22.6936, lng: 117.7931 },
  { name: 'Paraburdoo', lat: -23.2034, lng: 117.669 },
  { name: 'Onslow', lat: -21.637, lng: 115.1126 },
  { name: 'Pannawonica', lat: -21.6381, lng: 116.3233 },
];

const EARTH_RADIUS_KM = 6371;

/** Great-circle distance in km between two positions. */
export function distanceKm(
  a: { lat: number; lng: number },
  b: { lat: number; lng: number },
): number {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.sqrt(h));
}

/** The nearest service town and how far it is, in whole km. */
export function nearestTown(position: { lat: number; lng: number }): { name: string; km: number } {
  let best = { name: SERVICE_TOWNS[0]!.name, km: Number.POSITIVE_INFINITY };
  for (const town of SERVICE_TOWNS) {
    const km = distanceKm(position, town);
    if (km < best.km) best = { name: town.name, km };
  }
  return { name: best.name, km: Math.round(best.km) };
}

/** The booking location text for a GPS fix: coordinates first, then the nearest town. */
export function locationFromPosition(position: { lat: number; lng: number }): string {
  const { name, km } = nearestTown(position);
  const where = km < 1 ? `in ${name}` : `${km} km from ${name}`;
  return `GPS ${position.lat.toFixed(5)}, ${position.lng.toFixed(5)} (${where})`;
}
