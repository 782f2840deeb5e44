/**
 * The job's field record as the server reads and records it: photo and signature
 * rows, and the `stored_files` rows that say which file hashes the server holds. Routes and the
 * upload service call these; none of them writes SQL itself.
 */
import {
  CUSTOMER_PHOTO_STAGES,
  type Job,
  type JobPhoto,
  type JobSignature,
  type JobUpdate,
  type Row,
  type StoredFile,
} from '@pilbara/shared-schema';
import type { Db } from '../connection';
import { findRows, getRow } from '../rows';
import { writeChanges } from '../change-log';
import { atomically, statement } from '../statements';

/** A photo or signature: the record an uploaded file belongs to. */
export type FieldRecord =
  { kind: 'photo'; record: JobPhoto } | { kind: 'signature'; record: JobSignature };

export function findJob(db: Db, jobId: string): Job | undefined {
  return getRow<Job>(db, 'jobs', jobId);
}

export function findPhoto(db: Db, id: string): JobPhoto | undefined {
  return getRow<JobPhoto>(db, 'job_photos', id);
}

export function findSignature(db: Db, id: string): JobSignature | undefined {
  return getRow<JobSignature>(db, 'job_signatures', id);
}

/** The record of `kind` with this id, or undefined. */
export function findFieldRecord(
  db: Db,
  kind: 'photo' | 'signature',
  id: string,
): FieldRecord | undefined {
  if (kind === 'photo') {
    const record = findPhoto(db, id);
    return record ? { kind, record } : undefined;
  }
  const record = findSignature(db, id);
  return record ? { kind, record } : undefined;
}

/** A job's status history. */
export function updatesOfJob(db: Db, jobId: string): JobUpdate[] {
  return findRows<JobUpdate>(db, 'job_updates', { jobId }, { orderBy: 'createdAt' });
}

/** Which of `hashes` the server holds. */
export function storedHashes(db: Db, hashes: readonly string[]): Set<string> {
  return new Set(hashes.filter((hash) => storedFile(db, hash) !== undefined));
}

/** A job's photos, oldest first. */
export function photosOfJob(db: Db, jobId: string): JobPhoto[] {
  return findRows<JobPhoto>(db, 'job_photos', { jobId }, { orderBy: 'takenAt' });
}

/** A job's signatures, oldest first. */
export function signaturesOfJob(db: Db, jobId: string): JobSignature[] {
  return findRows<JobSignature>(db, 'job_signatures', { jobId }, { orderBy: 'signedAt' });
}

/** The stored file with this hash, if the server holds it. */
export function storedFile(db: Db, hash: string): StoredFile | undefined {
  return getRow<StoredFile>(db, 'stored_files', hash);
}

/**
 * The photos a customer tracking the job sees: pickup and drop-off, and only those whose file
 * the server holds (a photo still on the driver's phone has nothing to show yet).
 */
export function customerPhotosOfJob(db: Db, jobId: string): JobPhoto[] {
  return photosOfJob(db, jobId).filter(
    (photo) =>
      (CUSTOMER_PHOTO_STAGES as readonly string[]).includes(photo.stage) &&
      storedFile(db, photo.contentHash) !== undefined,
  );
}

/**
 * Records that the server holds a file, logged so staff devices learn it (a device drops its
 * full-size copy on seeing the row; sync scope: sync/scope.ts in shared-schema). The same bytes
 * are stored once.
 *
 * With `uploaderId` (a completed upload) the uploader is recorded as holding the bytes
 * (`file_uploads`), and a row already recorded is logged again: the uploader's device may never
 * have been sent it (a driver receives a file's row only once a record they may see names it),
 * and it keeps the photo until it is. Returns whether anything was logged.
 */
export function recordStoredFile(
  db: Db,
  file: StoredFile,
  now: string,
  uploaderId?: number,
): boolean {
  return atomically(db, () => {
    if (uploaderId !== undefined) {
      statement(
        db,
        'INSERT OR IGNORE INTO file_uploads (hash, userId, createdAt) VALUES (?, ?, ?)',
      ).run(file.id, uploaderId, now);
    }
    const held = storedFile(db, file.id);
    if (held && uploaderId === undefined) return false;
    writeChanges(
      db,
      [{ entity: 'stored_files', op: 'put', id: file.id, row: (held ?? file) as Row }],
      now,
    );
    return true;
  });
}

/** How many of a job's photos and signatures have files the server does not hold yet. */
export function unstoredFilesOfJob(db: Db, jobId: string): number {
  const hashes = [
    ...photosOfJob(db, jobId).map((photo) => photo.contentHash),
    ...signaturesOfJob(db, jobId).map((signature) => signature.contentHash),
  ];
  const held = storedHashes(db, hashes);
  return hashes.filter((hash) => !held.has(hash)).length;
}
