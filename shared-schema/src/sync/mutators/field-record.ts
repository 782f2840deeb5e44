/**
 * Field record mutators: `photo.add` and `signature.add` record a capture made on a
 * phone — offline as often as not — with the content hash, size and pixel size of its file. The
 * bytes travel separately, resumably, and only to a server that already holds this record; the
 * server names the file by its hash and checks the bytes against it (docs/security.md).
 */
import { z } from 'zod';
import {
  FIELD_FILE_LIMITS,
  PHOTO_STAGES,
  SIGNED_DOCUMENTS,
  SIGNATURE_DOCUMENT_TEXT,
} from '../../constants/field-record';
import { CRASH_PHOTO_SUBJECTS } from '../../constants/wa-towing';
import {
  fieldRecordIdSchema,
  fileFieldsSchema,
  positionFieldsSchema,
  type JobPhoto,
  type JobSignature,
} from '../../entities/field-record';
import { isoDateTimeSchema } from '../../entities/common';
import { MESSAGES } from '../../messages';
import { maxFileBytes } from '../../rules/field-record';
import { defineMutator, put, readMany, readOne, reject, succeed } from '../mutator';
import type { Row } from '../mutator';
import { textIdSchema } from './common';
import type { Job } from './deps';

/** A position with all three numbers, or none of them and the reason. */
function positionIsWhole(args: z.infer<typeof positionFieldsSchema>): boolean {
  const numbers = [args.latitude, args.longitude, args.accuracy];
  const given = numbers.filter((value) => value !== null).length;
  return given === 3 ? args.positionNote === null : given === 0 && args.positionNote !== null;
}

const POSITION_MESSAGE =
  'Give latitude, longitude and accuracy together, or none of them with the reason';

const photoArgsSchema = z
  .object({
    id: fieldRecordIdSchema,
    jobId: textIdSchema('JOB'),
    stage: z.enum(PHOTO_STAGES),
    /** A crash tow's guided photo: which side, or the personal property (optional). */
    subject: z.enum(CRASH_PHOTO_SUBJECTS).nullable().optional(),
    takenAt: isoDateTimeSchema,
  })
  .extend(positionFieldsSchema.shape)
  .extend(fileFieldsSchema.shape)
  .refine(positionIsWhole, { error: POSITION_MESSAGE, path: ['positionNote'] })
  .refine((args) => args.mimeType === 'image/jpeg', {
    error: 'A photo is stored as a JPEG',
    path: ['mimeType'],
  })
  .refine((args) => args.size <= maxFileBytes('photo'), {
    error: `A photo may be at most ${FIELD_FILE_LIMITS.maxPhotoBytes} bytes`,
    path: ['size'],
  });

const signatureArgsSchema = z
  .object({
    id: fieldRecordIdSchema,
    jobId: textIdSchema('JOB'),
    document: z.enum(SIGNED_DOCUMENTS),
    signerName: z
      .string()
      .trim()
      .min(1, { error: 'Enter the signer’s printed name' })
      .max(FIELD_FILE_LIMITS.maxSignerName),
    signedAt: isoDateTimeSchema,
  })
  .extend(positionFieldsSchema.shape)
  .extend(fileFieldsSchema.shape)
  .refine(positionIsWhole, { error: POSITION_MESSAGE, path: ['positionNote'] })
  .refine((args) => args.mimeType === 'image/png', {
    error: 'A signature is stored as a PNG',
    path: ['mimeType'],
  })
  .refine((args) => args.size <= maxFileBytes('signature'), {
    error: `A signature may be at most ${FIELD_FILE_LIMITS.maxSignatureBytes} bytes`,
    path: ['size'],
  });

const JOB_KEY = 'job';
const RECORD_KEY = 'record';

/** `photo.add`: a condition photo of a job, by stage, with its stamp and file. */
export const photoAdd = defineMutator({
  name: 'photo.add',
  argsSchema: photoArgsSchema,
  reads: (args) => [
    { key: JOB_KEY, entity: 'jobs', id: args.jobId },
    { key: RECORD_KEY, entity: 'job_photos', id: args.id },
  ],
  apply(ctx, args) {
    if (!readOne<Job>(ctx, JOB_KEY)) return reject('not_found', MESSAGES.JOB_NOT_FOUND, 'jobId');
    if (readOne(ctx, RECORD_KEY))
      return reject('conflict', `Photo ${args.id} already exists`, 'id');
    const photo: JobPhoto = {
      ...args,
      subject: args.subject ?? null,
      recordedBy: typeof ctx.userId === 'number' ? ctx.userId : null,
      createdAt: ctx.now,
    };
    return succeed([put('job_photos', photo as Row)], { photo });
  },
});

/**
 * `signature.add`: the signer's signature on the job's Authority to tow or Vehicle release, with
 * their printed name. Each document is signed once per job: what was signed is a record, never
 * replaced.
 */
export const signatureAdd = defineMutator({
  name: 'signature.add',
  argsSchema: signatureArgsSchema,
  reads: (args) => [
    { key: JOB_KEY, entity: 'jobs', id: args.jobId },
    { key: RECORD_KEY, entity: 'job_signatures', id: args.id },
    {
      key: 'sameDocument',
      entity: 'job_signatures',
      where: { jobId: args.jobId, document: args.document },
    },
  ],
  apply(ctx, args) {
    if (!readOne<Job>(ctx, JOB_KEY)) return reject('not_found', MESSAGES.JOB_NOT_FOUND, 'jobId');
    if (readOne(ctx, RECORD_KEY))
      return reject('conflict', `Signature ${args.id} already exists`, 'id');
    if (readMany(ctx, 'sameDocument').length > 0) {
      return reject(
        'conflict',
        `${SIGNATURE_DOCUMENT_TEXT[args.document].title} is already signed for job ${args.jobId}`,
        'document',
      );
    }
    const signature: JobSignature = {
      ...args,
      recordedBy: typeof ctx.userId === 'number' ? ctx.userId : null,
      createdAt: ctx.now,
    };
    return succeed([put('job_signatures', signature as Row)], { signature });
  },
});
