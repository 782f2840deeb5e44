/**
 * The response times the public pages may show: measured from the recorded jobs, never written
 * by hand. One figure per coverage area (COVERAGE_AREAS), with its basis: the median minutes from
 * the call (or booking) to the truck's arrival over the last {@link RESPONSE_WINDOW_DAYS} days,
 * and how many jobs that is. An area with fewer than {@link RESPONSE_MIN_JOBS} recorded arrivals
 * gets no figure: the page then says nothing rather than a number nobody measured.
 *
 * Response time itself is the owners' report's (job-reports.ts `jobResponses`): the same jobs,
 * the same arrivals, so the public figure and the Reports screen can never disagree.
 */
import { COVERAGE_AREAS } from '../constants/coverage';
import type { Booking } from '../entities/booking';
import type { Job } from '../entities/job';
import type { JobUpdate } from '../entities/job-update';
import { formatMinutes, jobResponses, median } from './job-reports';
import { destinationOf } from './live-position';
import { nearestTown } from './nearest-town';

/** The days of recorded jobs a figure is measured over. */
export const RESPONSE_WINDOW_DAYS = 90;
/** The fewest recorded arrivals that make a figure. */
export const RESPONSE_MIN_JOBS = 3;
/** A GPS fix this close to a town counts as that town. */
const TOWN_RADIUS_KM = 15;

/** The area beyond the towns: mine sites, stations and highways. */
const WIDER_AREA = COVERAGE_AREAS.find((area) => area.distanceKm === null)?.name ?? 'Mining Sites';
const TOWN_AREAS = COVERAGE_AREAS.filter((area) => area.distanceKm !== null).map(
  (area) => area.name,
);

/**
 * The coverage area a job's location falls in: the first coverage town its text names, the
 * town a GPS fix is within 15 km of, or the wider area for a fix further out or a place named
 * as a mine or site; null when the text says nothing the rule can place.
 */
export function responseAreaOf(location: string): string | null {
  const place = destinationOf(location);
  if (place && place.label !== 'your location') {
    return TOWN_AREAS.includes(place.label) ? place.label : WIDER_AREA;
  }
  if (place) {
    const town = nearestTown(place);
    return town.km <= TOWN_RADIUS_KM && TOWN_AREAS.includes(town.name) ? town.name : WIDER_AREA;
  }
  return /\b(mine|mining|site|station|camp)\b/i.test(location) ? WIDER_AREA : null;
}

/** One area's figure: the median minutes (null: too few jobs) and the jobs it is measured from. */
export interface AreaResponse {
  area: string;
  medianMinutes: number | null;
  jobs: number;
}

/** The figures of every coverage area, and of all areas together, over the window. */
export interface ResponseTimes {
  sinceDays: number;
  areas: AreaResponse[];
  overall: AreaResponse;
}

const DAY_MS = 86_400_000;

/**
 * The response figures at `now`, from the jobs, their history and the bookings they came from
 * (jobs from scheduled bookings and jobs never marked arrived have no response, see
 * job-reports.ts). Only help asked for in the last {@link RESPONSE_WINDOW_DAYS} days counts.
 */
export function responseTimes(
  jobs: readonly Pick<Job, 'id' | 'createdAt' | 'location'>[],
  updates: readonly Pick<JobUpdate, 'jobId' | 'status' | 'createdAt'>[],
  bookings: readonly Pick<Booking, 'approvedJobId' | 'urgency' | 'createdAt'>[],
  now: string,
): ResponseTimes {
  const since = Date.parse(now) - RESPONSE_WINDOW_DAYS * DAY_MS;
  const areaOf = new Map(jobs.map((job) => [job.id, responseAreaOf(job.location)]));
  const byArea = new Map<string, number[]>();
  const all: number[] = [];
  for (const response of jobResponses(jobs, updates, bookings)) {
    if (Date.parse(response.askedAt) < since) continue;
    all.push(response.minutes);
    const area = areaOf.get(response.jobId);
    if (!area) continue;
    byArea.set(area, [...(byArea.get(area) ?? []), response.minutes]);
  }
  const figure = (area: string, minutes: number[]): AreaResponse => {
    const sorted = [...minutes].sort((a, b) => a - b);
    return {
      area,
      jobs: sorted.length,
      medianMinutes: sorted.length >= RESPONSE_MIN_JOBS ? median(sorted) : null,
    };
  };
  return {
    sinceDays: RESPONSE_WINDOW_DAYS,
    areas: COVERAGE_AREAS.map((area) => figure(area.name, byArea.get(area.name) ?? [])),
    overall: figure('All areas', all),
  };
}

/** The figure as people read it ('34 min', '1 h 25 min'), or null when there is none. */
export function responseFigureText(area: AreaResponse): string | null {
  return area.medianMinutes === null ? null : formatMinutes(area.medianMinutes);
}

/** What the figure is measured from: 'Median of 12 jobs in the last 90 days'. */
export function responseBasisText(area: AreaResponse, sinceDays: number): string {
  return `Median of ${area.jobs} job${area.jobs === 1 ? '' : 's'} in the last ${sinceDays} days, from the call to the truck on site`;
}
