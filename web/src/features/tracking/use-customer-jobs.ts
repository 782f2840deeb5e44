/**
 * The dashboard's jobs (DESIGN §7, §11): GET /api/jobs/customer/{phone or job ID}?phone={digits}
 * answers only that customer's jobs (and pending bookings), with other contact details masked; a
 * job ID needs the phone digits that prove it. Polled every 5 s (spec §9). A failed call is only
 * logged (spec §8 "Dashboard job lookup fails"); the last jobs stay on screen.
 */
import { useEffect, useState } from 'react';
import { POLLING_INTERVALS, type Job } from '@pilbara/shared-schema';
import { apiRequest, HttpError } from '../../lib/http';

export async function fetchCustomerJobs(lookup: string, proof?: string): Promise<Job[]> {
  try {
    const query = proof ? `?phone=${encodeURIComponent(proof)}` : '';
    const answer = await apiRequest<{ jobs?: Job[] }>(
      `/api/jobs/customer/${encodeURIComponent(lookup)}${query}`,
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
  proof?: string,
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
      fetchCustomerJobs(lookup, proof)
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
  }, [lookup, pollMs, proof]);

  return { jobs, loading };
}
