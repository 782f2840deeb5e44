/**
 * A customer's view of their own vehicle's photos (docs/security.md), behind their
 * tracking link's token:
 *
 * - GET /api/track/:token/photos — the job's pickup and drop-off photos that reached the server
 *   (stage and time only: no position, nothing staff-only);
 * - GET /api/track/:token/photos/:id/thumb|full — the server's copies of one of them, re-encoded
 *   without any metadata, so no GPS position leaves in the file.
 *
 * A damage or other photo, another job's photo, an unknown token or id: all the same 404, so
 * the answer tells nobody what exists.
 */
import fs from 'node:fs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MESSAGES,
  imageFileSchema,
  trackParamsSchema,
  trackPhotoParamsSchema,
  trackPhotosResponseSchema,
  type PublicJobPhoto,
} from '@pilbara/shared-schema';
import { customerPhotosOfJob } from '../../db/repositories/field-record';
import { findJobByToken } from '../../db/repositories/public-records';
import { HttpError } from '../../http-error';
import { errorAnswers } from '../../plugins/route-schemas';

const LINK_NOT_FOUND = {
  message: MESSAGES.TRACKING_LINK_NOT_FOUND,
  field: 'token',
} as const;

function linkNotFound(): HttpError {
  return new HttpError(404, LINK_NOT_FOUND.message, { token: LINK_NOT_FOUND.message });
}

const photosSchema = {
  summary: 'The pickup and drop-off photos of the tracking link’s job',
  params: trackParamsSchema,
  response: { 200: trackPhotosResponseSchema, ...errorAnswers(404, 429) },
};

const photoSchema = {
  summary: 'A copy of one of those photos, without any metadata (JPEG)',
  params: trackPhotoParamsSchema,
  response: {
    200: { content: { 'image/jpeg': { schema: imageFileSchema } } },
    ...errorAnswers(404, 429),
  },
};

export const trackPhotoRoutes: FastifyPluginAsyncZod = async (app) => {
  const rateLimit = app.limits.lookup;

  const photos = {
    schema: photosSchema,
    config: { rateLimit, paramsNotFound: LINK_NOT_FOUND },
  };
  app.get('/track/:token/photos', photos, async (request, reply) => {
    const job = findJobByToken(app.db, request.params.token);
    if (!job) throw linkNotFound();
    const photos: PublicJobPhoto[] = customerPhotosOfJob(app.db, job.id).map((photo) => ({
      id: photo.id,
      stage: photo.stage,
      takenAt: photo.takenAt,
      width: photo.width,
      height: photo.height,
    }));
    reply.header('Cache-Control', 'no-store');
    return { photos };
  });

  const photo = {
    schema: photoSchema,
    config: { rateLimit, paramsNotFound: { message: 'Photo not found' } },
  };
  app.get('/track/:token/photos/:id/:variant', photo, async (request, reply) => {
    const { token, id, variant } = request.params;
    const job = findJobByToken(app.db, token);
    const found = job
      ? customerPhotosOfJob(app.db, job.id).find((candidate) => candidate.id === id)
      : undefined;
    if (!found) throw new HttpError(404, 'Photo not found');
    const path = await app.fieldFiles.derived(
      found.contentHash,
      found.mimeType,
      variant === 'thumb' ? 'thumb' : 'medium',
    );
    if (!path) throw new HttpError(404, 'Photo not found');
    return reply
      .type('image/jpeg')
      .header('Cache-Control', 'private, max-age=3600')
      .send(fs.createReadStream(path));
  });
};
