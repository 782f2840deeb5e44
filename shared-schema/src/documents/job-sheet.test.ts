import { describe, expect, it } from 'vitest';
import { DEFAULT_BUSINESS_PROFILE } from '../constants/business-profile';
import type { JobPhoto, JobSignature } from '../entities/field-record';
import { aJob } from '../sync/mutators/test-fixtures';
import { jobSheetDocument } from './job-sheet';

const here = { latitude: -20.7361, longitude: 116.8463, accuracy: 9, positionNote: null };

function photo(id: string, stage: JobPhoto['stage'], takenAt: string, hash: string): JobPhoto {
  return {
    id,
    jobId: 'JOB-2026-1',
    stage,
    takenAt,
    ...here,
    contentHash: hash,
    size: 1000,
    width: 1600,
    height: 1200,
    mimeType: 'image/jpeg',
    recordedBy: 1,
    createdAt: takenAt,
  };
}

const signature: JobSignature = {
  id: 's1',
  jobId: 'JOB-2026-1',
  document: 'vehicle_release',
  signerName: 'Dana Reid',
  signedAt: '2026-11-21T08:30:00.000Z',
  latitude: null,
  longitude: null,
  accuracy: null,
  positionNote: 'denied',
  contentHash: 'c'.repeat(64),
  size: 900,
  width: 600,
  height: 200,
  mimeType: 'image/png',
  recordedBy: 1,
  createdAt: '2026-11-21T08:30:00.000Z',
};

describe('jobSheetDocument', () => {
  const doc = jobSheetDocument({
    job: aJob({ status: 'Completed', progress: 100 }),
    updates: [
      {
        id: 2,
        jobId: 'JOB-2026-1',
        status: 'Completed',
        message: 'Job completed',
        createdAt: '2026-11-21T09:00:00.000Z',
      },
      {
        id: 1,
        jobId: 'JOB-2026-1',
        status: 'Assigned',
        message: 'Job created',
        createdAt: '2026-11-20T08:00:00.000Z',
      },
    ],
    photos: [
      photo('p2', 'pickup', '2026-11-21T06:10:00.000Z', 'b'.repeat(64)),
      photo('p1', 'pickup', '2026-11-21T06:05:00.000Z', 'a'.repeat(64)),
      photo('p3', 'damage', '2026-11-21T06:07:00.000Z', 'd'.repeat(64)),
    ],
    signatures: [signature],
    storedHashes: new Set(['a'.repeat(64), 'd'.repeat(64), 'c'.repeat(64)]),
    profile: DEFAULT_BUSINESS_PROFILE,
  });

  it('lists the history oldest first and the photos by stage with their stamps', () => {
    expect(doc.history.map((line) => line.message)).toEqual(['Job created', 'Job completed']);
    expect(doc.photoGroups.map((group) => group.label)).toEqual(['Pickup', 'Damage']);
    expect(doc.photoGroups[0]?.photos[0]).toMatchObject({
      id: 'p1',
      caption: 'Pickup 1 of 2',
      time: '21 Nov 2026, 2:05 pm',
      position: '-20.73610, 116.84630 (±9 m)',
      stored: true,
    });
  });

  it('marks a photo whose file has not arrived and counts it', () => {
    expect(doc.photoGroups[0]?.photos[1]?.stored).toBe(false);
    expect(doc.photosStillUploading).toBe(1);
  });

  it('prints both documents, signed or not, with the signer’s printed name', () => {
    expect(doc.signatures.map((s) => [s.title, s.signed?.signerName ?? null])).toEqual([
      ['Authority to tow', null],
      ['Vehicle release', 'Dana Reid'],
    ]);
    expect(doc.signatures[1]?.signed?.position).toBe('No position (location not allowed)');
    expect(doc.fileName).toBe('Job-sheet-JOB-2026-1.pdf');
  });

  it('gives the customer their pickup and drop-off photos only, and no position', () => {
    const customerCopy = jobSheetDocument({
      audience: 'customer',
      job: aJob(),
      updates: [],
      photos: [
        photo('p1', 'pickup', '2026-11-21T06:05:00.000Z', 'a'.repeat(64)),
        photo('p3', 'damage', '2026-11-21T06:07:00.000Z', 'd'.repeat(64)),
      ],
      signatures: [signature],
      storedHashes: new Set(['a'.repeat(64)]),
      profile: DEFAULT_BUSINESS_PROFILE,
    });
    expect(customerCopy.photoGroups.map((group) => group.label)).toEqual(['Pickup']);
    expect(customerCopy.photoGroups[0]?.photos[0]?.position).toBeNull();
    expect(customerCopy.signatures[1]?.signed).toMatchObject({
      signerName: 'Dana Reid',
      position: null,
    });
  });
});
