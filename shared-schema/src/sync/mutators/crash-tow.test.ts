import { describe, expect, it } from 'vitest';
import type { MemoryTables } from '../memory-store';
import { NOW, aJob, ok, rejected, row, tables } from './test-fixtures';

const JOB = 'JOB-2026-1';
let uuid = 0;
/** A fresh UUID for each photo or signature of a test. */
function nextId(): string {
  uuid += 1;
  return `00000000-0000-4000-8000-${String(uuid).padStart(12, '0')}`;
}

function photo(state: MemoryTables, stage: string, subject: string | null): MemoryTables {
  return ok(state, 'photo.add', {
    id: nextId(),
    jobId: JOB,
    stage,
    subject,
    takenAt: '2026-11-21T09:50:00.000Z',
    latitude: -20.7361,
    longitude: 116.8463,
    accuracy: 8,
    positionNote: null,
    contentHash: 'c'.repeat(64),
    size: 200_000,
    width: 1600,
    height: 1200,
    mimeType: 'image/jpeg',
  }).tables;
}

function signature(state: MemoryTables, document: string, signerName: string): MemoryTables {
  return ok(state, 'signature.add', {
    id: nextId(),
    jobId: JOB,
    document,
    signerName,
    signedAt: '2026-11-21T09:55:00.000Z',
    latitude: -20.7361,
    longitude: 116.8463,
    accuracy: 8,
    positionNote: null,
    contentHash: 'd'.repeat(64),
    size: 9_000,
    width: 600,
    height: 200,
    mimeType: 'image/png',
  }).tables;
}

const AUTHORITY = {
  authorisedBy: 'owner_driver',
  authoriserName: 'Dana Reid',
  authoriserPhone: '0412345678',
  authoriserEmail: 'dana@example.com',
  vehicleRegistration: '1ABC234',
  destination: 'Pilbara Towing yard, 12 Coolawanyah Rd, Karratha',
  charges: 'Tow $450 incl. GST; storage $25 a day from the day after',
};

/** A crash tow with everything the Regulations ask for before loading. */
function readyToLoad(): MemoryTables {
  let state = ok(tables({ jobs: [aJob({ status: 'In Progress' })] }), 'crashTow.mark', {
    jobId: JOB,
  }).tables;
  state = ok(state, 'crashTow.save', { jobId: JOB, patch: AUTHORITY }).tables;
  state = signature(state, 'authority_to_tow', 'Dana Reid');
  state = signature(state, 'att_towing_worker', 'Alex Morgan');
  for (const side of ['front', 'rear', 'left', 'right']) state = photo(state, 'pickup', side);
  state = photo(state, 'damage', null);
  state = photo(state, 'other', 'property');
  return ok(state, 'crashTow.save', {
    jobId: JOB,
    patch: {
      dashcamCamera: 'Truck 2 front camera',
      dashcamFile: 'REC_20261121_0930.MP4',
      propertyItems: [{ id: 'p1', description: 'Laptop bag', quantity: 1, where: 'Back seat' }],
    },
  }).tables;
}

describe('crash tows', () => {
  it('opens an empty record at the job’s location when a job is marked a crash tow', () => {
    const marked = ok(tables({ jobs: [aJob()] }), 'crashTow.mark', { jobId: JOB });
    expect(row(marked.tables, 'crash_tows', JOB)).toMatchObject({
      jobId: JOB,
      crashLocation: 'Karratha',
      authorisedBy: null,
      loadedAt: null,
      markedBy: 1,
      createdAt: NOW,
    });
    expect(rejected(marked.tables, 'crashTow.mark', { jobId: JOB }).code).toBe('conflict');
  });

  it('keeps the form’s fields as the driver fills them, blanks meaning not given', () => {
    const marked = ok(tables({ jobs: [aJob()] }), 'crashTow.mark', { jobId: JOB }).tables;
    const saved = ok(marked, 'crashTow.save', {
      jobId: JOB,
      patch: { ...AUTHORITY, authoriserEmail: '', officerRank: '  ' },
    });
    expect(row(saved.tables, 'crash_tows', JOB)).toMatchObject({
      authoriserName: 'Dana Reid',
      authoriserEmail: null,
      officerRank: null,
    });
    expect(
      rejected(marked, 'crashTow.save', { jobId: JOB, patch: { authoriserEmail: 'not-an-email' } })
        .fields,
    ).toHaveProperty(['patch.authoriserEmail']);
  });

  it('refuses to record the vehicle loaded while anything is missing, naming each gap', () => {
    const marked = ok(tables({ jobs: [aJob({ status: 'In Progress' })] }), 'crashTow.mark', {
      jobId: JOB,
    }).tables;
    const refusal = rejected(marked, 'crashTow.markLoaded', { jobId: JOB, updateId: 5 });
    expect(refusal.code).toBe('invalid_state');
    expect(refusal.message).toContain('Choose who authorised the tow');
    expect(refusal.message).toContain('Photo missing: Left side');
    expect(refusal.message).toContain('Enter the dashboard camera');
    expect(refusal.message).toContain('List the personal property');
  });

  it('asks a police authority for the officer’s details', () => {
    let state = readyToLoad();
    state = ok(state, 'crashTow.save', {
      jobId: JOB,
      patch: { authorisedBy: 'police', authoriserName: 'Sgt J. Kelly' },
    }).tables;
    expect(rejected(state, 'crashTow.markLoaded', { jobId: JOB, updateId: 5 }).message).toContain(
      'rank, number and station',
    );
  });

  it('records the vehicle loaded in the job’s history once everything is there', () => {
    const loaded = ok(readyToLoad(), 'crashTow.markLoaded', { jobId: JOB, updateId: 5 });
    expect(row(loaded.tables, 'crash_tows', JOB)).toMatchObject({ loadedAt: NOW, loadedBy: 1 });
    expect(row(loaded.tables, 'job_updates', 5)).toMatchObject({
      jobId: JOB,
      message: 'Vehicle loaded',
    });
    // Only the recording's reference and the paper form's number may change after loading.
    expect(
      rejected(loaded.tables, 'crashTow.save', { jobId: JOB, patch: { destination: 'Elsewhere' } })
        .message,
    ).toBe('The vehicle is already recorded loaded');
    ok(loaded.tables, 'crashTow.save', { jobId: JOB, patch: { t1FormNumber: 'T1-004512' } });
  });

  it('lets no crash tow be completed before it is past loading', () => {
    const marked = ok(tables({ jobs: [aJob({ status: 'In Progress' })] }), 'crashTow.mark', {
      jobId: JOB,
    }).tables;
    expect(
      rejected(marked, 'job.complete', { id: JOB, updateId: 6, quoteId: 'Q-2026-9' }).message,
    ).toBe('A crash tow cannot be completed before the vehicle is recorded loaded');
    const loaded = ok(readyToLoad(), 'crashTow.markLoaded', { jobId: JOB, updateId: 5 }).tables;
    ok(loaded, 'job.complete', { id: JOB, updateId: 6, quoteId: 'Q-2026-9' });
    // An ordinary job is completed as before.
    ok(tables({ jobs: [aJob({ status: 'In Progress' })] }), 'job.complete', {
      id: JOB,
      updateId: 6,
      quoteId: 'Q-2026-9',
    });
  });

  it('lets an owner’s override with a reason take the job past loading', () => {
    const marked = ok(tables({ jobs: [aJob({ status: 'In Progress' })] }), 'crashTow.mark', {
      jobId: JOB,
    }).tables;
    expect(
      rejected(marked, 'crashTow.override', {
        jobId: JOB,
        updateId: 7,
        reason: '',
        byName: 'Sam Owner',
      }).message,
    ).toBe('Give the reason for the override');
    const overridden = ok(marked, 'crashTow.override', {
      jobId: JOB,
      updateId: 7,
      reason: 'Vehicle on fire: police directed immediate removal',
      byName: 'Sam Owner',
    }).tables;
    expect(row(overridden, 'job_updates', 7)?.message).toContain('overridden by Sam Owner');
    const loaded = ok(overridden, 'crashTow.markLoaded', { jobId: JOB, updateId: 8 }).tables;
    expect(row(loaded, 'job_updates', 8)?.message).toBe(
      'Vehicle loaded (checks overridden by an owner)',
    );
    ok(overridden, 'job.complete', { id: JOB, updateId: 9, quoteId: 'Q-2026-9' });
  });
});
