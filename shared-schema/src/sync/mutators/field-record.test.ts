import { describe, expect, it } from 'vitest';
import { NOW, aJob, ok, rejected, row, tables } from './test-fixtures';

const HASH = 'a'.repeat(64);
const PHOTO_ID = '2f1c6a4e-8b1d-4c55-9f0a-6d2b8e1f3a77';
const job = tables({ jobs: [aJob()] });

const photoArgs = {
  id: PHOTO_ID,
  jobId: 'JOB-2026-1',
  stage: 'pickup',
  takenAt: '2026-11-21T09:58:00.000Z',
  latitude: -20.7361,
  longitude: 116.8463,
  accuracy: 12,
  positionNote: null,
  contentHash: HASH,
  size: 412_345,
  width: 1600,
  height: 1200,
  mimeType: 'image/jpeg',
};

const signatureArgs = {
  id: '7d3e2b1a-0c9f-4e8d-a7b6-5c4d3e2f1a0b',
  jobId: 'JOB-2026-1',
  document: 'authority_to_tow',
  signerName: 'Dana Reid',
  signedAt: '2026-11-21T09:59:00.000Z',
  latitude: null,
  longitude: null,
  accuracy: null,
  positionNote: 'denied',
  contentHash: 'b'.repeat(64),
  size: 18_000,
  width: 600,
  height: 200,
  mimeType: 'image/png',
};

describe('photo.add', () => {
  it('records the photo with its stamp and file, at the apply time', () => {
    const result = ok(job, 'photo.add', photoArgs);
    expect(row(result.tables, 'job_photos', PHOTO_ID)).toMatchObject({
      ...photoArgs,
      createdAt: NOW,
    });
  });

  it('rejects a photo for a job that does not exist, and the same id twice', () => {
    expect(rejected(tables({}), 'photo.add', photoArgs)).toMatchObject({
      code: 'not_found',
      field: 'jobId',
      message: 'Job not found',
    });
    const once = ok(job, 'photo.add', photoArgs).tables;
    expect(rejected(once, 'photo.add', photoArgs).code).toBe('conflict');
  });

  it('refuses a half position, a bad hash, a PNG, an unknown stage and an oversize file', () => {
    expect(rejected(job, 'photo.add', { ...photoArgs, accuracy: null }).field).toBe('positionNote');
    expect(
      rejected(job, 'photo.add', { ...photoArgs, latitude: null, longitude: null, accuracy: null })
        .field,
    ).toBe('positionNote');
    expect(rejected(job, 'photo.add', { ...photoArgs, contentHash: 'ABC' }).field).toBe(
      'contentHash',
    );
    expect(rejected(job, 'photo.add', { ...photoArgs, mimeType: 'image/png' }).field).toBe(
      'mimeType',
    );
    expect(rejected(job, 'photo.add', { ...photoArgs, stage: 'interior' }).field).toBe('stage');
    expect(rejected(job, 'photo.add', { ...photoArgs, size: 16 * 1024 * 1024 }).field).toBe('size');
  });

  it('takes an honest "no position" with its reason', () => {
    const result = ok(job, 'photo.add', {
      ...photoArgs,
      latitude: null,
      longitude: null,
      accuracy: null,
      positionNote: 'unavailable',
    });
    expect(row(result.tables, 'job_photos', PHOTO_ID)).toMatchObject({
      latitude: null,
      positionNote: 'unavailable',
    });
  });
});

describe('signature.add', () => {
  it('records the signature with the printed name', () => {
    const result = ok(job, 'signature.add', { ...signatureArgs, signerName: '  Dana Reid ' });
    expect(row(result.tables, 'job_signatures', signatureArgs.id)).toMatchObject({
      document: 'authority_to_tow',
      signerName: 'Dana Reid',
      positionNote: 'denied',
    });
  });

  it('signs each document once per job, and needs a name', () => {
    const once = ok(job, 'signature.add', signatureArgs).tables;
    const again = rejected(once, 'signature.add', {
      ...signatureArgs,
      id: '11111111-2222-4333-8444-555555555555',
    });
    expect(again).toMatchObject({ code: 'conflict', field: 'document' });
    expect(again.message).toBe('Authority to tow is already signed for job JOB-2026-1');
    ok(once, 'signature.add', {
      ...signatureArgs,
      id: '11111111-2222-4333-8444-555555555555',
      document: 'vehicle_release',
    });
    expect(rejected(job, 'signature.add', { ...signatureArgs, signerName: ' ' }).message).toBe(
      'Enter the signer’s printed name',
    );
  });
});

describe('job.delete with a field record', () => {
  it('keeps the job’s photos and signatures when it is archived', () => {
    let state = tables({ jobs: [aJob({ status: 'Completed' })] });
    state = ok(state, 'photo.add', photoArgs).tables;
    state = ok(state, 'signature.add', signatureArgs).tables;
    const result = ok(state, 'job.delete', { id: 'JOB-2026-1' });
    expect(row(result.tables, 'job_photos', PHOTO_ID)).toBeDefined();
    expect(row(result.tables, 'job_signatures', signatureArgs.id)).toBeDefined();
  });
});
