import { describe, expect, it } from 'vitest';
import {
  formatMinutes,
  jobResponses,
  jobsPerWeek,
  overallMedian,
  perthWeekStart,
  responseTimeTrend,
} from './job-reports';

// Wednesday 25 Nov 2026, 11:00 in Perth.
const NOW = '2026-11-25T03:00:00.000Z';

describe('jobsPerWeek', () => {
  it('counts jobs in the Perth week (Monday first) they were made in, oldest week first', () => {
    // Sunday 22 Nov 23:30 Perth is still the week of 16 Nov; Monday 00:30 is the next.
    expect(perthWeekStart('2026-11-22T15:30:00.000Z')).toBe('2026-11-16');
    expect(perthWeekStart('2026-11-22T16:30:00.000Z')).toBe('2026-11-23');
    const rows = jobsPerWeek(
      [
        { createdAt: '2026-11-22T15:30:00.000Z', status: 'Completed' },
        { createdAt: '2026-11-22T16:30:00.000Z', status: 'Cancelled' },
        { createdAt: '2026-11-24T01:00:00.000Z', status: 'En Route' },
        { createdAt: '2026-01-01T01:00:00.000Z', status: 'Completed' },
      ],
      NOW,
      3,
    );
    expect(rows).toEqual([
      { week: '2026-11-09', label: '9 Nov', jobs: 0, completed: 0, cancelled: 0 },
      { week: '2026-11-16', label: '16 Nov', jobs: 1, completed: 1, cancelled: 0 },
      { week: '2026-11-23', label: '23 Nov', jobs: 2, completed: 0, cancelled: 1 },
    ]);
  });
});

describe('response time', () => {
  const jobs = [
    { id: 'JOB-2026-P1', createdAt: '2026-11-23T01:00:00.000Z' },
    { id: 'JOB-2026-P2', createdAt: '2026-11-23T02:00:00.000Z' },
    { id: 'JOB-2026-P3', createdAt: '2026-11-24T02:00:00.000Z' },
    { id: 'JOB-2026-P4', createdAt: '2026-11-24T03:00:00.000Z' },
  ];
  const updates = [
    // Job 1: a call-out taken on at 09:00, arrived 09:45 (the first In Progress counts).
    { jobId: 'JOB-2026-P1', status: 'In Progress', createdAt: '2026-11-23T01:45:00.000Z' },
    { jobId: 'JOB-2026-P1', status: 'In Progress', createdAt: '2026-11-23T03:00:00.000Z' },
    // Job 2: from an emergency booking made at 08:30, arrived 11:00.
    { jobId: 'JOB-2026-P2', status: 'In Progress', createdAt: '2026-11-23T03:00:00.000Z' },
    // Job 3: from a scheduled booking: left out.
    { jobId: 'JOB-2026-P3', status: 'In Progress', createdAt: '2026-11-24T05:00:00.000Z' },
    // Job 4: never arrived: left out.
    { jobId: 'JOB-2026-P4', status: 'En Route', createdAt: '2026-11-24T03:30:00.000Z' },
  ];
  const bookings = [
    {
      approvedJobId: 'JOB-2026-P2',
      urgency: 'emergency' as const,
      createdAt: '2026-11-23T00:30:00.000Z',
    },
    {
      approvedJobId: 'JOB-2026-P3',
      urgency: 'scheduled' as const,
      createdAt: '2026-11-20T00:00:00.000Z',
    },
  ];

  it('runs from the booking or the job to the first arrival, leaving out scheduled work', () => {
    expect(jobResponses(jobs, updates, bookings)).toEqual([
      {
        jobId: 'JOB-2026-P1',
        askedAt: '2026-11-23T01:00:00.000Z',
        arrivedAt: '2026-11-23T01:45:00.000Z',
        minutes: 45,
      },
      {
        jobId: 'JOB-2026-P2',
        askedAt: '2026-11-23T00:30:00.000Z',
        arrivedAt: '2026-11-23T03:00:00.000Z',
        minutes: 150,
      },
    ]);
  });

  it('gives each week its median and longest, nothing for a week without arrivals', () => {
    const trend = responseTimeTrend(jobResponses(jobs, updates, bookings), NOW, 2);
    expect(trend).toEqual([
      {
        week: '2026-11-16',
        label: '16 Nov',
        count: 0,
        medianMinutes: null,
        longestMinutes: null,
      },
      { week: '2026-11-23', label: '23 Nov', count: 2, medianMinutes: 98, longestMinutes: 150 },
    ]);
  });

  it('takes the median over the weeks shown', () => {
    const responses = jobResponses(jobs, updates, bookings);
    expect(overallMedian(responses, '2026-11-23')).toBe(98);
    expect(overallMedian(responses, '2026-11-30')).toBeNull();
  });

  it('says minutes as people do', () => {
    expect(formatMinutes(45)).toBe('45 min');
    expect(formatMinutes(60)).toBe('1 h');
    expect(formatMinutes(135)).toBe('2 h 15 min');
  });
});
