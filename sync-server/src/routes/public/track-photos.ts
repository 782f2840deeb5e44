/**
 * A customer's view of their own vehicle's photos (issue 19, DESIGN §11), behind their tracking
 * link's token:
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
import type { FastifyPluginAsync } from 'fastify';
import {
  MESSAGES,
  trackParamsSchema,
  trackPhotoParamsSchema,
  type PublicJobPhoto,
} from '@pilbara/shared-schema';
import { customerPhotosOfJob } from '../../db/repositories/field-record';
import { findJobByToken } from '../../db/repositories/public-records';
import { HttpError } from '../../http-error';

function linkNotFound(): HttpError {
  return new HttpError(404, MESSAGES.TRACKING_LINK_NOT_FOUND, {
    token: MESSAGES.TRACKING_LINK_NOT_FOUND,
  });
}

export const trackPhotoRoutes: FastifyPluginAsync = async (app) => {
  const rateLimit = app.limits.lookup;

  app.get('/track/:token/photos', { config: { rateLimit } }, async (request, reply) => {
    const params = trackParamsSchema.safeParse(request.params);
    const job = params.success ? findJobByToken(app.db, params.data.token) : undefined;
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

  app.get(
    '/track/:token/photos/:id/:variant',
    { config: { rateLimit } },
    async (request, reply) => {
      const params = trackPhotoParamsSchema.safeParse(request.params);
      const job = params.success ? findJobByToken(app.db, params.data.token) : undefined;
      const photo =
        params.success && job
          ? customerPhotosOfJob(app.db, job.id).find((candidate) => candidate.id === params.data.id)
          : undefined;
      if (!params.success || !photo) throw new HttpError(404, 'Photo not found');
      const path = await app.fieldFiles.derived(
        photo.contentHash,
        photo.mimeType,
        params.data.variant === 'thumb' ? 'thumb' : 'medium',
      );
      if (!path) throw new HttpError(404, 'Photo not found');
      return reply
        .type('image/jpeg')
        .header('Cache-Control', 'private, max-age=3600')
        .send(fs.createReadStream(path));
    },
  );
};
