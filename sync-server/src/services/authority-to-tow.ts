/**
 * A crash tow's Authority to Tow as a PDF (documents/authority-to-tow.ts) from what the server
 * holds: the crash tow's fields, the job's guided photos (the server's medium copies) and both
 * signatures (scaled for print), drawn in a PDF worker like the job sheet.
 */
import fsp from 'node:fs/promises';
import {
  authorityToTowDocument,
  formatStampTime,
  type CrashTow,
  type JobPhoto,
} from '@pilbara/shared-schema';
import { getRow } from '../db/rows';
import {
  findJob,
  photosOfJob,
  signaturesOfJob,
  storedHashes,
} from '../db/repositories/field-record';
import type { TaskImage } from './pdf/render-task';
import { signatureForPrint, type JobSheetDeps } from './job-sheet';

/** The crash tow of a job, or undefined when the job is not one. */
function crashTowOf(deps: Pick<JobSheetDeps, 'db'>, jobId: string): CrashTow | undefined {
  return getRow<CrashTow>(deps.db, 'crash_tows', jobId);
}

/** Whether a photo belongs on the Authority to Tow: a guided side or property photo, or damage. */
function isCrashPhoto(photo: JobPhoto): boolean {
  return photo.stage === 'damage' || (photo.subject !== null && photo.subject !== undefined);
}

/**
 * The Authority to Tow of `jobId` as a PDF with its file name and how many of its files are
 * still on the phone; undefined when the job is unknown or not a crash tow.
 */
export async function buildAuthorityToTow(
  deps: JobSheetDeps,
  jobId: string,
  audience: 'staff' | 'party' = 'staff',
): Promise<{ pdf: Uint8Array; fileName: string; filesStillUploading: number } | undefined> {
  const job = findJob(deps.db, jobId);
  const crashTow = job ? crashTowOf(deps, job.id) : undefined;
  if (!job || !crashTow) return undefined;
  const photos = photosOfJob(deps.db, job.id).filter(isCrashPhoto);
  const signatures = signaturesOfJob(deps.db, job.id);
  const held = storedHashes(deps.db, [
    ...photos.map((photo) => photo.contentHash),
    ...signatures.map((signature) => signature.contentHash),
  ]);
  const doc = authorityToTowDocument({
    audience,
    job,
    crashTow,
    photos,
    signatures,
    storedHashes: held,
    profile: deps.profile,
  });
  const images: Record<string, TaskImage> = {};
  for (const photo of doc.photoGroups.flatMap((group) => group.photos)) {
    const record = photos.find((candidate) => candidate.id === photo.id);
    const file =
      photo.stored && record
        ? await deps.files.derived(record.contentHash, record.mimeType, 'medium')
        : undefined;
    if (file) images[`photo:${photo.id}`] = { bytes: await fsp.readFile(file), type: 'jpeg' };
  }
  for (const signed of doc.signatures.map((signature) => signature.signed)) {
    const record = signed?.stored ? signatures.find((s) => s.id === signed.id) : undefined;
    const file =
      record && (await deps.files.derived(record.contentHash, record.mimeType, 'original'));
    if (!file || !signed) continue;
    try {
      images[`signature:${signed.id}`] = { bytes: await signatureForPrint(file), type: 'png' };
    } catch {
      // An image sharp refuses (over the pixel cap) is printed as not available.
    }
  }
  const pdf = await deps.pdf.render({
    kind: 'authorityToTow',
    doc,
    images,
    printedAt: formatStampTime(deps.now().toISOString()),
  });
  const missing = [
    ...doc.photoGroups.flatMap((group) => group.photos).filter((photo) => !photo.stored),
    ...doc.signatures.filter((signature) => signature.signed && !signature.signed.stored),
  ].length;
  return { pdf, fileName: doc.fileName, filesStillUploading: missing };
}
