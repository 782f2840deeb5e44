/**
 * Staff job calls: list, create, update (a status step or a driver), cancel with a reason,
 * delete, and a job's history.
 * Status changes go through the same named mutators as the admin panel's buttons, chosen from
 * the same table (`JOB_ACTION_MUTATORS`); completing a job also writes its automatic draft quote
 * in the same transaction.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  JOB_ACTION_MUTATORS,
  MESSAGES,
  canSeeJob,
  createJobInputSchema,
  jobForActor,
  jobActionForStatus,
  cancelJobInputSchema,
  jobIdParamsSchema,
  jobResponseSchema,
  jobUpdatesResponseSchema,
  jobsQuerySchema,
  jobsResponseSchema,
  successResponseSchema,
  updateJobInputSchema,
  type Job,
  type JobUpdate,
  type NamedMutation,
} from '@pilbara/shared-schema';
import { findRows, getRow } from '../../db/rows';
import { jobsCreatedBefore } from '../../db/repositories/jobs';
import { documentKey } from '../../db/repositories/documents';
import { mintIntegerId, mintTextId } from '../../db/id-series';
import { notFound } from '../../http-error';
import { actorOf } from '../../plugins/auth';
import { errorAnswers } from '../../plugins/route-schemas';
import { mintToken } from '../../db/tokens';
import { assignmentOf } from '../../services/assignments';
import { mutate } from './mutate';

/** A job id that cannot exist is answered like an unknown one. */
const jobNotFound = { paramsNotFound: { message: MESSAGES.JOB_NOT_FOUND } };

export const jobRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/jobs',
    {
      schema: {
        summary: 'Every job a caller may see (a driver: theirs and unassigned), newest first',
        description:
          "A driver gets the customer's phone and email only on their own jobs that are not " +
          'cancelled; on the others they are blank. With `before`, the jobs created before ' +
          'that time, at most `limit` (50 by default): older records than a device keeps offline.',
        querystring: jobsQuerySchema,
        response: { 200: jobsResponseSchema, ...errorAnswers(400) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { before, limit } = request.query;
      const jobs =
        before === undefined
          ? findRows<Job>(app.db, 'jobs', {}, { orderBy: '-createdAt' })
          : jobsCreatedBefore(app.db, new Date(before).toISOString(), limit ?? 50);
      return {
        jobs: jobs.filter((job) => canSeeJob(actor, job)).map((job) => jobForActor(actor, job)),
      };
    },
  );

  const createSchema = {
    summary: 'Create a job (a phoned-in call-out)',
    body: createJobInputSchema,
    response: { 201: jobResponseSchema, ...errorAnswers(400, 409) },
  };
  app.post('/jobs', { schema: createSchema }, async (request, reply) => {
    // A REST caller's job is keyed by the server; an `id` sent is dropped (devices mint keys
    // from their granted blocks through sync instead).
    const { id: _dropped, ...input } = request.body;
    const assignment = assignmentOf(app.db, input);
    const { job } = mutate<{ job: Job }>(app, request, () => ({
      name: 'job.create',
      args: {
        ...input,
        ...(assignment ?? {}),
        id: mintTextId(app.db, 'JOB', app.now()),
        updateId: mintIntegerId(app.db, 'job_updates'),
        // A job made through REST gets its customer's tracking token from the server.
        trackingToken: mintToken(),
      },
    }));
    return reply.code(201).send({ job });
  });

  const updateSchema = {
    summary: 'Change a job’s status (a job-flow step) or its driver (by account, or a unique name)',
    params: jobIdParamsSchema,
    body: updateJobInputSchema,
    response: { 200: jobResponseSchema, ...errorAnswers(400, 404, 409) },
  };
  app.patch('/jobs/:id', { schema: updateSchema, config: jobNotFound }, async (request) => {
    // A job is named by its number or its key.
    const id = documentKey(app.db, 'jobs', request.params.id) ?? request.params.id;
    const input = request.body;
    const assignment = assignmentOf(app.db, input);
    mutate(app, request, () => {
      const mutations: NamedMutation[] = [];
      if (input.status !== undefined) {
        const action = jobActionForStatus(input.status);
        const updateId = mintIntegerId(app.db, 'job_updates');
        if (action === 'complete') {
          mutations.push({
            name: JOB_ACTION_MUTATORS.complete,
            args: { id, updateId, quoteId: mintTextId(app.db, 'Q', app.now()) },
          });
        } else if (action) {
          mutations.push({ name: JOB_ACTION_MUTATORS[action], args: { id, updateId } });
        } else {
          mutations.push({
            name: 'job.setStatus',
            args: { id, updateId, status: input.status, progress: input.progress },
          });
        }
      }
      if (assignment) {
        mutations.push({
          name: JOB_ACTION_MUTATORS.reassign,
          args: { id, updateId: mintIntegerId(app.db, 'job_updates'), ...assignment },
        });
      }
      return mutations;
    });
    const job = getRow<Job>(app.db, 'jobs', id);
    if (!job) throw notFound(MESSAGES.JOB_NOT_FOUND);
    return { job: jobForActor(actorOf(request), job) };
  });

  const deleteSchema = {
    summary: 'Delete a Completed or Cancelled job with its history',
    params: jobIdParamsSchema,
    response: { 200: successResponseSchema, ...errorAnswers(404, 409) },
  };
  app.delete('/jobs/:id', { schema: deleteSchema, config: jobNotFound }, async (request) => {
    const id = documentKey(app.db, 'jobs', request.params.id) ?? request.params.id;
    mutate(app, request, () => ({ name: 'job.delete', args: { id } }));
    return { success: true as const };
  });

  const historySchema = {
    summary: 'A job’s history (its status changes), oldest first',
    params: jobIdParamsSchema,
    response: { 200: jobUpdatesResponseSchema, ...errorAnswers(404) },
  };
  app.get('/jobs/:id/updates', { schema: historySchema, config: jobNotFound }, async (request) => {
    const id = documentKey(app.db, 'jobs', request.params.id) ?? request.params.id;
    const job = getRow<Job>(app.db, 'jobs', id);
    // Another driver's job is answered like an unknown one.
    if (!job || !canSeeJob(actorOf(request), job)) throw notFound(MESSAGES.JOB_NOT_FOUND);
    return {
      updates: findRows<JobUpdate>(app.db, 'job_updates', { jobId: id }, { orderBy: 'createdAt' }),
    };
  });

  const cancelSchema = {
    summary: 'Cancel an active job with the reason the customer is told (by text and email)',
    params: jobIdParamsSchema,
    body: cancelJobInputSchema,
    response: { 200: jobResponseSchema, ...errorAnswers(400, 404, 409) },
  };
  app.post('/jobs/:id/cancel', { schema: cancelSchema, config: jobNotFound }, async (request) => {
    const id = documentKey(app.db, 'jobs', request.params.id) ?? request.params.id;
    const { job } = mutate<{ job: Job }>(app, request, () => ({
      name: 'job.cancel',
      args: { id, updateId: mintIntegerId(app.db, 'job_updates'), reason: request.body.reason },
    }));
    return { job };
  });
};
