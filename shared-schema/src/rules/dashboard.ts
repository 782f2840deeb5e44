/**
 * Derived figures of the customer dashboard (spec public §3), the admin panel's summary tiles and
 * the quotes manager's tiles (spec staff §2).
 */
import type { Booking } from '../entities/booking';
import type { Job } from '../entities/job';
import type { Quote } from '../entities/quote';
import { isActiveStatus } from './job-flow';

/** The customer dashboard's stats. */
export interface CustomerDashboardStats {
  totalJobs: number;
  completedJobs: number;
  activeJobs: number;
  /** Always 0 (the spec keeps no payment history on the dashboard). */
  totalSpent: number;
  /** Always 0. */
  averageRating: number;
  /** createdAt of the first completed job, else `now`. */
  memberSince: string;
  /** False when memberSince fell back to now; the dashboard then shows 'New' / 'New Member'. */
  hasHistory: boolean;
}

/**
 * Stats over one customer's jobs. Cancelled jobs appear nowhere, so they are not counted in
 * totalJobs either; "the first completed job" is the earliest created one.
 */
export function customerDashboardStats(
  jobs: readonly Pick<Job, 'status' | 'createdAt'>[],
  now: string,
): CustomerDashboardStats {
  const visible = jobs.filter((job) => job.status !== 'Cancelled');
  const completed = visible.filter((job) => job.status === 'Completed');
  const first = completed.map((job) => job.createdAt).sort()[0];
  return {
    totalJobs: visible.length,
    completedJobs: completed.length,
    activeJobs: visible.filter((job) => isActiveStatus(job.status)).length,
    totalSpent: 0,
    averageRating: 0,
    memberSince: first ?? now,
    hasHistory: first !== undefined,
  };
}

/** Jobs for the Active Jobs tab: every active job, newest first. */
export function activeJobsOf<T extends Pick<Job, 'status' | 'createdAt'>>(jobs: readonly T[]): T[] {
  return jobs
    .filter((job) => isActiveStatus(job.status))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** Jobs for the History tab: only Completed jobs, newest first. */
export function historyJobsOf<T extends Pick<Job, 'status' | 'createdAt'>>(
  jobs: readonly T[],
): T[] {
  return jobs
    .filter((job) => job.status === 'Completed')
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** The admin panel's summary tiles. */
export interface AdminDashboardStats {
  activeJobs: number;
  availableDrivers: number;
  totalJobs: number;
  pendingBookings: number;
  emergencyJobs: number;
}

/** Admin tiles: active jobs, available drivers, total jobs, pending bookings, Emergency jobs. */
export function adminDashboardStats(
  jobs: readonly Pick<Job, 'status'>[],
  bookings: readonly Pick<Booking, 'status'>[],
  availableDrivers: number,
): AdminDashboardStats {
  return {
    activeJobs: jobs.filter((job) => isActiveStatus(job.status)).length,
    availableDrivers,
    totalJobs: jobs.length,
    pendingBookings: bookings.filter((booking) => booking.status === 'pending').length,
    emergencyJobs: jobs.filter((job) => job.status === 'Emergency').length,
  };
}

/** The quotes manager's tiles. */
export interface QuoteStats {
  totalQuotes: number;
  accepted: number;
  /** Quotes with status sent. */
  pending: number;
  /** Sum of every quote's final price, in cents (display rounds to whole dollars). */
  totalValueCents: number;
}

/** Quotes tiles: Total Quotes, Accepted, Pending (status sent), Total Value. */
export function quoteStats(quotes: readonly Pick<Quote, 'status' | 'finalPrice'>[]): QuoteStats {
  return {
    totalQuotes: quotes.length,
    accepted: quotes.filter((quote) => quote.status === 'accepted').length,
    pending: quotes.filter((quote) => quote.status === 'sent').length,
    totalValueCents: quotes.reduce((sum, quote) => sum + quote.finalPrice, 0),
  };
}
