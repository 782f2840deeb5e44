/**
 * Staff job calls: list, create, update (a status step or a driver), delete, and a job's history.
 * Status changes go through the same named mutators as the admin panel's buttons; completing a job
 * also writes its automatic draft quote in the same transaction.
 */
import { mintToken } from '../../services/tokens';
import type { FastifyPluginAsync } from 'fastify';
import {
  MESSAGES,
  createJobInputSchema,
  jobActionForStatus,
  jobIdParamsSchema,
  updateJobInputSchema,
  type Job,
} from '@pilbara/shared-schema';
import { findRows, getRow } from '../../db/rows';
import { mintIntegerId, mintTextId } from '../../db/id-series';
import { notFound } from '../../plugins/errors';
import { parse } from '../../plugins/validation';
import type { NamedMutation } from '../../sync/apply-mutation';
import { idParam, mutate } from './mutate';

const STEP_MUTATORS = {
  markEnRoute: 'job.markEnRoute',
  startService: 'job.startService',
  complete: 'job.complete',
} as const;

export const jobRoutes: FastifyPluginAsync = async (app) => {
  app.get('/jobs', async () => ({
    jobs: findRows<Job>(app.db, 'jobs', {}, { orderBy: '-createdAt' }),
  }));

  app.post('/jobs', async (request, reply) => {
    const input = parse(createJobInputSchema, request.body);
    const { job } = mutate<{ job: Job }>(app, request, () => ({
      name: 'job.create',
      args: {
        ...input,
        id: input.id ?? mintTextId(app.db, 'JOB', app.now()),
        updateId: mintIntegerId(app.db, 'job_updates'),
        // A job made through REST gets its customer's tracking token from the server.
        trackingToken: mintToken(),
      },
    }));
    return reply.code(201).send({ job });
  });

  app.patch('/jobs/:id', async (request) => {
    const id = idParam(jobIdParamsSchema, request.params, MESSAGES.JOB_NOT_FOUND);
    const input = parse(updateJobInputSchema, request.body);
    mutate(app, request, () => {
      const mutations: NamedMutation[] = [];
      if (input.status !== undefined) {
        const action = jobActionForStatus(input.status);
        const updateId = mintIntegerId(app.db, 'job_updates');
        if (action === 'complete') {
          mutations.push({
            name: 'job.complete',
            args: { id, updateId, quoteId: mintTextId(app.db, 'Q', app.now()) },
          });
        } else if (action) {
          mutations.push({ name: STEP_MUTATORS[action], args: { id, updateId } });
        } else {
          mutations.push({
            name: 'job.setStatus',
            args: { id, updateId, status: input.status, progress: input.progress },
          });
        }
      }
      if (input.assignedTo !== undefined) {
        const assignedTo = input.assignedTo === 'Unassigned' ? null : input.assignedTo;
        mutations.push({
          name: 'job.reassign',
          args: { id, updateId: mintIntegerId(app.db, 'job_updates'), assignedTo },
        });
      }
      return mutations;
    });
    return { job: getRow<Job>(app.db, 'jobs', id) };
  });

  app.delete('/jobs/:id', async (request) => {
    const id = idParam(jobIdParamsSchema, request.params, MESSAGES.JOB_NOT_FOUND);
    mutate(app, request, () => ({ name: 'job.delete', args: { id } }));
    return { success: true };
  });

  app.get('/jobs/:id/updates', async (request) => {
    const id = idParam(jobIdParamsSchema, request.params, MESSAGES.JOB_NOT_FOUND);
    if (!getRow(app.db, 'jobs', id)) throw notFound(MESSAGES.JOB_NOT_FOUND);
    return { updates: findRows(app.db, 'job_updates', { jobId: id }, { orderBy: 'createdAt' }) };
  });
};
