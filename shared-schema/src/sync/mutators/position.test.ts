import { describe, expect, it } from 'vitest';
import type { Row } from '../mutator';
import { NOW, aJob, ok, rejected, row, tables } from './test-fixtures';

const report = {
  jobId: 'JOB-2026-1',
  latitude: -20.7781,
  longitude: 117.1456,
  accuracy: 12,
  recordedAt: '2026-11-21T09:59:00.000Z',
};

const enRoute = aJob({ status: 'En Route', progress: 25, assignedTo: 'Sam Taylor' });

function stored(recordedAt: string): Row {
  return {
    id: 'JOB-2026-1',
    jobId: 'JOB-2026-1',
    latitude: -20.7364,
    longitude: 116.8463,
    accuracy: 20,
    recordedAt,
    updatedAt: recordedAt,
  };
}

describe('position.report', () => {
  it('keeps the latest fix of an En Route job, one row per job', () => {
    const first = ok(tables({ jobs: [enRoute] }), 'position.report', report);
    expect(first.tables.job_positions).toHaveLength(1);
    expect(row(first.tables, 'job_positions', 'JOB-2026-1')).toEqual({
      id: 'JOB-2026-1',
      jobId: 'JOB-2026-1',
      latitude: -20.7781,
      longitude: 117.1456,
      accuracy: 12,
      recordedAt: '2026-11-21T09:59:00.000Z',
      updatedAt: NOW,
    });
    const next = ok(first.tables, 'position.report', {
      ...report,
      latitude: -20.7,
      recordedAt: '2026-11-21T09:59:30.000Z',
    });
    expect(next.tables.job_positions).toHaveLength(1);
    expect(row(next.tables, 'job_positions', 'JOB-2026-1')).toMatchObject({ latitude: -20.7 });
  });

  it('ignores a fix older than the stored one (queued reports arriving out of order)', () => {
    const state = tables({ jobs: [enRoute], job_positions: [stored('2026-11-21T09:59:30.000Z')] });
    const result = ok(state, 'position.report', report);
    expect(result.changes).toEqual([]);
    expect(row(result.tables, 'job_positions', 'JOB-2026-1')).toMatchObject({
      latitude: -20.7364,
    });
  });

  it('keeps nothing before En Route or after it', () => {
    for (const status of ['Assigned', 'In Progress', 'Completed', 'Cancelled'] as const) {
      const result = ok(tables({ jobs: [aJob({ status })] }), 'position.report', report);
      expect(result.changes).toEqual([]);
    }
  });

  it('never stores a fix later than the server’s clock', () => {
    const result = ok(tables({ jobs: [enRoute] }), 'position.report', {
      ...report,
      recordedAt: '2026-11-21T10:05:00.000Z',
    });
    expect(row(result.tables, 'job_positions', 'JOB-2026-1')).toMatchObject({ recordedAt: NOW });
  });

  it('rejects an unknown job and impossible coordinates', () => {
    expect(rejected(tables({}), 'position.report', report).code).toBe('not_found');
    const bad = rejected(tables({ jobs: [enRoute] }), 'position.report', {
      ...report,
      latitude: 91,
    });
    expect(bad.code).toBe('invalid_args');
    expect(bad.field).toBe('latitude');
  });
});

describe('the truck’s position goes when the job leaves En Route', () => {
  const withPosition = () =>
    tables({ jobs: [enRoute], job_positions: [stored('2026-11-21T09:59:30.000Z')] });

  it('on Arrived / Start', () => {
    const result = ok(withPosition(), 'job.startService', { id: 'JOB-2026-1', updateId: 5 });
    expect(result.tables.job_positions ?? []).toHaveLength(0);
  });

  it('on Complete', () => {
    const result = ok(withPosition(), 'job.complete', {
      id: 'JOB-2026-1',
      updateId: 5,
      quoteId: 'Q-2026-9',
    });
    expect(result.tables.job_positions ?? []).toHaveLength(0);
    expect(result.changes).toContainEqual({
      entity: 'job_positions',
      op: 'delete',
      id: 'JOB-2026-1',
    });
  });

  it('on Cancelled', () => {
    const result = ok(withPosition(), 'job.setStatus', {
      id: 'JOB-2026-1',
      updateId: 5,
      status: 'Cancelled',
    });
    expect(result.tables.job_positions ?? []).toHaveLength(0);
  });
});
