/**
 * The public job lookups (DESIGN.md §7). No public call lists all jobs: the portal finds one job
 * by exact id, name or phone, the dashboard gets one customer's jobs by phone or job id, and
 * both mask contact details the caller did not type.
 */
import type { FastifyPluginAsync } from 'fastify';
import { MESSAGES, customerLookupSchema, portalSearchSchema } from '@pilbara/shared-schema';
import { parse } from '../../plugins/validation';
import { HttpError } from '../../plugins/errors';
import { customerJobs, searchJob } from '../../db/repositories/public-records';
import { maskJob } from '../../services/masking';

export const jobLookupRoutes: FastifyPluginAsync = async (app) => {
  const rateLimit = app.limits.lookup;

  app.get('/jobs/search', { config: { rateLimit } }, async (request, reply) => {
    const { query } = parse(portalSearchSchema, request.query);
    const job = searchJob(app.db, query);
    if (!job) throw new HttpError(404, MESSAGES.JOB_NOT_FOUND_TITLE);
    reply.header('Cache-Control', 'no-store');
    return { job: maskJob(job, query) };
  });

  app.get('/jobs/customer/:lookup', { config: { rateLimit } }, async (request, reply) => {
    const { lookup } = parse(customerLookupSchema, request.params);
    reply.header('Cache-Control', 'no-store');
    return { jobs: customerJobs(app.db, lookup).map((job) => maskJob(job, lookup)) };
  });
};
