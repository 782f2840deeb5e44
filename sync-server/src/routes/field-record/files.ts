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
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FIELD_FILE_TYPES,
  FIELD_RECORD_TEXT,
  MESSAGES,
  defectPhotoParamsSchema,
  imageFileSchema,
  pdfFileSchema,
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
import { areaDefaults, errorAnswers } from '../../plugins/route-schemas';
import { buildJobSheet } from '../../services/job-sheet';
import type { FileVariant } from '../../services/field-files';

/** Message of a record whose bytes are still on the phone that took them. */
const NOT_UPLOADED = `${FIELD_RECORD_TEXT.notUploadedYet}: the file is still on the phone that recorded it`;

/** 403 unless the caller may handle the files of this job (the one rule, shared-schema). */
function checkJobAccess(request: FastifyRequest, job: { assignedTo?: string | null }): void {
  if (!mayHandleJobFiles(request.user, job)) throw new HttpError(403, MESSAGES.JOB_FILES_FORBIDDEN);
}

/** An image answer: a JPEG copy, or the file as uploaded (JPEG or PNG). */
const IMAGE_ANSWER = {
  content: Object.fromEntries(FIELD_FILE_TYPES.map((type) => [type, { schema: imageFileSchema }])),
};
const PDF_ANSWER = { content: { 'application/pdf': { schema: pdfFileSchema } } };
const FILE_ANSWERS = { 200: IMAGE_ANSWER, ...errorAnswers(404) };
const PHOTO_NOT_FOUND = { paramsNotFound: { message: 'Photo not found' } };

export const fieldFileRoutes: FastifyPluginAsyncZod = async (app) => {
  // Staff calls (admins, and drivers for their jobs): the session, 401 and 403 in the docs.
  app.addHook('onRoute', areaDefaults({ tag: 'staff', admin: true }));

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

  const photoSchema = {
    summary: 'A job photo: thumb, medium (JPEG copies) or full (as uploaded)',
    params: photoFileParamsSchema,
    response: FILE_ANSWERS,
  };
  app.get(
    '/photos/:id/:variant',
    { onRequest: requireUser, schema: photoSchema, config: PHOTO_NOT_FOUND },
    async (request, reply) => {
      const photo = findPhoto(app.db, request.params.id);
      if (!photo) throw notFound('Photo not found');
      checkJobAccess(request, findJob(app.db, photo.jobId) ?? {});
      const variant = request.params.variant === 'full' ? 'original' : request.params.variant;
      return sendStored(reply, photo, variant);
    },
  );

  const defectPhotoSchema = {
    summary: 'A failed pre-start item’s photo, by its defect and content hash',
    params: defectPhotoParamsSchema,
    response: FILE_ANSWERS,
  };
  app.get(
    '/vehicle-defects/:id/photos/:hash/:variant',
    { onRequest: requireStaff, schema: defectPhotoSchema, config: PHOTO_NOT_FOUND },
    async (request, reply) => {
      const { id, hash } = request.params;
      const defect = getRow<VehicleDefect>(app.db, 'vehicle_defects', id);
      const photo = defect?.photos.find((entry) => entry.contentHash === hash);
      if (!photo) throw notFound('Photo not found');
      const variant = request.params.variant === 'full' ? 'original' : request.params.variant;
      return sendStored(reply, photo, variant);
    },
  );

  const signatureSchema = {
    summary: 'A signature’s image (PNG)',
    params: signatureFileParamsSchema,
    response: FILE_ANSWERS,
  };
  const signatureNotFound = { paramsNotFound: { message: 'Signature not found' } };
  app.get(
    '/signatures/:id',
    { onRequest: requireUser, schema: signatureSchema, config: signatureNotFound },
    async (request, reply) => {
      const signature = findSignature(app.db, request.params.id);
      if (!signature) throw notFound('Signature not found');
      checkJobAccess(request, findJob(app.db, signature.jobId) ?? {});
      return sendStored(reply, signature, 'original');
    },
  );

  const sheetSchema = {
    summary: 'The job sheet as a PDF',
    params: jobIdParamsSchema,
    response: { 200: PDF_ANSWER, ...errorAnswers(404) },
  };
  const jobNotFound = { paramsNotFound: { message: MESSAGES.JOB_NOT_FOUND } };
  const sheet = { onRequest: requireUser, schema: sheetSchema, config: jobNotFound };
  app.get('/jobs/:id/sheet.pdf', sheet, async (request, reply) => {
    const job = findJob(app.db, request.params.id);
    if (!job) throw notFound(MESSAGES.JOB_NOT_FOUND);
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
