/**
 * Calls of the job's field record: the resumable upload's metadata, the addresses of
 * stored photos and signatures, and what a customer's tracking link lists.
 */
import { z } from 'zod';
import { FIELD_FILE_TYPES, PHOTO_STAGES } from '../constants/field-record';
import { contentHashSchema, fieldRecordIdSchema } from '../entities/field-record';
import { trackParamsSchema } from './public';

/** Where a phone sends a file's bytes (the tus protocol's creation endpoint). */
export const UPLOAD_ENDPOINT = '/api/uploads';

/** The HTTP methods of the tus protocol (create, ask the offset, send bytes, cancel, preflight). */
export const UPLOAD_METHODS = ['POST', 'HEAD', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/**
 * The kinds of file a phone uploads: a job's photo or signature, a failed check item's photo, or
 * the signature of whoever collected a vehicle from the storage yard.
 */
export const UPLOAD_KINDS = ['photo', 'signature', 'defect-photo', 'yard-signature'] as const;

const uploadedFileMetadata = { sha256: contentHashSchema, filetype: z.string().max(100) };

/**
 * The `Upload-Metadata` of a resumable upload: which record the file belongs to and the hash its
 * bytes must have. The record is synced first, so the server knows the job (or the defect) and
 * the size to expect before a byte arrives. A defect photo names its defect by id
 * (the tus metadata is text): the defect's `photos` list holds the hash, size and type.
 */
export const uploadMetadataSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.enum(['photo', 'signature']),
      recordId: fieldRecordIdSchema,
      jobId: z.string().min(1).max(40),
      ...uploadedFileMetadata,
    }),
    z.object({
      kind: z.literal('defect-photo'),
      recordId: z.string().regex(/^[1-9][0-9]{0,14}$/, { error: 'Expected a defect id' }),
      ...uploadedFileMetadata,
    }),
    z.object({
      kind: z.literal('yard-signature'),
      recordId: z.string().regex(/^[1-9][0-9]{0,14}$/, { error: 'Expected a yard vehicle id' }),
      ...uploadedFileMetadata,
    }),
  ],
  { error: 'kind must be photo, signature, defect-photo or yard-signature' },
);
export type UploadMetadata = z.infer<typeof uploadMetadataSchema>;

/** Whether a declared type is one the field record stores. */
export function isFieldFileType(type: string): type is (typeof FIELD_FILE_TYPES)[number] {
  return (FIELD_FILE_TYPES as readonly string[]).includes(type);
}

/** An upload's address, `/api/uploads/:id` (the id tus minted when the upload was created). */
export const uploadIdParamsSchema = z.object({ id: z.string() });

/** What a tus request sends: the next bytes in a PATCH, nothing (or the first bytes) in a POST. */
export const uploadBodySchema = z.any().meta({
  type: 'string',
  format: 'binary',
  description: 'PATCH: the next bytes (application/offset+octet-stream); POST: none',
});

/** What tus answers: an empty body, the news in its headers (Location, Upload-Offset, …). */
export const tusAnswerSchema = z.any().meta({
  description: 'Empty; the answer is in the tus headers (Location, Upload-Offset, Upload-Length)',
});

/** GET /api/photos/:id/:variant — a staff member's view of a photo (`thumb` or `full`). */
export const photoFileParamsSchema = z.object({
  id: fieldRecordIdSchema,
  variant: z.enum(['thumb', 'medium', 'full']),
});

/** GET /api/signatures/:id — a signature's image. */
export const signatureFileParamsSchema = z.object({ id: fieldRecordIdSchema });

/** GET /api/track/:token/photos/:id/:variant — a customer's copy (no GPS metadata). */
export const trackPhotoParamsSchema = trackParamsSchema.extend({
  id: fieldRecordIdSchema,
  variant: z.enum(['thumb', 'full']),
});

/** One photo as a customer's tracking page lists it: no position, no staff details. */
export const publicJobPhotoSchema = z.object({
  id: fieldRecordIdSchema,
  stage: z.enum(PHOTO_STAGES),
  takenAt: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type PublicJobPhoto = z.infer<typeof publicJobPhotoSchema>;

/** GET /api/track/:token/photos answer. */
export const trackPhotosResponseSchema = z.object({ photos: z.array(publicJobPhotoSchema) });

/** The stored file a hash names (for a device asking whether to send it). */
export const storedFileParamsSchema = z.object({ hash: contentHashSchema });

/** The address of a customer's copy of a photo. */
export function trackPhotoUrl(token: string, photoId: string, variant: 'thumb' | 'full'): string {
  return `/api/track/${encodeURIComponent(token)}/photos/${photoId}/${variant}`;
}

/** The address of a staff member's view of a photo. */
export function staffPhotoUrl(photoId: string, variant: 'thumb' | 'medium' | 'full'): string {
  return `/api/photos/${photoId}/${variant}`;
}

/** GET /api/vehicle-defects/:id/photos/:hash/:variant — a failed item's photo, for staff. */
export const defectPhotoParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  hash: contentHashSchema,
  variant: z.enum(['thumb', 'medium', 'full']),
});

/** The address of a defect's photo, by the defect and the photo's content hash. */
export function defectPhotoUrl(
  defectId: number,
  contentHash: string,
  variant: 'thumb' | 'medium' | 'full',
): string {
  return `/api/vehicle-defects/${defectId}/photos/${contentHash}/${variant}`;
}

/** The address of a signature's image. */
export function signatureUrl(signatureId: string): string {
  return `/api/signatures/${signatureId}`;
}

/** The address of a job's sheet. */
export function jobSheetUrl(jobId: string): string {
  return `/api/jobs/${encodeURIComponent(jobId)}/sheet.pdf`;
}
