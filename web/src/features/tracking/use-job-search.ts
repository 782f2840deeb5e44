/**
 * Portal job search (DESIGN §7): GET /api/jobs/search?query= answers one job, or 404 when none
 * matches. While a job is shown it is fetched again every 5 s (spec §9) so status and progress
 * move without a reload.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { POLLING_INTERVALS, type Job } from '@pilbara/shared-schema';
import { apiRequest, HttpError } from '../../lib/http';

export type JobSearchState =
  | { status: 'idle' }
  | { status: 'loading'; query: string }
  | { status: 'found'; query: string; job: Job }
  | { status: 'not-found'; query: string }
  | { status: 'error'; query: string; error: unknown };

/** One search call: the job, null when nothing matches, or a thrown error. */
export async function searchJob(query: string, signal?: AbortSignal): Promise<Job | null> {
  try {
    const answer = await apiRequest<{ job?: Job | null }>(
      `/api/jobs/search?query=${encodeURIComponent(query)}`,
      signal ? { signal } : {},
    );
    return answer?.job ?? null;
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return null;
    throw error;
  }
}

export function useJobSearch(pollMs: number = POLLING_INTERVALS.portalJob) {
  const [state, setState] = useState<JobSearchState>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);

  const search = useCallback(async (query: string): Promise<JobSearchState> => {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    setState({ status: 'loading', query });
    let next: JobSearchState;
    try {
      const job = await searchJob(query, abort.signal);
      next = job ? { status: 'found', query, job } : { status: 'not-found', query };
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

  const foundId = state.status === 'found' ? state.job.id : null;
  const foundQuery = state.status === 'found' ? state.query : null;

  useEffect(() => {
    if (!foundId || foundQuery === null) return;
    let stopped = false;
    const timer = window.setInterval(() => {
      // Re-poll by the job id: a name search could start matching a different job later.
      searchJob(foundId)
        .then((job) => {
          if (!stopped && job) setState({ status: 'found', query: foundQuery, job });
        })
        .catch(() => {
          // A missed poll (weak signal) keeps the last known state on screen; the next one retries.
        });
    }, pollMs);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [foundId, foundQuery, pollMs]);

  useEffect(() => () => controller.current?.abort(), []);

  return { state, search, reset };
}
