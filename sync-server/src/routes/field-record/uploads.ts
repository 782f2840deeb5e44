/**
 * Resumable uploads of the field record's files, by the tus protocol: `@tus/server`
 * with `@tus/file-store` mounted on Fastify at /api/uploads. A phone creates an upload for one
 * photo or signature (POST, with the record's id, job, kind, type and content hash as
 * Upload-Metadata), then sends the bytes in PATCHes; after a dropped connection it asks how far
 * the server got (HEAD) and sends only the rest. Partial bytes wait in DATA_DIR/uploads.
 *
 * A failed pre-start item's photo travels the same way with kind `defect-photo` and
 * the defect's id as its record: the defect, synced first, lists the photo's hash, size and type.
 * The photo is the same file in the check and in its defect, so it is sent once.
 *
 * Checks, each a clear 4xx that stores nothing:
 * - a guest is refused before tus sees the request (401); the upload's job must exist (404), the
 *   caller must be allowed to handle its files (`mayHandleJobFiles`, 403), and the record must
 *   already be synced with the same hash and size (404/400), so the server knows what to expect;
 * - the type must be a JPEG photo or PNG signature (415) and the length within the documented
 *   limit for the kind (413) — declared up front, so nothing oversize is ever received;
 * - when the last byte arrives the bytes must hash to the record's hash (400) and decode as an
 *   image of that type (415); only then is the file stored under its hash and recorded in
 *   `stored_files`, and the partial upload removed. Only the user who created an upload may
 *   continue it.
 *
 * Fastify does not read these bodies: a pass-through parser for tus's content type leaves the
 * raw request stream to tus, and the route hijacks the reply.
 */
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { Server, type ServerOptions } from '@tus/server';
import { FileStore } from '@tus/file-store';
import {
  FIELD_FILE_LIMITS,
  MESSAGES,
  UPLOAD_ENDPOINT,
  UPLOAD_METHODS,
  isFieldFileType,
  issuesToFields,
  tusAnswerSchema,
  uploadBodySchema,
  uploadIdParamsSchema,
  maxFileBytes,
  mayHandleFleetFiles,
  mayHandleJobFiles,
  uploadMetadataSchema,
  type DefectPhoto,
  type FieldFileType,
  type UploadMetadata,
  type VehicleDefect,
  type YardVehicle,
} from '@pilbara/shared-schema';
import { getRow } from '../../db/rows';
import { errorAnswers } from '../../plugins/route-schemas';
import { findFieldRecord, findJob, recordStoredFile } from '../../db/repositories/field-record';
import {
  findFinishedUpload,
  forgetFinishedUploads,
  recordFinishedUpload,
} from '../../db/repositories/finished-uploads';
import type { PublicUser } from '../../db/repositories/users';
import { requireUser } from '../../plugins/auth';
import { notifyChanges } from '../../db/change-log';
import { FileRejected } from '../../services/field-files';

/** A FileStore for a directory that already exists: its constructor's own mkdir is skipped. */
class PreparedDirFileStore extends FileStore {}
// checkOrCreateDirectory is private in the typings; the constructor calls it through `this`.
(
  PreparedDirFileStore.prototype as unknown as { checkOrCreateDirectory: () => void }
).checkOrCreateDirectory = () => {};

/** How long a partial upload is kept for its phone to come back (two weeks out of coverage). */
const UPLOAD_EXPIRY_MS = 14 * 24 * 60 * 60 * 1000;

/** The tus content type of PATCH bodies. */
const TUS_BODY = 'application/offset+octet-stream';

/** Messages of refused uploads. */
const UPLOAD_MESSAGES = {
  badMetadata: 'The upload does not say which photo or signature it is for',
  notImageType: 'Only JPEG photos and PNG signatures can be uploaded',
  noRecord: 'This job has no photo or signature with that id yet: sync the record first',
  noDefect: 'There is no defect with that id yet: sync the pre-start check first',
  noRelease: 'That yard vehicle has no release with this signature yet: sync the release first',
  sizeMismatch: 'The upload is not the size recorded for this file',
  hashMismatch: 'The upload is not the file recorded (its hash differs)',
  tooBig: (kind: string, limit: number) =>
    `A ${kind} may be at most ${Math.round(limit / (1024 * 1024))} MB`,
  notYours: 'This upload was started by someone else',
} as const;

/** A refusal as tus sends it: the status and the API's `{error, fields}` body. */
function refusal(status: number, message: string, fields?: Record<string, string>) {
  return {
    status_code: status,
    body: JSON.stringify(fields ? { error: message, fields } : { error: message }),
  };
}

type TusRequest = Parameters<NonNullable<ServerOptions['onUploadCreate']>>[0];

/** A refusal before tus stores anything: the status, the message and the fields it is about. */
interface Refused {
  status: number;
  message: string;
  fields?: Record<string, string>;
}

/** The file an upload's record says to expect, from the record synced first. */
type ExpectedFile = Pick<DefectPhoto, 'contentHash' | 'size' | 'mimeType'>;

export const uploadRoutes: FastifyPluginAsync = async (app) => {
  /**
   * What the upload's record expects (hash, size, type), or why the caller may not send it: a job's
   * photo or signature for whoever may handle that job's files, a defect's photo for staff.
   */
  function expectedFile(
    user: PublicUser | undefined,
    meta: UploadMetadata,
  ): ExpectedFile | Refused {
    if (meta.kind === 'defect-photo') {
      if (!mayHandleFleetFiles(user)) return { status: 403, message: MESSAGES.STAFF_REQUIRED };
      const defect = getRow<VehicleDefect>(app.db, 'vehicle_defects', Number(meta.recordId));
      if (!defect)
        return {
          status: 404,
          message: UPLOAD_MESSAGES.noDefect,
          fields: { recordId: UPLOAD_MESSAGES.noDefect },
        };
      const photo = defect.photos.find((candidate) => candidate.contentHash === meta.sha256);
      return (
        photo ?? {
          status: 400,
          message: UPLOAD_MESSAGES.hashMismatch,
          fields: { sha256: UPLOAD_MESSAGES.hashMismatch },
        }
      );
    }
    if (meta.kind === 'yard-signature') {
      // The yard is the owners': only an admin records a release and sends its signature.
      if (user?.role !== 'admin') return { status: 403, message: MESSAGES.ADMIN_REQUIRED };
      const vehicle = getRow<YardVehicle>(app.db, 'yard_vehicles', Number(meta.recordId));
      const release = vehicle?.release;
      if (!release)
        return {
          status: 404,
          message: UPLOAD_MESSAGES.noRelease,
          fields: { recordId: UPLOAD_MESSAGES.noRelease },
        };
      return release;
    }
    const job = findJob(app.db, meta.jobId);
    if (!job)
      return {
        status: 404,
        message: MESSAGES.JOB_NOT_FOUND,
        fields: { jobId: MESSAGES.JOB_NOT_FOUND },
      };
    if (!mayHandleJobFiles(user, job))
      return { status: 403, message: MESSAGES.JOB_FILES_FORBIDDEN };
    const found = findFieldRecord(app.db, meta.kind, meta.recordId);
    if (!found || found.record.jobId !== job.id)
      return {
        status: 404,
        message: UPLOAD_MESSAGES.noRecord,
        fields: { recordId: UPLOAD_MESSAGES.noRecord },
      };
    return found.record;
  }

  /** Who sent each request tus is handling (set by the route before it hands the request over). */
  const callers = new WeakMap<IncomingMessage, PublicUser>();
  const callerOf = (req: TusRequest): PublicUser | undefined => {
    const raw = req.runtime?.node?.req;
    return raw ? callers.get(raw as IncomingMessage) : undefined;
  };

  // Made on the first upload request, not at start. FileStore's constructor also starts an
  // unawaited mkdir of its directory whose callback throws on failure; FieldFiles has already made
  // the directory, so PreparedDirFileStore skips it (a server closed right after its first upload,
  // its data folder deleted, would otherwise crash the process from that callback).
  let made: { tus: Server; datastore: FileStore } | null = null;
  const tusServer = () => {
    made ??= makeTus();
    return made;
  };

  const makeTus = () => {
    const datastore = new PreparedDirFileStore({
      directory: app.fieldFiles.uploads,
      expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS,
    });

    const tus = new Server({
      path: UPLOAD_ENDPOINT,
      datastore,
      relativeLocation: true,
      respectForwardedHeaders: false,
      maxSize: FIELD_FILE_LIMITS.maxPhotoBytes,
      disableTerminationForFinishedUploads: true,

      async onUploadCreate(req, upload) {
        const user = callerOf(req);
        const parsed = uploadMetadataSchema.safeParse(upload.metadata ?? {});
        if (!parsed.success) {
          throw refusal(400, UPLOAD_MESSAGES.badMetadata, issuesToFields(parsed.error.issues));
        }
        const meta = parsed.data;
        if (!isFieldFileType(meta.filetype)) {
          throw refusal(415, UPLOAD_MESSAGES.notImageType, {
            filetype: UPLOAD_MESSAGES.notImageType,
          });
        }
        const limit = maxFileBytes(meta.kind);
        if (upload.size === undefined || upload.size > limit) {
          const message = UPLOAD_MESSAGES.tooBig(meta.kind, limit);
          throw refusal(413, message, { 'upload-length': message });
        }
        const found = expectedFile(user, meta);
        if ('status' in found) throw refusal(found.status, found.message, found.fields);
        if (found.contentHash !== meta.sha256) {
          throw refusal(400, UPLOAD_MESSAGES.hashMismatch, {
            sha256: UPLOAD_MESSAGES.hashMismatch,
          });
        }
        if (found.mimeType !== meta.filetype) {
          throw refusal(415, UPLOAD_MESSAGES.notImageType, {
            filetype: UPLOAD_MESSAGES.notImageType,
          });
        }
        if (found.size !== upload.size) {
          throw refusal(400, UPLOAD_MESSAGES.sizeMismatch, {
            'upload-length': UPLOAD_MESSAGES.sizeMismatch,
          });
        }
        return { metadata: { ...upload.metadata, uploaderId: String(user?.id ?? '') } };
      },

      async onIncomingRequest(req, uploadId) {
        // Continuing, asking about or cancelling an upload: only its creator may.
        const user = callerOf(req);
        let uploaderId: string | null | undefined;
        try {
          uploaderId = (await datastore.getUpload(uploadId)).metadata?.uploaderId;
        } catch {
          return; // tus answers 404/410 for an upload that is not there
        }
        if (!user || uploaderId !== String(user.id)) {
          throw refusal(403, UPLOAD_MESSAGES.notYours);
        }
      },

      async onUploadFinish(_req, upload) {
        const meta = uploadMetadataSchema.parse(upload.metadata ?? {});
        const source = upload.storage?.path ?? path.join(app.fieldFiles.uploads, upload.id);
        const now = app.now().toISOString();
        try {
          const stored = await app.fieldFiles.store(
            source,
            { hash: meta.sha256, mimeType: meta.filetype as FieldFileType },
            now,
          );
          const uploader = Number(upload.metadata?.uploaderId);
          const by = Number.isSafeInteger(uploader) && uploader > 0 ? uploader : undefined;
          if (recordStoredFile(app.db, stored, now, by)) notifyChanges(app.db);
          // Remembered, so a phone that lost this answer is told it is done (tus HEAD below).
          recordFinishedUpload(app.db, {
            id: upload.id,
            uploaderId: String(upload.metadata?.uploaderId ?? ''),
            size: upload.size ?? upload.offset,
            finishedAt: now,
          });
          return {};
        } catch (error) {
          if (error instanceof FileRejected) {
            throw refusal(error.statusCode, error.message, { [error.field]: error.message });
          }
          throw error;
        } finally {
          // Stored under its hash, or refused: either way the partial upload is done with.
          await datastore.remove(upload.id).catch(() => undefined);
        }
      },
    });

    return { tus, datastore };
  };

  // Hourly, partial uploads abandoned for longer than the expiry are deleted, and finished ones
  // forgotten as long after.
  const sweep = setInterval(
    () => {
      forgetFinishedUploads(app.db, new Date(app.now().getTime() - UPLOAD_EXPIRY_MS).toISOString());
      tusServer()
        .tus.cleanUpExpiredUploads()
        .catch((error: unknown) => app.log.warn({ err: error }, 'expired upload clean-up failed'));
    },
    60 * 60 * 1000,
  );
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  app.addContentTypeParser(TUS_BODY, (_request, _payload, done) => done(null, undefined));

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    // "How far did you get?" about an upload already finished (its answer was lost with the
    // signal): all of it. Asked of tus, the upload is gone (stored under its hash) and "not
    // found" would make the phone send the whole file again.
    const id = (request.params as { id?: string }).id;
    const finished = request.method === 'HEAD' && id ? findFinishedUpload(app.db, id) : undefined;
    if (finished) {
      if (finished.uploaderId !== String(request.user?.id ?? ''))
        return reply.code(403).send({ error: UPLOAD_MESSAGES.notYours });
      return reply
        .code(200)
        .header('Tus-Resumable', '1.0.0')
        .header('Upload-Offset', String(finished.size))
        .header('Upload-Length', String(finished.size))
        .header('Cache-Control', 'no-store')
        .send();
    }
    if (request.user) callers.set(request.raw, request.user);
    reply.hijack();
    await tusServer().tus.handle(request.raw, reply.raw);
  };
  // The description: tus's methods, those that carry bytes (POST, PATCH) with a body, on the
  // endpoint and on one upload's address.
  const answers = {
    200: tusAnswerSchema,
    201: tusAnswerSchema,
    204: tusAnswerSchema,
    ...errorAnswers(400, 403, 404, 409, 413, 415),
  };
  const summary = 'Resumable upload of a field record file (tus 1.0.0)';
  const sending: readonly string[] = ['POST', 'PATCH'];
  for (const url of [UPLOAD_ENDPOINT, `${UPLOAD_ENDPOINT}/:id`]) {
    const params = url.endsWith(':id') ? { params: uploadIdParamsSchema } : {};
    const route = { url, onRequest: requireUser, handler: handle };
    const withBody = UPLOAD_METHODS.filter((method) => sending.includes(method));
    const withoutBody = UPLOAD_METHODS.filter((method) => !sending.includes(method));
    const body = { body: uploadBodySchema };
    app.route({
      ...route,
      method: withBody,
      schema: { summary, ...params, ...body, response: answers },
    });
    app.route({ ...route, method: withoutBody, schema: { summary, ...params, response: answers } });
  }
};
