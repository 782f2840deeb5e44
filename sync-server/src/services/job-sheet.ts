/**
 * Builds a job's sheet PDF from what the server holds: staff's copy for
 * GET /api/jobs/:id/sheet.pdf, the customer's copy (pickup and drop-off photos, no positions)
 * for the completion email.
 *
 * The images are read here and drawn in a PDF worker thread (pdf/pool.ts), each within
 * the pixel cap: photos as the server's medium copies (800 px), signatures scaled by sharp (off
 * the event loop, libvips) to at most {@link SIGNATURE_PRINT_SIDE} px. pdf-lib decodes images in
 * JavaScript, so a huge signature would otherwise hold the server for seconds.
 */
import fsp from 'node:fs/promises';
import sharp from 'sharp';
import {
  FIELD_FILE_LIMITS,
  formatStampTime,
  jobForActor,
  jobSheetDocument,
  type Actor,
  type BusinessProfile,
} from '@pilbara/shared-schema';
import type { Db } from '../db/connection';
import {
  findJob,
  findPhoto,
  findSignature,
  photosOfJob,
  signaturesOfJob,
  storedHashes,
  updatesOfJob,
} from '../db/repositories/field-record';
import type { FieldFiles } from './field-files';
import type { PdfRenderer } from './pdf/pool';
import type { TaskImage } from './pdf/render-task';

/** Longest side of a signature as the job sheet embeds it, in pixels. */
const SIGNATURE_PRINT_SIDE = 1200;

export interface JobSheetDeps {
  db: Db;
  files: FieldFiles;
  profile: BusinessProfile;
  now: () => Date;
  pdf: PdfRenderer;
}

/** A signature PNG within the print size, whatever size it was stored at. */
export async function signatureForPrint(file: string): Promise<Buffer> {
  return sharp(file, { limitInputPixels: FIELD_FILE_LIMITS.maxDimension ** 2 })
    .resize({
      width: SIGNATURE_PRINT_SIDE,
      height: SIGNATURE_PRINT_SIDE,
      fit: 'inside',
      withoutEnlargement: true,
    })
    .png()
    .toBuffer();
}

/**
 * The job sheet of `jobId` as a PDF with its file name, or undefined for an unknown job. Printed
 * for a `viewer`, it holds only what they may read of the job: a driver's copy of a job that is
 * not theirs has no customer phone or email (rules/roles.ts `jobForActor`).
 */
export async function buildJobSheet(
  deps: JobSheetDeps,
  jobId: string,
  audience: 'staff' | 'customer' = 'staff',
  viewer?: Actor,
): Promise<{ pdf: Uint8Array; fileName: string; photosStillUploading: number } | undefined> {
  const stored = findJob(deps.db, jobId);
  if (!stored) return undefined;
  const job = viewer ? jobForActor(viewer, stored) : stored;
  const photos = photosOfJob(deps.db, jobId);
  const signatures = signaturesOfJob(deps.db, jobId);
  const doc = jobSheetDocument({
    audience,
    job,
    updates: updatesOfJob(deps.db, jobId),
    photos,
    signatures,
    storedHashes: storedHashes(deps.db, [
      ...photos.map((photo) => photo.contentHash),
      ...signatures.map((signature) => signature.contentHash),
    ]),
    profile: deps.profile,
  });
  const images: Record<string, TaskImage> = {};
  for (const photo of doc.photoGroups.flatMap((group) => group.photos)) {
    const record = photo.stored ? findPhoto(deps.db, photo.id) : undefined;
    const file =
      record && (await deps.files.derived(record.contentHash, record.mimeType, 'medium'));
    if (file) images[`photo:${photo.id}`] = { bytes: await fsp.readFile(file), type: 'jpeg' };
  }
  for (const signed of doc.signatures.map((signature) => signature.signed)) {
    const record = signed?.stored ? findSignature(deps.db, signed.id) : undefined;
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
    kind: 'jobSheet',
    doc,
    images,
    printedAt: formatStampTime(deps.now().toISOString()),
  });
  return { pdf, fileName: doc.fileName, photosStillUploading: doc.photosStillUploading };
}
