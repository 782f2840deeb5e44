import { describe, expect, it } from 'vitest';
import { reviewableJobs } from './reviews';

const job = (id: string, status: string) => ({
  id,
  status,
  service: 'Emergency Towing',
  createdAt: '2026-12-06T01:32:00.000Z',
});

describe('the jobs a customer can still review', () => {
  it('lists completed jobs without a review, by service, number and day', () => {
    expect(
      reviewableJobs(
        [
          job('JOB-2026-1', 'Completed'),
          job('JOB-2026-2', 'En Route'),
          job('JOB-2026-3', 'Completed'),
          job('JOB-2026-4', 'Cancelled'),
        ],
        ['JOB-2026-3'],
      ),
    ).toEqual([{ id: 'JOB-2026-1', label: 'Emergency Towing – JOB-2026-1 (6 Dec 2026)' }]);
  });

  it('lists nothing when every completed job has its review', () => {
    expect(reviewableJobs([job('JOB-2026-1', 'Completed')], ['JOB-2026-1'])).toEqual([]);
  });
});
