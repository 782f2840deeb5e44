import { z } from 'zod';
import {
  FIELD_FILE_LIMITS,
  FIELD_FILE_TYPES,
  PHOTO_STAGES,
  POSITION_NOTES,
  SIGNED_DOCUMENTS,
} from '../constants/field-record';
import { CRASH_PHOTO_SUBJECTS } from '../constants/wa-towing';
import { isoDateTimeSchema, jobIdSchema } from './common';

/** A SHA-256 digest in lowercase hex: how a stored file is named and checked. */
export const contentHashSchema = z
  .string()
  .regex(/^[0-9a-f]{64}$/, { error: 'Expected a SHA-256 hash in lowercase hex' });

/** A device-minted record id (a UUID), final from the moment it is made offline. */
export const fieldRecordIdSchema = z
  .string()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, {
    error: 'Expected a UUID',
  });

/**
 * Where a capture was made: latitude, longitude and accuracy (metres) when the phone gave a
 * position, else all three null and `positionNote` saying why.
 */
export const positionFieldsSchema = z.object({
  latitude: z.number().min(-90).max(90).nullable(),
  longitude: z.number().min(-180).max(180).nullable(),
  /** Radius of 68 % confidence in metres, as the Geolocation API reports it. */
  accuracy: z.number().min(0).max(1_000_000).nullable(),
  positionNote: z.enum(POSITION_NOTES).nullable(),
});
export type PositionFields = z.infer<typeof positionFieldsSchema>;

/** The file a record refers to: its content hash, bytes, pixel size and type. */
export const fileFieldsSchema = z.object({
  contentHash: contentHashSchema,
  size: z.number().int().positive(),
  width: z.number().int().min(1).max(FIELD_FILE_LIMITS.maxDimension),
  height: z.number().int().min(1).max(FIELD_FILE_LIMITS.maxDimension),
  mimeType: z.enum(FIELD_FILE_TYPES),
});

/** Table `job_photos`: one condition photo of a job. The bytes live in a file named by hash. */
export const jobPhotoSchema = z
  .object({
    id: fieldRecordIdSchema,
    jobId: jobIdSchema,
    stage: z.enum(PHOTO_STAGES),
    /**
     * What a crash tow's guided photo shows (a side of the vehicle, or the personal property
     * found in it); null or absent for an ordinary field record photo.
     */
    subject: z.enum(CRASH_PHOTO_SUBJECTS).nullable().optional(),
    /** The phone's clock when the photo was taken (a stamp, not an ordering). */
    takenAt: isoDateTimeSchema,
    /** The staff member who recorded it. */
    recordedBy: z.number().int().nullable(),
    createdAt: isoDateTimeSchema,
  })
  .extend(positionFieldsSchema.shape)
  .extend(fileFieldsSchema.shape);
export type JobPhoto = z.infer<typeof jobPhotoSchema>;

/** Table `job_signatures`: a signature on one of the job's documents, as a PNG file. */
export const jobSignatureSchema = z
  .object({
    id: fieldRecordIdSchema,
    jobId: jobIdSchema,
    document: z.enum(SIGNED_DOCUMENTS),
    signerName: z.string().min(1).max(FIELD_FILE_LIMITS.maxSignerName),
    /** The phone's clock when the signer signed. */
    signedAt: isoDateTimeSchema,
    recordedBy: z.number().int().nullable(),
    createdAt: isoDateTimeSchema,
  })
  .extend(positionFieldsSchema.shape)
  .extend(fileFieldsSchema.shape);
export type JobSignature = z.infer<typeof jobSignatureSchema>;

/**
 * Table `stored_files`: the files the server holds, by content hash. The server writes a row
 * once it has checked an upload's bytes against their hash; a device drops its full-size copy
 * only when the row for that hash reaches it (docs/security.md).
 */
export const storedFileSchema = z.object({
  id: contentHashSchema,
  size: z.number().int().positive(),
  mimeType: z.enum(FIELD_FILE_TYPES),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  createdAt: isoDateTimeSchema,
});
export type StoredFile = z.infer<typeof storedFileSchema>;
