import { describe, expect, it } from 'vitest';
import type { Job } from '../entities/job';
import { aJob } from '../sync/mutators/test-fixtures';
import { driverJobs, nextDriverStep } from './driver-jobs';

/** Sam Taylor's account. */
const SAM = 2;

/** A job of Sam Taylor's, created the day before "now". */
function job(id: string, patch: Partial<Job>): Job {
  return aJob({
    id,
    assignedTo: 'Sam Taylor',
    assignedDriverId: SAM,
    createdAt: '2026-11-23T00:00:00.000Z',
    updatedAt: '2026-11-23T00:00:00.000Z',
    ...patch,
  });
}

describe('nextDriverStep', () => {
  it('walks On my way, Arrived / Start, Complete, then nothing', () => {
    expect(nextDriverStep('Assigned')).toBe('markEnRoute');
    expect(nextDriverStep('Emergency')).toBe('markEnRoute');
    expect(nextDriverStep('Scheduled')).toBe('markEnRoute');
    expect(nextDriverStep('En Route')).toBe('startService');
    expect(nextDriverStep('In Progress')).toBe('complete');
    expect(nextDriverStep('Completed')).toBeNull();
    expect(nextDriverStep('Cancelled')).toBeNull();
  });
});

describe('driverJobs', () => {
  // 10:00 in Perth on 24 November.
  const now = new Date('2026-11-24T02:00:00.000Z');

  it('lists my unfinished jobs and what I finished today, never other drivers’ jobs', () => {
    const jobs = [
      job('JOB-2026-1', { status: 'Assigned' }),
      job('JOB-2026-2', { status: 'En Route' }),
      job('JOB-2026-3', { status: 'Completed', updatedAt: '2026-11-24T01:00:00.000Z' }),
      job('JOB-2026-4', { status: 'Completed', updatedAt: '2026-11-23T10:00:00.000Z' }),
      job('JOB-2026-5', { status: 'Cancelled', updatedAt: '2026-11-24T01:00:00.000Z' }),
      job('JOB-2026-6', { assignedTo: 'Alex Reid', assignedDriverId: 3 }),
      job('JOB-2026-7', { assignedTo: null, assignedDriverId: null }),
      // Another driver who is also called Sam Taylor: not mine.
      job('JOB-2026-9', { assignedTo: 'Sam Taylor', assignedDriverId: 4 }),
    ];
    expect(driverJobs(jobs, SAM, now).map((j) => j.id)).toEqual([
      'JOB-2026-2',
      'JOB-2026-1',
      'JOB-2026-3',
    ]);
  });

  it('counts today in Perth time, not UTC', () => {
    // 23:30 UTC on the 23rd is 07:30 on the 24th in Perth.
    const done = job('JOB-2026-8', { status: 'Completed', updatedAt: '2026-11-23T23:30:00.000Z' });
    expect(driverJobs([done], SAM, now)).toHaveLength(1);
  });

  it('puts jobs on the road before jobs on site, then emergencies, oldest first', () => {
    const jobs = [
      job('JOB-2026-1', { status: 'Assigned', createdAt: '2026-11-23T01:00:00.000Z' }),
      job('JOB-2026-2', { status: 'Emergency' }),
      job('JOB-2026-3', { status: 'In Progress' }),
      job('JOB-2026-4', { status: 'Assigned', createdAt: '2026-11-22T01:00:00.000Z' }),
    ];
    expect(driverJobs(jobs, SAM, now).map((j) => j.id)).toEqual([
      'JOB-2026-3',
      'JOB-2026-2',
      'JOB-2026-4',
      'JOB-2026-1',
    ]);
  });
});
