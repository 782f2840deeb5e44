/**
 * The job's field record: resumable uploads, staff reads of photos, signatures and
 * the job sheet. These routes sit outside the admin-only staff area: each asks the one rule
 * `mayHandleJobFiles` about the record's job, so drivers can be let in for their own jobs.
 */
import type { FastifyPluginAsync } from 'fastify';
import { fieldFileRoutes } from './files';
import { uploadRoutes } from './uploads';

export const fieldRecordRoutes: FastifyPluginAsync = async (app) => {
  await app.register(uploadRoutes);
  await app.register(fieldFileRoutes, { prefix: '/api' });
};
