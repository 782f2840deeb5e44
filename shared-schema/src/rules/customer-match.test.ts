import { describe, expect, it } from 'vitest';
import {
  findJobForPortal,
  jobBelongsToCustomer,
  jobsForCustomer,
  lookupCustomerJobs,
} from './customer-match';

const jobs = [
  {
    id: 'JOB-2026-1',
    customerName: 'Jo Bloggs',
    phone: '0400 123 456',
    email: 'jo@example.com',
    createdAt: '2026-11-01T00:00:00.000Z',
  },
  {
    id: 'JOB-2026-2',
    customerName: 'JO BLOGGS',
    phone: '0499 999 999',
    email: null,
    createdAt: '2026-11-02T00:00:00.000Z',
  },
  {
    id: 'JOB-2026-3',
    customerName: 'Someone Else',
    phone: '0400123456',
    email: null,
    createdAt: '2026-11-03T00:00:00.000Z',
  },
  {
    id: 'JOB-2026-4',
    customerName: 'Pat Smith',
    phone: '0411 000 000',
    email: 'pat@example.com',
    createdAt: '2026-11-04T00:00:00.000Z',
  },
];

describe('jobBelongsToCustomer', () => {
  it('matches on equal phone', () => {
    expect(jobBelongsToCustomer(jobs[2]!, { name: 'Jo Bloggs', phone: '0400 123 456' })).toBe(true);
  });

  it('matches on name ignoring case', () => {
    expect(jobBelongsToCustomer(jobs[1]!, { name: 'jo bloggs', phone: '0000' })).toBe(true);
  });

  it('does not match on empty values or different people', () => {
    expect(jobBelongsToCustomer(jobs[3]!, { name: 'Jo Bloggs', phone: '0400 123 456' })).toBe(
      false,
    );
    expect(jobBelongsToCustomer({ customerName: '', phone: '' }, { name: '', phone: '' })).toBe(
      false,
    );
  });

  it('lists the customer jobs newest first', () => {
    expect(
      jobsForCustomer(jobs, { name: 'Jo Bloggs', phone: '0400 123 456' }).map((job) => job.id),
    ).toEqual(['JOB-2026-3', 'JOB-2026-2', 'JOB-2026-1']);
  });
});

describe('lookupCustomerJobs', () => {
  it('finds a customer by job id, ignoring case', () => {
    const result = lookupCustomerJobs(jobs, 'job-2026-4');
    expect(result.customer).toEqual({
      name: 'Pat Smith',
      phone: '0411 000 000',
      email: 'pat@example.com',
    });
    expect(result.jobs.map((job) => job.id)).toEqual(['JOB-2026-4']);
  });

  it('finds a customer by phone', () => {
    const result = lookupCustomerJobs(jobs, '0499999999');
    expect(result.customer?.name).toBe('JO BLOGGS');
    expect(result.jobs.map((job) => job.id)).toEqual(['JOB-2026-2', 'JOB-2026-1']);
  });

  it('finds nothing for an unknown lookup', () => {
    expect(lookupCustomerJobs(jobs, '0400 000 000')).toEqual({ customer: null, jobs: [] });
    expect(lookupCustomerJobs(jobs, 'JOB-2026-99')).toEqual({ customer: null, jobs: [] });
  });
});

describe('findJobForPortal', () => {
  it('finds by id, then name, then phone', () => {
    expect(findJobForPortal(jobs, 'JOB-2026-3')?.id).toBe('JOB-2026-3');
    expect(findJobForPortal(jobs, 'jo bloggs')?.id).toBe('JOB-2026-2');
    expect(findJobForPortal(jobs, '0411000000')?.id).toBe('JOB-2026-4');
    expect(findJobForPortal(jobs, 'nobody')).toBeUndefined();
    expect(findJobForPortal(jobs, '  ')).toBeUndefined();
  });
});
