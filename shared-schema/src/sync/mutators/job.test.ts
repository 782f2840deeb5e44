import { describe, expect, it } from 'vitest';
import { NOW, aJob, ok, rejected, row, tables } from './test-fixtures';

const createArgs = {
  id: 'JOB-2026-7',
  updateId: 1,
  customerName: 'Dana Reid',
  phone: '0412345678',
  email: '',
  service: 'Emergency Towing',
  location: 'Karratha',
};

describe('job.create', () => {
  it('creates an Assigned job at progress 0 with its first history row', () => {
    const result = ok(tables({}), 'job.create', createArgs);
    expect(row(result.tables, 'jobs', 'JOB-2026-7')).toMatchObject({
      status: 'Assigned',
      progress: 0,
      email: null,
      createdAt: NOW,
      updatedAt: NOW,
    });
    expect(row(result.tables, 'job_updates', 1)).toMatchObject({
      jobId: 'JOB-2026-7',
      status: 'Assigned',
    });
  });

  it('rejects missing required fields with the spec messages', () => {
    expect(rejected(tables({}), 'job.create', { ...createArgs, customerName: '' }).message).toBe(
      'Customer name is required',
    );
    expect(rejected(tables({}), 'job.create', { ...createArgs, phone: undefined }).message).toBe(
      'Phone number is required',
    );
    expect(rejected(tables({}), 'job.create', { ...createArgs, service: ' ' }).message).toBe(
      'Service is required',
    );
    expect(rejected(tables({}), 'job.create', { ...createArgs, location: '' }).message).toBe(
      'Location is required',
    );
  });

  it('rejects an id that is already taken', () => {
    expect(
      rejected(tables({ jobs: [aJob({ id: 'JOB-2026-7' })] }), 'job.create', createArgs).code,
    ).toBe('conflict');
  });

  it('keeps the tracking token the device minted, and checks its form only', () => {
    const token = 'Zk3u_0-PqR7sT9vWxY1zAb';
    const result = ok(tables({}), 'job.create', { ...createArgs, trackingToken: token });
    expect(row(result.tables, 'jobs', 'JOB-2026-7')).toMatchObject({ trackingToken: token });
    expect(rejected(tables({}), 'job.create', { ...createArgs, trackingToken: 'short' }).code).toBe(
      'invalid_args',
    );
    expect(
      rejected(tables({}), 'job.create', { ...createArgs, trackingToken: `${token}/+=` }).code,
    ).toBe('invalid_args');
  });

  it('accepts arguments queued before tokens existed (the server adds one when storing)', () => {
    const result = ok(tables({}), 'job.create', createArgs);
    expect(row(result.tables, 'jobs', 'JOB-2026-7')).toMatchObject({ trackingToken: null });
  });

  it('refuses a job id of more than nine digits', () => {
    expect(
      rejected(tables({}), 'job.create', { ...createArgs, id: 'JOB-2026-99999999999999999999' })
        .code,
    ).toBe('invalid_args');
  });
});

describe('job.update', () => {
  it('changes only the fields it is given', () => {
    const result = ok(tables({ jobs: [aJob()] }), 'job.update', {
      id: 'JOB-2026-1',
      patch: { notes: 'Gate code 1234' },
    });
    expect(row(result.tables, 'jobs', 'JOB-2026-1')).toMatchObject({
      notes: 'Gate code 1234',
      customerName: 'Dana Reid',
      email: 'dana@example.com',
      updatedAt: NOW,
    });
  });

  it('rejects an unknown job', () => {
    expect(rejected(tables({}), 'job.update', { id: 'JOB-2026-1', patch: {} }).message).toBe(
      'Job not found',
    );
  });
});

describe('job status steps', () => {
  it.each([
    ['job.markEnRoute', 'En Route', 25],
    ['job.startService', 'In Progress', 50],
  ])('%s sets %s with progress %i and a history row', (name, status, progress) => {
    const result = ok(tables({ jobs: [aJob()] }), name, { id: 'JOB-2026-1', updateId: 5 });
    expect(row(result.tables, 'jobs', 'JOB-2026-1')).toMatchObject({ status, progress });
    expect(row(result.tables, 'job_updates', 5)).toMatchObject({ jobId: 'JOB-2026-1', status });
  });

  it.each(['Completed', 'Cancelled'] as const)('refuses every step on a %s job', (status) => {
    const state = tables({ jobs: [aJob({ status })] });
    for (const name of ['job.markEnRoute', 'job.startService']) {
      expect(rejected(state, name, { id: 'JOB-2026-1', updateId: 5 }).message).toBe(
        'That action is not available for this job status',
      );
    }
    expect(
      rejected(state, 'job.complete', { id: 'JOB-2026-1', updateId: 5, quoteId: 'Q-2026-9' }).code,
    ).toBe('invalid_state');
  });

  it('completing a job writes its draft quote of 200 dollars, valid 30 days', () => {
    const result = ok(
      tables({ jobs: [aJob({ status: 'In Progress', progress: 50 })] }),
      'job.complete',
      {
        id: 'JOB-2026-1',
        updateId: 6,
        quoteId: 'Q-2026-9',
      },
    );
    expect(row(result.tables, 'jobs', 'JOB-2026-1')).toMatchObject({
      status: 'Completed',
      progress: 100,
    });
    expect(row(result.tables, 'job_updates', 6)).toMatchObject({ status: 'Completed' });
    const quote = row(result.tables, 'quotes', 'Q-2026-9');
    expect(quote).toMatchObject({
      status: 'draft',
      customerName: 'Dana Reid',
      customerPhone: '0412345678',
      itemsSubtotal: 20000,
      finalPrice: 20000,
      discountPercent: 0,
      validUntil: '2026-12-21T10:00:00.000Z',
    });
    expect(quote?.items).toEqual([
      expect.objectContaining({ quantity: 1, unitPrice: 20000, total: 20000 }),
    ]);
    expect(result.result).toMatchObject({ quoteId: 'Q-2026-9' });
  });

  it('rejects steps for an unknown job', () => {
    expect(rejected(tables({}), 'job.markEnRoute', { id: 'JOB-2026-1', updateId: 1 }).code).toBe(
      'not_found',
    );
  });
});

describe('job.setStatus', () => {
  it('cancels an unfinished job and keeps its progress', () => {
    const result = ok(
      tables({ jobs: [aJob({ status: 'En Route', progress: 25 })] }),
      'job.setStatus',
      {
        id: 'JOB-2026-1',
        updateId: 2,
        status: 'Cancelled',
      },
    );
    expect(row(result.tables, 'jobs', 'JOB-2026-1')).toMatchObject({
      status: 'Cancelled',
      progress: 25,
    });
    expect(row(result.tables, 'job_updates', 2)).toMatchObject({ status: 'Cancelled' });
  });

  it('refuses Completed (that is job.complete) and any change of a finished job', () => {
    expect(
      rejected(tables({ jobs: [aJob()] }), 'job.setStatus', {
        id: 'JOB-2026-1',
        updateId: 2,
        status: 'Completed',
      }).code,
    ).toBe('invalid_state');
    expect(
      rejected(tables({ jobs: [aJob({ status: 'Cancelled' })] }), 'job.setStatus', {
        id: 'JOB-2026-1',
        updateId: 2,
        status: 'Assigned',
      }).message,
    ).toBe('This job is finished and can no longer be changed');
    expect(
      rejected(tables({ jobs: [aJob()] }), 'job.setStatus', {
        id: 'JOB-2026-1',
        updateId: 2,
        status: 'Lost',
      }).message,
    ).toBe('Unknown job status');
  });
});

describe('job.reassign', () => {
  it('assigns a driver and records it in the history', () => {
    const result = ok(tables({ jobs: [aJob()] }), 'job.reassign', {
      id: 'JOB-2026-1',
      updateId: 3,
      assignedTo: 'Both',
    });
    expect(row(result.tables, 'jobs', 'JOB-2026-1')).toMatchObject({
      assignedTo: 'Both',
      status: 'Assigned',
    });
    expect(row(result.tables, 'job_updates', 3)).toMatchObject({ message: 'Assigned to Both' });
  });

  it('unassigns with null', () => {
    const result = ok(tables({ jobs: [aJob({ assignedTo: 'Both' })] }), 'job.reassign', {
      id: 'JOB-2026-1',
      updateId: 3,
      assignedTo: null,
    });
    expect(row(result.tables, 'jobs', 'JOB-2026-1')).toMatchObject({ assignedTo: null });
  });

  it('rejects reassignment of a completed job', () => {
    expect(
      rejected(tables({ jobs: [aJob({ status: 'Completed' })] }), 'job.reassign', {
        id: 'JOB-2026-1',
        updateId: 3,
        assignedTo: 'Both',
      }).message,
    ).toBe('This job is finished and can no longer be changed');
  });
});

describe('job.delete', () => {
  it('archives a completed job, keeping its history, and job.restore undoes it', () => {
    const state = tables({
      jobs: [aJob({ status: 'Completed' }), aJob({ id: 'JOB-2026-2' })],
      job_updates: [
        { id: 1, jobId: 'JOB-2026-1', status: 'Assigned', message: 'Job created', createdAt: NOW },
        { id: 2, jobId: 'JOB-2026-2', status: 'Assigned', message: 'Job created', createdAt: NOW },
      ],
    });
    const result = ok(state, 'job.delete', { id: 'JOB-2026-1', updateId: 3 });
    expect(result.tables.jobs?.map((job) => job.id).sort()).toEqual(['JOB-2026-1', 'JOB-2026-2']);
    expect(row(result.tables, 'jobs', 'JOB-2026-1')).toMatchObject({ archivedAt: NOW });
    expect(result.tables.job_updates?.map((update) => update.message)).toEqual([
      'Job created',
      'Job created',
      'Job archived',
    ]);
    expect(result.changes.some((change) => change.op === 'delete')).toBe(false);
    const restored = ok(result.tables, 'job.restore', { id: 'JOB-2026-1', updateId: 4 });
    expect(row(restored.tables, 'jobs', 'JOB-2026-1')).toMatchObject({ archivedAt: null });
  });

  it.each(['Assigned', 'En Route', 'In Progress', 'Emergency', 'Scheduled'] as const)(
    'refuses to delete a %s job',
    (status) => {
      expect(
        rejected(tables({ jobs: [aJob({ status })] }), 'job.delete', { id: 'JOB-2026-1' }).message,
      ).toBe('Only completed or cancelled jobs can be deleted');
    },
  );
});

describe('job.addNote', () => {
  it('adds a line with the time and author under the office’s notes', () => {
    const job = aJob({ id: 'JOB-2026-9', notes: 'From booking BKG-2026-3' });
    const result = ok(tables({ jobs: [job] }), 'job.addNote', {
      id: 'JOB-2026-9',
      note: '  Winch cable frayed  ',
      by: 'Dana Reid',
    });
    const notes = row(result.tables, 'jobs', 'JOB-2026-9')?.notes as string;
    expect(notes.split('\n')).toEqual([
      'From booking BKG-2026-3',
      expect.stringMatching(/^\d\d\/\d\d \d\d:\d\d Dana Reid: Winch cable frayed$/),
    ]);
  });

  it('refuses an empty note and notes past the limit', () => {
    const job = aJob({ id: 'JOB-2026-9', notes: 'x'.repeat(1990) });
    expect(
      rejected(tables({ jobs: [job] }), 'job.addNote', { id: 'JOB-2026-9', note: ' ', by: 'D' })
        .message,
    ).toBe('Write the note first');
    expect(
      rejected(tables({ jobs: [job] }), 'job.addNote', {
        id: 'JOB-2026-9',
        note: 'Tyre flat',
        by: 'Dana Reid',
      }).code,
    ).toBe('invalid_state');
  });
});

describe('job.cancel', () => {
  it('cancels an active job with the reason, in its history, dropping its live position', () => {
    const result = ok(
      tables({
        jobs: [aJob({ status: 'En Route' })],
        job_positions: [{ id: 'JOB-2026-1', jobId: 'JOB-2026-1' }],
      }),
      'job.cancel',
      { id: 'JOB-2026-1', updateId: 7, reason: 'Customer cancelled' },
    );
    expect(row(result.tables, 'jobs', 'JOB-2026-1')).toMatchObject({
      status: 'Cancelled',
      cancelReason: 'Customer cancelled',
    });
    expect(row(result.tables, 'job_updates', 7)).toMatchObject({
      status: 'Cancelled',
      message: 'Cancelled: Customer cancelled',
    });
    expect(row(result.tables, 'job_positions', 'JOB-2026-1')).toBeUndefined();
  });

  it('refuses a finished job and a missing reason', () => {
    expect(
      rejected(tables({ jobs: [aJob({ status: 'Completed' })] }), 'job.cancel', {
        id: 'JOB-2026-1',
        updateId: 7,
        reason: 'Customer cancelled',
      }).code,
    ).toBe('invalid_state');
    expect(
      rejected(tables({ jobs: [aJob()] }), 'job.cancel', { id: 'JOB-2026-1', updateId: 7 }).code,
    ).toBe('invalid_args');
  });
});
