/**
 * Links into a maps app, for the call-and-map buttons of the public pages and the driver's job
 * cards. A module of its own, with nothing to import: the public pages load it, and beside the
 * driver's rules it brought the Perth-date and job-flow rules (about 7 KB compressed) into every
 * page's first download.
 */

/**
 * A maps link for a job's location: the coordinates when the location carries a GPS fix (the
 * booking form's "Use my location" writes `GPS lat, lng (…)`), else the text as a search.
 */
export function mapsLink(location: string): string {
  const fix = /GPS\s+(-?\d+(?:\.\d+)?),\s*(-?\d+(?:\.\d+)?)/.exec(location);
  const query = fix ? `${fix[1]},${fix[2]}` : location;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}
