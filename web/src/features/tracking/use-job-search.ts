/**
 * Portal tracking (docs/security.md). Two ways in:
 * - a tracking link's token: GET /api/track/:token answers the job, or the booking while it
 *   waits for approval;
 * - a job id (or booking reference) typed by hand with the phone's last four digits:
 *   GET /api/jobs/search?query=&phone= answers the same, or 404 when they do not match.
 * While something is shown it is fetched again every 5 s (docs/features.md) by its token, so status
 * and progress move without a reload and no digits are sent again.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  POLLING_INTERVALS,
  type Job,
  type PublicBooking,
  type TimelineEntry,
  type TrackResponse,
  type TruckPosition,
} from '@pilbara/shared-schema';
import { apiRequest, HttpError } from '../../lib/http';

/**
 * What a lookup found; a job's `position` is the truck's last fix, which only the tracking link's
 * answer carries, and only while the job is En Route. Its `timeline` is each step at the
 * time it was recorded (docs/decisions/2026-11-27-recorded-times-only.md); `reviewed`, on the
 * tracking link's answer, whether the customer has left their review.
 */
export type Tracked =
  | {
      job: Job;
      position?: TruckPosition | null;
      timeline?: readonly TimelineEntry[];
      reviewed?: boolean;
      /** Who took the booking the job came from (only the tracking link's answer says). */
      confirmedBy?: { name: string; at: string } | null;
    }
  | { booking: PublicBooking };

/** What the customer asked with: a tracking token, or an id with phone digits. */
export type TrackQuery = { token: string } | { query: string; phone?: string };

export type JobSearchState =
  | { status: 'idle' }
  | { status: 'loading'; query: string }
  | { status: 'found'; query: string; found: Tracked }
  | { status: 'not-found'; query: string }
  | { status: 'error'; query: string; error: unknown };

function urlOf(ask: TrackQuery): string {
  if ('token' in ask) return `/api/track/${encodeURIComponent(ask.token)}`;
  const phone = ask.phone ? `&phone=${encodeURIComponent(ask.phone)}` : '';
  return `/api/jobs/search?query=${encodeURIComponent(ask.query)}${phone}`;
}

type LookupAnswer = Partial<{
  job: Job;
  position: TruckPosition | null;
  timeline: TimelineEntry[];
  reviewed: boolean;
  booking: PublicBooking;
  confirmedBy: { name: string; at: string } | null;
}>;

/**
 * What a lookup's answer (or a tracking page's embedded answer) shows; null for nothing. Only
 * the tracking link's answer says whether the job was reviewed, so `reviewed` stays absent
 * for a portal search.
 */
export function trackedOf(answer: LookupAnswer | TrackResponse | null | undefined): Tracked | null {
  if (!answer) return null;
  if ('job' in answer && answer.job) {
    const reviewed = 'reviewed' in answer ? answer.reviewed : undefined;
    const confirmedBy = 'confirmedBy' in answer ? (answer.confirmedBy ?? null) : null;
    return {
      job: answer.job,
      position: ('position' in answer ? answer.position : null) ?? null,
      timeline: ('timeline' in answer ? answer.timeline : undefined) ?? [],
      ...(reviewed === undefined ? {} : { reviewed }),
      ...(confirmedBy ? { confirmedBy } : {}),
    };
  }
  if ('booking' in answer && answer.booking) return { booking: answer.booking };
  return null;
}

/** One lookup: what it found, null when nothing matches, or a thrown error. */
export async function trackJob(ask: TrackQuery, signal?: AbortSignal): Promise<Tracked | null> {
  try {
    return trackedOf(await apiRequest<LookupAnswer>(urlOf(ask), signal ? { signal } : {}));
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return null;
    throw error;
  }
}

/** The tracking token of what was found (jobs and bookings both carry one). */
export function tokenOf(found: Tracked): string | null {
  return 'job' in found ? found.job.trackingToken : found.booking.trackingToken;
}

function labelOf(ask: TrackQuery): string {
  return 'token' in ask ? '' : ask.query;
}

/**
 * `initial` is what the page starts with: a tracking link the server answered in the page
 * itself (initial-tracking.tsx) starts found (or not found) instead of idle, and is polled from
 * there like any other find.
 */
export function useJobSearch(
  pollMs: number = POLLING_INTERVALS.portalJob,
  initial: JobSearchState = { status: 'idle' },
) {
  const [state, setState] = useState<JobSearchState>(initial);
  const controller = useRef<AbortController | null>(null);

  const search = useCallback(async (ask: TrackQuery): Promise<JobSearchState> => {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    const query = labelOf(ask);
    setState({ status: 'loading', query });
    let next: JobSearchState;
    try {
      const found = await trackJob(ask, abort.signal);
      next = found ? { status: 'found', query, found } : { status: 'not-found', query };
    } catch (error) {
      if (abort.signal.aborted) return { status: 'loading', query };
      next = { status: 'error', query, error };
    }
    if (!abort.signal.aborted) setState(next);
    return next;
  }, []);

  const reset = useCallback(() => {
    controller.current?.abort();
    setState({ status: 'idle' });
  }, []);

  const foundToken = state.status === 'found' ? tokenOf(state.found) : null;
  const foundQuery = state.status === 'found' ? state.query : null;

  useEffect(() => {
    if (!foundToken || foundQuery === null) return;
    let stopped = false;
    const timer = window.setInterval(() => {
      // Re-poll by the token: it names this one job (or the booking, then its job).
      trackJob({ token: foundToken })
        .then((found) => {
          if (!stopped && found) setState({ status: 'found', query: foundQuery, found });
        })
        .catch(() => {
          // A missed poll (weak signal) keeps the last known state on screen; the next one retries.
        });
    }, pollMs);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [foundToken, foundQuery, pollMs]);

  useEffect(() => () => controller.current?.abort(), []);

  return { state, search, reset };
}
