/**
 * Staff reads of the field record (issue 19):
 *
 * - GET /api/photos/:id/:variant — a photo as `thumb` (gallery), `medium` or `full` (as uploaded);
 * - GET /api/signatures/:id — a signature's PNG;
 * - GET /api/vehicle-defects/:id/photos/:hash/:variant — a failed pre-start item's photo (issue 21),
 *   for staff, by its defect and content hash (the defect must list that photo);
 * - GET /api/jobs/:id/sheet.pdf — the job sheet.
 *
 * A guest gets 401; anyone `mayHandleJobFiles` refuses for the record's job gets 403. A record
 * whose file has not reached the server yet answers 404 saying so. Addresses name a record by its
 * random UUID, never by a counter, and are refused without the right whatever the id.
 */
import fs from 'node:fs';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  FIELD_RECORD_TEXT,
  MESSAGES,
  defectPhotoParamsSchema,
  jobIdParamsSchema,
  mayHandleJobFiles,
  photoFileParamsSchema,
  signatureFileParamsSchema,
  type FieldFileType,
  type VehicleDefect,
} from '@pilbara/shared-schema';
import { getRow } from '../../db/rows';
import { findJob, findPhoto, findSignature, storedFile } from '../../db/repositories/field-record';
import { requireStaff, requireUser } from '../../plugins/auth';
import { HttpError, notFound } from '../../http-error';
import { buildJobSheet } from '../../services/job-sheet';
import type { FileVariant } from '../../services/field-files';

/** Message of a record whose bytes are still on the phone that took them. */
export const NOT_UPLOADED = `${FIELD_RECORD_TEXT.notUploadedYet}: the file is still on the phone that recorded it`;

/** 403 unless the caller may handle the files of this job (the one rule, shared-schema). */
function checkJobAccess(request: FastifyRequest, job: { assignedTo?: string | null }): void {
  if (!mayHandleJobFiles(request.user, job)) throw new HttpError(403, MESSAGES.JOB_FILES_FORBIDDEN);
}

export const fieldFileRoutes: FastifyPluginAsync = async (app) => {
  /** Streams a stored file (or 404 when it has not arrived). */
  async function sendStored(
    reply: FastifyReply,
    file: { contentHash: string; mimeType: FieldFileType },
    variant: FileVariant,
  ) {
    if (!storedFile(app.db, file.contentHash)) throw notFound(NOT_UPLOADED);
    const path = await app.fieldFiles.derived(file.contentHash, file.mimeType, variant);
    if (!path) throw notFound(NOT_UPLOADED);
    const type = variant === 'original' ? file.mimeType : 'image/jpeg';
    return reply
      .type(type)
      .header('Cache-Control', 'private, max-age=86400')
      .header('ETag', `"${file.contentHash}-${variant}"`)
      .send(fs.createReadStream(path));
  }

  app.get('/photos/:id/:variant', { onRequest: requireUser }, async (request, reply) => {
    const params = photoFileParamsSchema.safeParse(request.params);
    const photo = params.success ? findPhoto(app.db, params.data.id) : undefined;
    if (!params.success || !photo) throw notFound('Photo not found');
    checkJobAccess(request, findJob(app.db, photo.jobId) ?? {});
    const variant = params.data.variant === 'full' ? 'original' : params.data.variant;
    return sendStored(reply, photo, variant);
  });

  app.get(
    '/vehicle-defects/:id/photos/:hash/:variant',
    { onRequest: requireStaff },
    async (request, reply) => {
      const params = defectPhotoParamsSchema.safeParse(request.params);
      const defect = params.success
        ? getRow<VehicleDefect>(app.db, 'vehicle_defects', params.data.id)
        : undefined;
      const photo = defect?.photos.find((entry) => entry.contentHash === params.data?.hash);
      if (!params.success || !photo) throw notFound('Photo not found');
      const variant = params.data.variant === 'full' ? 'original' : params.data.variant;
      return sendStored(reply, photo, variant);
    },
  );

  app.get('/signatures/:id', { onRequest: requireUser }, async (request, reply) => {
    const params = signatureFileParamsSchema.safeParse(request.params);
    const signature = params.success ? findSignature(app.db, params.data.id) : undefined;
    if (!params.success || !signature) throw notFound('Signature not found');
    checkJobAccess(request, findJob(app.db, signature.jobId) ?? {});
    return sendStored(reply, signature, 'original');
  });

  app.get('/jobs/:id/sheet.pdf', { onRequest: requireUser }, async (request, reply) => {
    const params = jobIdParamsSchema.safeParse(request.params);
    const job = params.success ? findJob(app.db, params.data.id) : undefined;
    if (!params.success || !job) throw notFound(MESSAGES.JOB_NOT_FOUND);
    checkJobAccess(request, job);
    const sheet = await buildJobSheet(
      { db: app.db, files: app.fieldFiles, profile: app.profile, now: app.now, pdf: app.pdf },
      job.id,
    );
    if (!sheet) throw notFound(MESSAGES.JOB_NOT_FOUND);
    return reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', `attachment; filename="${sheet.fileName}"`)
      .header('Cache-Control', 'no-store')
      .send(Buffer.from(sheet.pdf));
  });
};
