import { describe, expect, it } from 'vitest';
import {
  activeJobsOf,
  adminDashboardStats,
  customerDashboardStats,
  historyJobsOf,
  quoteStats,
} from './dashboard';

const now = '2026-11-21T00:00:00.000Z';
const jobs = [
  { id: 1, status: 'Completed', createdAt: '2026-05-02T00:00:00.000Z' },
  { id: 2, status: 'Completed', createdAt: '2026-03-09T00:00:00.000Z' },
  { id: 3, status: 'En Route', createdAt: '2026-11-20T00:00:00.000Z' },
  { id: 4, status: 'Cancelled', createdAt: '2026-01-01T00:00:00.000Z' },
  { id: 5, status: 'Emergency', createdAt: '2026-11-21T00:00:00.000Z' },
] as const;

describe('customerDashboardStats', () => {
  it('counts visible, completed and active jobs and leaves cancelled ones out', () => {
    expect(customerDashboardStats(jobs, now)).toEqual({
      totalJobs: 4,
      completedJobs: 2,
      activeJobs: 2,
      totalSpent: 0,
      averageRating: 0,
      memberSince: '2026-03-09T00:00:00.000Z',
      hasHistory: true,
    });
  });

  it('falls back to now when nothing is completed', () => {
    const stats = customerDashboardStats(
      [{ status: 'Assigned', createdAt: '2026-11-01T00:00:00.000Z' }],
      now,
    );
    expect(stats.memberSince).toBe(now);
    expect(stats.hasHistory).toBe(false);
  });

  it('splits active and history tabs, newest first, without cancelled jobs', () => {
    expect(activeJobsOf(jobs).map((job) => job.id)).toEqual([5, 3]);
    expect(historyJobsOf(jobs).map((job) => job.id)).toEqual([1, 2]);
  });
});

describe('adminDashboardStats', () => {
  it('fills the five tiles', () => {
    const bookings = [
      { status: 'pending' },
      { status: 'approved' },
      { status: 'pending' },
    ] as const;
    expect(adminDashboardStats(jobs, bookings, 2)).toEqual({
      activeJobs: 2,
      availableDrivers: 2,
      totalJobs: 5,
      pendingBookings: 2,
      emergencyJobs: 1,
    });
  });
});

describe('quoteStats', () => {
  it('counts accepted and sent quotes and sums final prices', () => {
    const quotes = [
      { status: 'draft', finalPrice: 10000 },
      { status: 'sent', finalPrice: 34020 },
      { status: 'accepted', finalPrice: 20000 },
      { status: 'sent', finalPrice: 5 },
    ] as const;
    expect(quoteStats(quotes)).toEqual({
      totalQuotes: 4,
      accepted: 1,
      pending: 2,
      totalValueCents: 64025,
    });
  });
});
