/**
 * The dashboard's records (docs/security.md): GET /api/jobs/customer/{phone or job
 * ID}?phone={digits} answers only that customer's jobs and their bookings still waiting for
 * approval (`{jobs, bookings}`), with other contact details masked; a job ID needs the phone digits
 * that prove it. Polled every 5 s (docs/features.md). A failed poll is only logged, not toasted
 * every 5 s; the last records stay on screen.
 */
import { useEffect, useState } from 'react';
import { POLLING_INTERVALS, type Booking, type Job } from '@pilbara/shared-schema';
import { apiRequest, HttpError } from '../../lib/http';

export interface CustomerRecords {
  jobs: Job[];
  bookings: Booking[];
  /** Whether the answer listed pending bookings at all. */
  bookingsListed: boolean;
  /** The jobs that already have their one review (the feedback page leaves them out). */
  reviewedJobIds: string[];
}

const NONE: CustomerRecords = {
  jobs: [],
  bookings: [],
  bookingsListed: false,
  reviewedJobIds: [],
};

export async function fetchCustomerRecords(
  lookup: string,
  proof?: string,
): Promise<CustomerRecords> {
  try {
    const query = proof ? `?phone=${encodeURIComponent(proof)}` : '';
    const answer = await apiRequest<{
      jobs?: Job[];
      bookings?: Booking[];
      reviewedJobIds?: string[];
    }>(`/api/jobs/customer/${encodeURIComponent(lookup)}${query}`);
    return {
      jobs: answer?.jobs ?? [],
      bookings: (answer?.bookings ?? []).filter((b) => b.status === 'pending'),
      bookingsListed: Array.isArray(answer?.bookings),
      reviewedJobIds: answer?.reviewedJobIds ?? [],
    };
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return NONE;
    throw error;
  }
}

export function useCustomerJobs(
  lookup: string | null,
  pollMs: number = POLLING_INTERVALS.dashboardJobs,
  proof?: string,
) {
  const [records, setRecords] = useState<CustomerRecords>(NONE);
  const [loading, setLoading] = useState(lookup !== null);

  useEffect(() => {
    if (!lookup) {
      setRecords(NONE);
      setLoading(false);
      return;
    }
    let stopped = false;
    setLoading(true);
    const load = () =>
      fetchCustomerRecords(lookup, proof)
        .then((next) => {
          if (!stopped) setRecords(next);
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

  return { ...records, loading };
}
