/**
 * The one arrival estimate a customer is given (docs/decisions/2026-11-27-recorded-times-only.md),
 * and the message that says the driver is on the way. The tracking page, the dashboard, the
 * en-route email and push and the text message all call {@link arrivalEstimate} and word it with
 * {@link arrivalText} (or, in a text's few words, {@link arrivalShortText}), so they can never
 * disagree (a page saying "Within 4-6 hours" beside "roughly 5 min").
 *
 * The rule, first match wins:
 * - a finished job has no arrival (completed, or cancelled);
 * - In Progress: the driver is on site;
 * - an estimate staff set by hand (`estimatedArrival`, free text) overrides the rule: every
 *   status step clears it, so it holds until the next step (the mutators do that);
 * - En Route with a shared position: the truck's distance from there at the average speed
 *   ({@link travelEstimate}), or no estimate at all once the truck is out of coverage;
 * - waiting for a truck (Emergency, Assigned) or En Route without a position: the distance from
 *   the depot at the average speed, said as such ("once a driver sets off");
 * - otherwise (a Scheduled job without its time, a place the rule cannot find) "to be
 *   confirmed".
 *
 * The distance and time come from one rule, `travelEstimate` (travel.ts: haversine distance at
 * the average speed), which a dispatch choosing the nearest truck reuses.
 */
import type { JobStatus } from '../constants/statuses';
import { destinationOf, truckView, type Fix } from './live-position';
import { AVERAGE_SPEED_KMH, travelEstimate } from './travel';

/** What the customer is told about when the truck arrives. */
export type ArrivalEstimate =
  | { kind: 'live'; minutes: number; km: number }
  | {
      kind: 'depot';
      minutes: number;
      km: number;
      depot: string;
      /** Whether the truck is already on its way (En Route without a shared position). */
      started: boolean;
    }
  | { kind: 'manual'; text: string }
  | { kind: 'out-of-coverage' }
  | { kind: 'on-site' }
  | { kind: 'completed' }
  | { kind: 'cancelled' }
  | { kind: 'unknown' };

/** The job as the estimate needs it. */
export interface ArrivalJob {
  status: JobStatus | string;
  estimatedArrival?: string | null;
  location: string;
}

/** The truck's last shared fix, as the tracking answer and `job_positions` carry it. */
export interface ArrivalFix {
  latitude: number;
  longitude: number;
  recordedAt: string;
}

/** Where the trucks set off from (the business profile's depot). */
export interface ArrivalDepot {
  name: string;
  latitude: number;
  longitude: number;
}

/** Statuses of a job still waiting for its truck to set off. */
const WAITING_FOR_TRUCK: readonly string[] = ['Emergency', 'Assigned'];

/**
 * The arrival estimate of `job` at `now`, given the truck's last fix (null: none shared) and the
 * depot (null: none known, so no estimate from it).
 */
export function arrivalEstimate(
  job: ArrivalJob,
  position: ArrivalFix | null,
  now: Date,
  depot: ArrivalDepot | null,
): ArrivalEstimate {
  if (job.status === 'Completed') return { kind: 'completed' };
  if (job.status === 'Cancelled') return { kind: 'cancelled' };
  if (job.status === 'In Progress') return { kind: 'on-site' };
  const manual = job.estimatedArrival?.trim();
  if (manual) return { kind: 'manual', text: manual };
  const destination = destinationOf(job.location);
  if (job.status === 'En Route' && position) {
    const fix: Fix = { lat: position.latitude, lng: position.longitude, at: position.recordedAt };
    const view = truckView(fix, destination, now);
    if (view.kind === 'out-of-coverage') return { kind: 'out-of-coverage' };
    if (view.etaMinutes !== null && view.distanceKm !== null)
      return { kind: 'live', minutes: view.etaMinutes, km: view.distanceKm };
    return { kind: 'unknown' };
  }
  const started = job.status === 'En Route';
  if (depot && destination && (started || WAITING_FOR_TRUCK.includes(job.status))) {
    const travel = travelEstimate({ lat: depot.latitude, lng: depot.longitude }, destination);
    return { kind: 'depot', ...travel, depot: depot.name, started };
  }
  return { kind: 'unknown' };
}

/** The estimate in the customer's words (the tracking page's "Estimated Arrival"). */
export function arrivalText(estimate: ArrivalEstimate): string {
  switch (estimate.kind) {
    case 'live':
      return `About ${estimate.minutes} min (${estimate.km} km in a straight line at ${AVERAGE_SPEED_KMH} km/h average)`;
    case 'depot':
      return estimate.started
        ? `About ${estimate.minutes} min (${estimate.km} km from ${estimate.depot} in a straight line at ${AVERAGE_SPEED_KMH} km/h average)`
        : `About ${estimate.minutes} min once a driver sets off (${estimate.km} km from ${estimate.depot} in a straight line at ${AVERAGE_SPEED_KMH} km/h average)`;
    case 'manual':
      return estimate.text;
    case 'out-of-coverage':
      return 'No estimate while the truck is out of coverage';
    case 'on-site':
      return 'Your driver is on site';
    case 'completed':
      return 'Job complete';
    case 'cancelled':
      return 'Job cancelled';
    case 'unknown':
      return 'To be confirmed';
  }
}

/**
 * The estimate in a text message's few words ("about 27 min", the office's estimate), or null
 * when there is none to give: a text leaves the estimate out rather than say "to be confirmed".
 */
export function arrivalShortText(estimate: ArrivalEstimate): string | null {
  if (estimate.kind === 'live') return `about ${estimate.minutes} min`;
  if (estimate.kind === 'depot')
    return estimate.started
      ? `about ${estimate.minutes} min`
      : `about ${estimate.minutes} min once a driver sets off`;
  if (estimate.kind === 'manual') return estimate.text;
  return null;
}

/** "Dana Reid" when a driver is named on the job, else "Your driver". */
function driverLabel(driverName: string | null | undefined): string {
  const name = driverName?.trim();
  return name && name !== 'Both' ? name : 'Your driver';
}

/** Everything the en-route message says, in each channel's length. */
export interface EnRouteMessage {
  /** Email subject. */
  subject: string;
  /** The email's news line: who is coming, for which job, and the estimate. */
  news: string;
  /** Web Push title and body (phones cut long bodies). */
  pushTitle: string;
  pushBody: string;
  /** A text message with the tracking link (services/sms-notices.ts sends it). */
  sms: (trackingLink: string) => string;
}

/**
 * The en-route message of a job: names the driver and gives the one estimate
 * ({@link arrivalEstimate} at the time the message is made).
 */
export function enRouteMessage(input: {
  jobId: string;
  service?: string | null;
  driverName?: string | null;
  estimate: ArrivalEstimate;
}): EnRouteMessage {
  const driver = driverLabel(input.driverName);
  const service = input.service ? ` (${input.service})` : '';
  const eta = `Estimated arrival: ${arrivalText(input.estimate)}.`;
  const inSubject = driver === 'Your driver' ? 'your driver' : driver;
  return {
    subject: `Job ${input.jobId}: ${inSubject} is on the way`,
    news: `${driver} is on the way for job ${input.jobId}${service}. ${eta}`,
    pushTitle: `${driver} is on the way`,
    pushBody: `Job ${input.jobId}. ${eta} Tap to see where the truck is.`,
    sms: (link) => `${driver} is on the way for job ${input.jobId}. ${eta} Track: ${link}`,
  };
}
