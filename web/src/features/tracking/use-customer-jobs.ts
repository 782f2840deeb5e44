/**
 * The dashboard's records (DESIGN §7, §11): GET /api/jobs/customer/{phone or job ID} answers only
 * that customer's jobs and their bookings still waiting for approval (`{jobs, bookings}`), with
 * other contact details masked. Polled every 5 s (spec §9). A failed call is only logged (spec §8
 * "Dashboard job lookup fails"); the last records stay on screen.
 */
import { useEffect, useState } from 'react';
import { POLLING_INTERVALS, type Booking, type Job } from '@pilbara/shared-schema';
import { apiRequest, HttpError } from '../../lib/http';

export interface CustomerRecords {
  jobs: Job[];
  bookings: Booking[];
  /** Whether the answer listed pending bookings at all. */
  bookingsListed: boolean;
}

export async function fetchCustomerRecords(lookup: string): Promise<CustomerRecords> {
  try {
    const phone =
      /\d/.test(lookup) && !/^JOB-/i.test(lookup) ? `?phone=${encodeURIComponent(lookup)}` : '';
    const answer = await apiRequest<{ jobs?: Job[]; bookings?: Booking[] }>(
      `/api/jobs/customer/${encodeURIComponent(lookup)}${phone}`,
    );
    return {
      jobs: answer?.jobs ?? [],
      bookings: (answer?.bookings ?? []).filter((b) => b.status === 'pending'),
      bookingsListed: Array.isArray(answer?.bookings),
    };
  } catch (error) {
    if (error instanceof HttpError && error.status === 404)
      return { jobs: [], bookings: [], bookingsListed: false };
    throw error;
  }
}

export function useCustomerJobs(
  lookup: string | null,
  pollMs: number = POLLING_INTERVALS.dashboardJobs,
) {
  const [records, setRecords] = useState<CustomerRecords>({
    jobs: [],
    bookings: [],
    bookingsListed: false,
  });
  const [loading, setLoading] = useState(lookup !== null);

  useEffect(() => {
    if (!lookup) {
      setRecords({ jobs: [], bookings: [], bookingsListed: false });
      setLoading(false);
      return;
    }
    let stopped = false;
    setLoading(true);
    const load = () =>
      fetchCustomerRecords(lookup)
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
  }, [lookup, pollMs]);

  return { ...records, loading };
}
