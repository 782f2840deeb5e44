/**
 * Staff reads of the field record:
 *
 * - GET /api/photos/:id/:variant — a photo as `thumb` (gallery), `medium` or `full` (as uploaded);
 * - GET /api/signatures/:id — a signature's PNG;
 * - GET /api/vehicle-defects/:id/photos/:hash/:variant — a failed pre-start item's photo,
 *   for staff, by its defect and content hash (the defect must list that photo);
 * - GET /api/jobs/:id/sheet.pdf — the job sheet.
 *
 * A guest gets 401; anyone `mayHandleJobFiles` refuses for the record's job gets 403 (the job
 * sheet, addressed by a job id anyone can count, answers 404 as for no such job). A record
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
  type JobAssignment,
  type VehicleDefect,
} from '@pilbara/shared-schema';
import { getRow } from '../../db/rows';
import { findJob, findPhoto, findSignature, storedFile } from '../../db/repositories/field-record';
import { actorOf, requireStaff, requireUser } from '../../plugins/auth';
import { HttpError, notFound } from '../../http-error';
import { areaDefaults, errorAnswers } from '../../plugins/route-schemas';
import { buildJobSheet } from '../../services/job-sheet';
import type { FileVariant } from '../../services/field-files';

/** Message of a record whose bytes are still on the phone that took them. */
const NOT_UPLOADED = `${FIELD_RECORD_TEXT.notUploadedYet}: the file is still on the phone that recorded it`;

/** 403 unless the caller may handle the files of this job (the one rule, shared-schema). */
function checkJobAccess(request: FastifyRequest, job: JobAssignment): void {
  if (!mayHandleJobFiles(request.user, job)) throw new HttpError(403, MESSAGES.JOB_FILES_FORBIDDEN);
}

/** An image answer: a JPEG copy, or the file as uploaded (JPEG or PNG). */
const IMAGE_ANSWER = {
  content: Object.fromEntries(FIELD_FILE_TYPES.map((type) => [type, { schema: imageFileSchema }])),
};
const PDF_ANSWER = { content: { 'application/pdf': { schema: pdfFileSchema } } };
const PHOTO_NOT_FOUND = 'Photo not found';
const SIGNATURE_NOT_FOUND = 'Signature not found';

const PHOTO_DOC = {
  summary: 'A job photo: thumb, medium (JPEG copies) or full (as uploaded)',
  params: photoFileParamsSchema,
};
const DEFECT_PHOTO_DOC = {
  summary: 'A failed pre-start item’s photo, by its defect and content hash',
  params: defectPhotoParamsSchema,
};
const SIGNATURE_DOC = { summary: 'A signature’s image (PNG)', params: signatureFileParamsSchema };

/**
 * The options of a route that answers one stored image: who may call it, its docs, and the 404
 * (saying `missing`) of an id that cannot exist.
 */
function imageRoute<P>(
  onRequest: (request: FastifyRequest) => Promise<void>,
  doc: { summary: string; params: P },
  missing: string,
) {
  return {
    onRequest,
    schema: { ...doc, response: { 200: IMAGE_ANSWER, ...errorAnswers(404) } },
    config: { paramsNotFound: { message: missing } },
  };
}

/** The stored copy a photo address asks for: `full` is the file as uploaded. */
function storedVariant(variant: 'thumb' | 'medium' | 'full'): FileVariant {
  return variant === 'full' ? 'original' : variant;
}

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

  /** A job's photo or signature: 404 (saying `missing`) without one, 403 if not the caller's job. */
  function jobRecord<T extends { jobId: string }>(
    request: FastifyRequest,
    record: T | undefined,
    missing: string,
  ): T {
    if (!record) throw notFound(missing);
    checkJobAccess(request, findJob(app.db, record.jobId) ?? {});
    return record;
  }

  const photo = imageRoute(requireUser, PHOTO_DOC, PHOTO_NOT_FOUND);
  app.get('/photos/:id/:variant', photo, async (request, reply) => {
    const found = jobRecord(request, findPhoto(app.db, request.params.id), PHOTO_NOT_FOUND);
    return sendStored(reply, found, storedVariant(request.params.variant));
  });

  const defectPhoto = imageRoute(requireStaff, DEFECT_PHOTO_DOC, PHOTO_NOT_FOUND);
  app.get('/vehicle-defects/:id/photos/:hash/:variant', defectPhoto, async (request, reply) => {
    const { id, hash } = request.params;
    const defect = getRow<VehicleDefect>(app.db, 'vehicle_defects', id);
    const found = defect?.photos.find((entry) => entry.contentHash === hash);
    if (!found) throw notFound(PHOTO_NOT_FOUND);
    return sendStored(reply, found, storedVariant(request.params.variant));
  });

  const signature = imageRoute(requireUser, SIGNATURE_DOC, SIGNATURE_NOT_FOUND);
  app.get('/signatures/:id', signature, async (request, reply) => {
    const found = jobRecord(request, findSignature(app.db, request.params.id), SIGNATURE_NOT_FOUND);
    return sendStored(reply, found, 'original');
  });

  const sheetSchema = {
    summary: 'The job sheet as a PDF',
    params: jobIdParamsSchema,
    response: { 200: PDF_ANSWER, ...errorAnswers(404) },
  };
  const jobNotFound = { paramsNotFound: { message: MESSAGES.JOB_NOT_FOUND } };
  const sheet = { onRequest: requireUser, schema: sheetSchema, config: jobNotFound };
  app.get('/jobs/:id/sheet.pdf', sheet, async (request, reply) => {
    const job = findJob(app.db, request.params.id);
    // "No such job" and "not yours" are one answer: the address tells nobody a job exists.
    if (!job || !mayHandleJobFiles(request.user, job)) throw notFound(MESSAGES.JOB_NOT_FOUND);
    const sheet = await buildJobSheet(
      { db: app.db, files: app.fieldFiles, profile: app.profile, now: app.now, pdf: app.pdf },
      job.id,
      'staff',
      actorOf(request),
    );
    if (!sheet) throw notFound(MESSAGES.JOB_NOT_FOUND);
    return reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', `attachment; filename="${sheet.fileName}"`)
      .header('Cache-Control', 'no-store')
      .send(Buffer.from(sheet.pdf));
  });
};
