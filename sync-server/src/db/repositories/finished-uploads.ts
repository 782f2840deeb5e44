/**
 * Uploads the server has finished (migration 0018): asked about one later (tus HEAD
 * from a phone that lost the last answer), the server says it has every byte instead of "not
 * found", so the phone does not send the file again.
 */
import type { Db } from '../connection';

export interface FinishedUpload {
  id: string;
  uploaderId: string;
  size: number;
  finishedAt: string;
}

export function recordFinishedUpload(db: Db, upload: FinishedUpload): void {
  db.prepare(
    'INSERT OR REPLACE INTO finished_uploads (id, uploaderId, size, finishedAt) VALUES (?, ?, ?, ?)',
  ).run(upload.id, upload.uploaderId, upload.size, upload.finishedAt);
}

export function findFinishedUpload(db: Db, id: string): FinishedUpload | undefined {
  return db
    .prepare('SELECT id, uploaderId, size, finishedAt FROM finished_uploads WHERE id = ?')
    .get(id) as FinishedUpload | undefined;
}

/** Forgets uploads finished before `cutoff` (ISO), as partial uploads are; returns how many. */
export function forgetFinishedUploads(db: Db, cutoff: string): number {
  return db.prepare('DELETE FROM finished_uploads WHERE finishedAt < ?').run(cutoff).changes;
}
