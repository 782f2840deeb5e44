/**
 * Builds a job's sheet PDF from what the server holds (issue 19): staff's copy for
 * GET /api/jobs/:id/sheet.pdf, the customer's copy (pickup and drop-off photos, no positions)
 * for the completion email.
 */
import fsp from 'node:fs/promises';
import { formatStampTime, jobSheetDocument, type BusinessProfile } from '@pilbara/shared-schema';
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
import { renderJobSheetPdf, type ImageLoader } from './pdf';

export interface JobSheetDeps {
  db: Db;
  files: FieldFiles;
  profile: BusinessProfile;
  now: () => Date;
}

/** The job sheet of `jobId` as a PDF with its file name, or undefined for an unknown job. */
export async function buildJobSheet(
  deps: JobSheetDeps,
  jobId: string,
  audience: 'staff' | 'customer' = 'staff',
): Promise<{ pdf: Uint8Array; fileName: string; photosStillUploading: number } | undefined> {
  const job = findJob(deps.db, jobId);
  if (!job) return undefined;
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
  const loadImage: ImageLoader = async (kind, id) => {
    if (kind === 'photo') {
      const photo = findPhoto(deps.db, id);
      const file = photo && (await deps.files.derived(photo.contentHash, photo.mimeType, 'medium'));
      return file ? { bytes: await fsp.readFile(file), type: 'jpeg' } : undefined;
    }
    const signature = findSignature(deps.db, id);
    const file =
      signature &&
      (await deps.files.derived(signature.contentHash, signature.mimeType, 'original'));
    return file ? { bytes: await fsp.readFile(file), type: 'png' } : undefined;
  };
  const pdf = await renderJobSheetPdf(doc, loadImage, formatStampTime(deps.now().toISOString()));
  return { pdf, fileName: doc.fileName, photosStillUploading: doc.photosStillUploading };
}
