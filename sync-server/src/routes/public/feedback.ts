/**
 * POST /api/feedback: a review of a completed job, one per job. The reviewer proves the job is
 * theirs with its tracking token or its phone (the whole number or its last four digits), so
 * nobody who only knows a job id can use up that job's one review. A wrong proof is answered
 * exactly like an unknown job.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MESSAGES,
  createFeedbackResponseSchema,
  feedbackInputSchema,
  phoneProofMatches,
} from '@pilbara/shared-schema';
import { notifyChanges } from '../../sync/change-log';
import { badRequest, conflict } from '../../plugins/errors';
import { writeOnce } from '../../plugins/idempotency';
import { errorAnswers } from '../../plugins/route-schemas';
import {
  findFeedbackForJob,
  findJobById,
  insertFeedback,
} from '../../db/repositories/public-records';
import { sameToken } from '../../services/tokens';

export const FEEDBACK_JOB_NOT_COMPLETED = 'Feedback can only be left for a completed job';
export const FEEDBACK_ALREADY_GIVEN = 'Feedback has already been submitted for this job';

export const feedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  const schema = {
    summary: 'Review a completed job, proved by its tracking token or phone',
    body: feedbackInputSchema,
    response: { 201: createFeedbackResponseSchema, ...errorAnswers(400, 409, 422, 429) },
  };
  app.post(
    '/feedback',
    { schema, config: { rateLimit: app.limits.publicWrite, idempotent: true } },
    async (request, reply) => {
      const route = 'POST /api/feedback';
      const { token, phone, ...input } = request.body;
      const result = writeOnce(app, request, route, () => {
        const job = findJobById(app.db, input.jobId);
        const proved =
          job !== undefined &&
          ((token !== undefined && sameToken(token, job.trackingToken)) ||
            (phone !== undefined && phoneProofMatches(job.phone, phone)));
        if (!job || !proved) {
          throw badRequest(MESSAGES.JOB_NOT_FOUND, { jobId: MESSAGES.JOB_NOT_FOUND });
        }
        if (job.status !== 'Completed') {
          throw badRequest(FEEDBACK_JOB_NOT_COMPLETED, { jobId: FEEDBACK_JOB_NOT_COMPLETED });
        }
        if (findFeedbackForJob(app.db, job.id)) {
          throw conflict(FEEDBACK_ALREADY_GIVEN, { jobId: FEEDBACK_ALREADY_GIVEN });
        }
        const feedback = insertFeedback(app.db, { ...input, jobId: job.id }, app.now());
        return { status: 201 as const, body: { success: true as const, feedback } };
      });
      // Staff devices are poked so the new row shows in the admin panel within a second.
      if (!result.replayed) notifyChanges(app.db);
      return reply.code(result.status).send(result.body);
    },
  );
};
