/**
 * The dashboard's jobs (DESIGN §7): GET /api/jobs/customer/{phone or job ID} answers only that
 * customer's jobs, with other contact details masked. Polled every 5 s (spec §9). A failed call
 * is only logged (spec §8 "Dashboard job lookup fails"); the last jobs stay on screen.
 */
import { useEffect, useState } from 'react';
import { POLLING_INTERVALS, type Job } from '@pilbara/shared-schema';
import { apiRequest, HttpError } from '../../lib/http';

export async function fetchCustomerJobs(lookup: string): Promise<Job[]> {
  try {
    const answer = await apiRequest<{ jobs?: Job[] }>(
      `/api/jobs/customer/${encodeURIComponent(lookup)}`,
    );
    return answer?.jobs ?? [];
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return [];
    throw error;
  }
}

export function useCustomerJobs(
  lookup: string | null,
  pollMs: number = POLLING_INTERVALS.dashboardJobs,
) {
  const [jobs, setJobs] = useState<Job[]>([]);
  const [loading, setLoading] = useState(lookup !== null);

  useEffect(() => {
    if (!lookup) {
      setJobs([]);
      setLoading(false);
      return;
    }
    let stopped = false;
    setLoading(true);
    const load = () =>
      fetchCustomerJobs(lookup)
        .then((next) => {
          if (!stopped) setJobs(next);
        })
        .catch((error: unknown) => {
          console.error('Dashboard job lookup failed', error);
        })
        .finally(() => {
          if (!stopped) setLoading(false);
        });
    void load();
    const timer = window.setInterval(() => void load(), pollMs);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [lookup, pollMs]);

  return { jobs, loading };
}
