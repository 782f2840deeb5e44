/**
 * Portal tracking (DESIGN §11, the public-side hardening's contract):
 *
 * - a tracking link's token: `GET /api/track/:token` answers `{job}`, or `{booking}` while it waits
 *   for approval (the job keeps the booking's token, so the same link follows it);
 * - a job id or booking reference typed by hand, proved by the phone's last 4 digits:
 *   `GET /api/jobs/search?query=&phone=`. Nothing is shown before the digits are given.
 *
 * What was found is fetched again every 5 s (spec §9). With no connection the portal says so
 * instead of "Search Failed", and offers the call buttons.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { POLLING_INTERVALS, type Booking, type Job } from '@pilbara/shared-schema';
import { apiRequest, HttpError, isNetworkError } from '../../lib/http';

export type TrackTarget =
  { kind: 'token'; token: string } | { kind: 'id'; id: string; phone: string };

export type Tracked = { job: Job } | { booking: Booking };

export type TrackingState =
  | { status: 'idle' }
  | { status: 'needs-phone'; id: string }
  | { status: 'loading'; target: TrackTarget }
  | { status: 'found'; target: TrackTarget; found: Tracked }
  | { status: 'not-found'; target: TrackTarget }
  | { status: 'offline'; target: TrackTarget }
  | { status: 'error'; target: TrackTarget; error: unknown };

/** A job id (JOB-2026-12) or booking reference (BKG-2026-9), as typed. */
export function isRecordId(text: string): boolean {
  return /^(JOB|BKG)-\d{4}-\d+$/i.test(text.trim());
}

function url(target: TrackTarget): string {
  return target.kind === 'token'
    ? `/api/track/${encodeURIComponent(target.token)}`
    : `/api/jobs/search?query=${encodeURIComponent(target.id.toUpperCase())}&phone=${encodeURIComponent(target.phone)}`;
}

/** One lookup: what the target opens, null when nothing (or a wrong phone), or a thrown error. */
export async function track(target: TrackTarget, signal?: AbortSignal): Promise<Tracked | null> {
  try {
    const answer = await apiRequest<{ job?: Job | null; booking?: Booking | null }>(
      url(target),
      signal ? { signal } : {},
    );
    if (answer?.job) return { job: answer.job };
    if (answer?.booking) return { booking: answer.booking };
    return null;
  } catch (error) {
    if (error instanceof HttpError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

export function useTracking(pollMs: number = POLLING_INTERVALS.portalJob) {
  const [state, setState] = useState<TrackingState>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);

  const run = useCallback(async (target: TrackTarget): Promise<TrackingState> => {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    setState({ status: 'loading', target });
    let next: TrackingState;
    try {
      const found = await track(target, abort.signal);
      next = found ? { status: 'found', target, found } : { status: 'not-found', target };
    } catch (error) {
      if (abort.signal.aborted) return { status: 'loading', target };
      next =
        isNetworkError(error) || !navigator.onLine
          ? { status: 'offline', target }
          : { status: 'error', target, error };
    }
    if (!abort.signal.aborted) setState(next);
    return next;
  }, []);

  /** A typed id waits for the phone digits; anything else is looked up as it is. */
  const askPhone = useCallback((id: string) => {
    controller.current?.abort();
    setState({ status: 'needs-phone', id });
  }, []);

  const reset = useCallback(() => {
    controller.current?.abort();
    setState({ status: 'idle' });
  }, []);

  const found = state.status === 'found' ? state : null;
  const target = found?.target ?? null;
  const key = target ? url(target) : null;

  useEffect(() => {
    if (!target || !key) return;
    let stopped = false;
    const timer = window.setInterval(() => {
      track(target)
        .then((next) => {
          if (!stopped && next) setState({ status: 'found', target, found: next });
        })
        .catch(() => {
          // A missed poll (weak signal) keeps the last known state on screen; the next one retries.
        });
    }, pollMs);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
    // `key` stands for the target; the target object itself changes identity on every poll.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, pollMs]);

  useEffect(() => () => controller.current?.abort(), []);

  return { state, run, askPhone, reset };
}
