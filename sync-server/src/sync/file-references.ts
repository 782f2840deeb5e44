/**
 * Files follow the rows they belong to (docs/security.md): where the server's records
 * name a stored file, for the sync scope of `stored_files` and for the check that a record a staff
 * member writes names only a file they may use (shared-schema rules/field-record.ts `maySeeFile`,
 * `mayReferenceFile`).
 *
 * A file is named by a job's photos and signatures (`contentHash`, indexed) and by defects'
 * photos (JSON; a pre-start check's photos are always its defects' too, so the checks are not
 * read). Who uploaded which bytes is `file_uploads` (migration 0015), written when an upload's
 * bytes hashed right.
 */
import {
  MESSAGES,
  mayReferenceFile,
  type Actor,
  type FileReferences,
  type JobAssignment,
  type RowChange,
} from '@pilbara/shared-schema';
import type { Db } from '../db/connection';
import type { Rejection } from './execute';
import { statement } from '../db/statements';

/** A file's references, and whether the server holds its bytes. */
export interface FileFacts extends FileReferences {
  stored: boolean;
}

/** Hashes per query (well under SQLite's limit on bound parameters). */
const CHUNK = 500;

function inChunks<T>(items: readonly string[], read: (chunk: string[]) => T[]): T[] {
  const out: T[] = [];
  for (let at = 0; at < items.length; at += CHUNK) out.push(...read(items.slice(at, at + CHUNK)));
  return out;
}

const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ');

/** The hashes of `hashes` that a defect's photos name (one pass over the defects). */
function fleetHashes(db: Db, hashes: ReadonlySet<string>): Set<string> {
  const named = statement(
    db,
    `SELECT DISTINCT json_extract(p.value, '$.contentHash') AS hash
       FROM vehicle_defects d, json_each(d.photos) p`,
  ).all() as { hash: string | null }[];
  return new Set(named.flatMap((row) => (row.hash && hashes.has(row.hash) ? [row.hash] : [])));
}

/**
 * What the server knows of each file in `hashes` for user `userId`: the jobs naming it, whether
 * a defect does, whether this user uploaded it, whether its bytes are held.
 */
export function fileFacts(
  db: Db,
  hashes: readonly string[],
  userId: number,
): Map<string, FileFacts> {
  const unique = [...new Set(hashes)];
  const facts = new Map<string, FileFacts>(
    unique.map((hash) => [hash, { jobs: [], fleet: false, uploadedByActor: false, stored: false }]),
  );
  if (unique.length === 0) return facts;
  const named = inChunks(
    unique,
    (chunk) =>
      db
        .prepare(
          `SELECT r.contentHash AS hash, j.assignedTo AS assignedTo,
                  j.assignedDriverId AS assignedDriverId
           FROM (SELECT contentHash, jobId FROM job_photos WHERE contentHash IN (${marks(chunk.length)})
                 UNION ALL
                 SELECT contentHash, jobId FROM job_signatures WHERE contentHash IN (${marks(chunk.length)})) r
           JOIN jobs j ON j.id = r.jobId`,
        )
        .all(...chunk, ...chunk) as {
        hash: string;
        assignedTo: string | null;
        assignedDriverId: number | null;
      }[],
  );
  for (const row of named) {
    const fact = facts.get(row.hash);
    if (fact) {
      (fact.jobs as JobAssignment[]).push({
        assignedTo: row.assignedTo,
        assignedDriverId: row.assignedDriverId,
      });
    }
  }
  for (const row of inChunks(
    unique,
    (chunk) =>
      db
        .prepare(`SELECT id FROM stored_files WHERE id IN (${marks(chunk.length)})`)
        .all(...chunk) as { id: string }[],
  )) {
    const fact = facts.get(row.id);
    if (fact) fact.stored = true;
  }
  for (const row of inChunks(
    unique,
    (chunk) =>
      db
        .prepare(
          `SELECT hash FROM file_uploads WHERE userId = ? AND hash IN (${marks(chunk.length)})`,
        )
        .all(userId, ...chunk) as { hash: string }[],
  )) {
    const fact = facts.get(row.hash);
    if (fact) fact.uploadedByActor = true;
  }
  for (const hash of fleetHashes(db, new Set(unique))) {
    const fact = facts.get(hash);
    if (fact) fact.fleet = true;
  }
  return facts;
}

/** The file hashes a row of a record table names. */
function hashesOfRow(entity: string, row: Record<string, unknown> | undefined): string[] {
  if (!row) return [];
  if (entity === 'job_photos' || entity === 'job_signatures') {
    return typeof row.contentHash === 'string' ? [row.contentHash] : [];
  }
  const photos = (list: unknown): string[] =>
    Array.isArray(list)
      ? list.flatMap((photo) =>
          photo && typeof (photo as { contentHash?: unknown }).contentHash === 'string'
            ? [(photo as { contentHash: string }).contentHash]
            : [],
        )
      : [];
  if (entity === 'vehicle_defects') return photos(row.photos);
  if (entity === 'yard_vehicles') {
    const release = row.release as { contentHash?: unknown } | null | undefined;
    return typeof release?.contentHash === 'string' ? [release.contentHash] : [];
  }
  if (entity === 'prestart_checks' && Array.isArray(row.items)) {
    return row.items.flatMap((item) => photos((item as { photos?: unknown }).photos));
  }
  return [];
}

const RECORD_TABLES = new Set([
  'job_photos',
  'job_signatures',
  'vehicle_defects',
  'prestart_checks',
  'yard_vehicles',
]);

/**
 * The rejection of a mutation whose rows name a file its sender may not use, or
 * undefined. Only names the rows did not carry before are checked: resolving a defect leaves
 * its photos as they were. `current` reads a row as stored before this mutation.
 */
export function refusedFileReference(
  db: Db,
  actor: Actor,
  userId: number | string,
  changes: readonly RowChange[],
  current: (
    entity: RowChange['entity'],
    id: RowChange['id'],
  ) => Record<string, unknown> | undefined,
): Rejection | undefined {
  if (actor.role === 'admin' || typeof userId !== 'number') return undefined;
  const named = new Map<string, string>();
  for (const change of changes) {
    if (change.op !== 'put' || !RECORD_TABLES.has(change.entity)) continue;
    const before = new Set(hashesOfRow(change.entity, current(change.entity, change.id)));
    for (const hash of hashesOfRow(change.entity, change.row)) {
      if (!before.has(hash)) named.set(hash, change.entity);
    }
  }
  if (named.size === 0) return undefined;
  const facts = fileFacts(db, [...named.keys()], userId);
  for (const [hash, entity] of named) {
    const fact = facts.get(hash);
    if (fact && mayReferenceFile(actor, fact, fact.stored)) continue;
    const field = entity === 'job_photos' || entity === 'job_signatures' ? 'contentHash' : 'items';
    return {
      ok: false,
      code: 'forbidden',
      message: MESSAGES.FILE_NOT_YOURS,
      field,
      fields: { [field]: MESSAGES.FILE_NOT_YOURS },
    };
  }
  return undefined;
}
