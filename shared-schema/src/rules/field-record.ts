/**
 * Pure rules of the job's field record: who may read and add a job's photos and
 * signatures, what a customer sees, how a capture's stamp reads, and which files a device may
 * let go of. The screens, the server's routes, the job sheet and the tests all call these.
 */
import {
  CONDITION_PHOTO_CORNERS,
  CONDITION_PHOTO_STAGES,
  CUSTOMER_PHOTO_STAGES,
  FIELD_FILE_LIMITS,
  FIELD_RECORD_TEXT,
  PHOTO_STAGES,
  PHOTO_STAGE_LABELS,
  SIGNATURE_DOCUMENTS,
  SIGNATURE_DOCUMENT_TEXT,
  type FieldFileType,
  type PhotoStage,
} from '../constants/field-record';
import type { PositionFields } from '../entities/field-record';
import { formatDateTime } from './date-format';
import { canSeeJob, roleOf, type Actor, type JobAssignment } from './roles';

/** The caller as far as the field record cares: a signed-in user's role and account. */
export interface FieldRecordActor {
  role: string;
  id?: number;
}

/**
 * Whether `actor` may see and add the photos and signatures of `job`. Admins may, for every
 * job, and a driver for the jobs they can see (rules/roles.ts: theirs and unassigned ones); customers and guests never may (a customer sees their
 * own pickup and drop-off photos through their tracking link instead, {@link isCustomerVisibleStage}).
 */
export function mayHandleJobFiles(
  actor: FieldRecordActor | null | undefined,
  job: JobAssignment,
): boolean {
  if (!actor) return false;
  return canSeeJob({ role: roleOf(actor.role), id: actor.id ?? null, name: '' }, job);
}

/** Whether a customer tracking their own job sees photos of this stage. */
export function isCustomerVisibleStage(stage: string): stage is PhotoStage {
  return (CUSTOMER_PHOTO_STAGES as readonly string[]).includes(stage);
}

/**
 * Whether `actor` may add and see the photos of a failed pre-start item: any staff
 * member, since every driver checks trucks and the fleet is not split between them.
 */
export function mayHandleFleetFiles(actor: FieldRecordActor | null | undefined): boolean {
  return actor?.role === 'admin' || actor?.role === 'driver';
}

/** The largest file allowed for an upload of this kind, in bytes (a defect's photo is a photo). */
export function maxFileBytes(
  kind: 'photo' | 'signature' | 'defect-photo' | 'yard-signature',
): number {
  return kind === 'signature' || kind === 'yard-signature'
    ? FIELD_FILE_LIMITS.maxSignatureBytes
    : FIELD_FILE_LIMITS.maxPhotoBytes;
}

/** The file name extension of a stored type. */
export function fileExtension(mimeType: FieldFileType): 'jpg' | 'png' {
  return mimeType === 'image/png' ? 'png' : 'jpg';
}

/** `-20.7361, 116.8463` with five decimals (about a metre). */
function coordinates(latitude: number, longitude: number): string {
  return `${latitude.toFixed(5)}, ${longitude.toFixed(5)}`;
}

/**
 * The position part of a stamp: `-20.73610, 116.84630 (±12 m)`, or an honest "No position"
 * saying why when the phone gave none.
 */
export function formatPosition(position: PositionFields): string {
  if (position.latitude !== null && position.longitude !== null) {
    const accuracy =
      position.accuracy === null ? '' : ` (±${Math.max(1, Math.round(position.accuracy))} m)`;
    return `${coordinates(position.latitude, position.longitude)}${accuracy}`;
  }
  switch (position.positionNote) {
    case 'denied':
      return FIELD_RECORD_TEXT.positionDenied;
    case 'unavailable':
      return FIELD_RECORD_TEXT.positionUnavailable;
    case 'timeout':
      return FIELD_RECORD_TEXT.positionTimeout;
    default:
      return FIELD_RECORD_TEXT.noPosition;
  }
}

/** The time part of a stamp, in Perth: `21 Nov 2026, 2:05 pm`. */
export function formatStampTime(iso: string): string {
  return formatDateTime(iso);
}

/** A whole stamp: `21 Nov 2026, 2:05 pm · -20.73610, 116.84630 (±12 m)`. */
export function formatStamp(at: string, position: PositionFields): string {
  return `${formatStampTime(at)} · ${formatPosition(position)}`;
}

/** Items grouped by stage in the job sheet's order, each group oldest first; empty stages left out. */
export function groupByStage<T extends { stage: PhotoStage; takenAt: string }>(
  photos: readonly T[],
): { stage: PhotoStage; label: string; photos: T[] }[] {
  return PHOTO_STAGES.map((stage) => ({
    stage,
    label: PHOTO_STAGE_LABELS[stage],
    photos: photos
      .filter((photo) => photo.stage === stage)
      .sort((a, b) => a.takenAt.localeCompare(b.takenAt)),
  })).filter((group) => group.photos.length > 0);
}

/**
 * Whether a device may drop its full-size copy of a file: only once the server has confirmed it
 * holds the very same bytes (a `stored_files` row for the hash, which the server writes only
 * after checking the bytes against the hash).
 */
export function mayDropLocalCopy(hash: string, storedHashes: ReadonlySet<string>): boolean {
  return storedHashes.has(hash);
}

/** The size to scale `width` × `height` to so its longest side is at most `longSide`. */
export function fitWithin(
  width: number,
  height: number,
  longSide: number,
): { width: number; height: number } {
  const scale = Math.min(1, longSide / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/**
 * What a job's field record still lacks before it is completed: fewer than the four corners
 * photographed at pickup or at drop-off, or a document not signed. Completing asks first and
 * names these; it never blocks (a customer may refuse to sign, a car may be in a
 * ditch), but nobody completes a job without knowing what the record lacks.
 */
export function completionGaps(
  photos: readonly { stage: string }[],
  signatures: readonly { document: string }[],
): string[] {
  const gaps: string[] = [];
  for (const stage of CONDITION_PHOTO_STAGES) {
    const taken = photos.filter((photo) => photo.stage === stage).length;
    if (taken < CONDITION_PHOTO_CORNERS)
      gaps.push(
        `${PHOTO_STAGE_LABELS[stage]} photos: ${taken} of ${CONDITION_PHOTO_CORNERS} corners`,
      );
  }
  for (const document of SIGNATURE_DOCUMENTS) {
    if (!signatures.some((signature) => signature.document === document))
      gaps.push(`${SIGNATURE_DOCUMENT_TEXT[document].title}: not signed`);
  }
  return gaps;
}

/**
 * What the server knows of a stored file's place in the records (docs/security.md): the
 * jobs whose photos or signatures name it, whether a pre-start check or defect names it, and
 * whether the asking user uploaded its bytes themselves.
 */
export interface FileReferences {
  /** The jobs (their assignment) whose photos or signatures name the file. */
  jobs: readonly JobAssignment[];
  /** Whether a pre-start check or a defect names it: a fleet file, every staff member's. */
  fleet: boolean;
  /** Whether the asking user's upload of these bytes completed. */
  uploadedByActor: boolean;
}

/**
 * Whether `actor` may see a stored file (its `stored_files` row, its bytes): an admin always; a
 * driver through a record they may see — a photo or signature of a job they can see, a defect
 * photo (the fleet is everyone's) — or because they uploaded it; nobody else.
 */
export function maySeeFile(actor: Actor, refs: FileReferences): boolean {
  if (actor.role === 'admin') return true;
  if (actor.role !== 'driver') return false;
  if (refs.uploadedByActor || refs.fleet) return true;
  return refs.jobs.some((job) => canSeeJob(actor, job));
}

/**
 * Whether a record `actor` writes may name this file: one they may see
 * ({@link maySeeFile}); or one the server does not hold yet that no record hidden from them
 * names — their device then uploads the bytes, which proves it holds them. Naming a file only
 * because its hash is known (another driver's photo) is refused, so the record can never serve
 * someone else's bytes.
 */
export function mayReferenceFile(actor: Actor, refs: FileReferences, stored: boolean): boolean {
  if (maySeeFile(actor, refs)) return true;
  if (actor.role !== 'driver') return false;
  return !stored && refs.jobs.length === 0 && !refs.fleet;
}
