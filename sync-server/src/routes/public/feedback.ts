/**
 * POST /api/feedback: a review of a completed job, one per job. The reviewer proves the job is
 * theirs with its tracking token or its phone (the whole number or its last four digits), so
 * nobody who only knows a job id can use up that job's one review.
 *
 * A phone proof is the same proof as the portal's and the dashboard's: it counts
 * against the same per-id lock (`app.guards.phoneProof`, ten wrong phones lock the id for an
 * hour, 429), and an unknown id and a wrong phone get the same 404. Only a proved reviewer learns
 * anything more (that the job is not completed yet, or already reviewed). The tracking token,
 * 128 random bits, is not counted and works while the id is locked, as the tracking page does.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MESSAGES,
  createFeedbackResponseSchema,
  feedbackInputSchema,
  phoneProofMatches,
} from '@pilbara/shared-schema';
import { notifyChanges } from '../../db/change-log';
import { HttpError, badRequest, conflict } from '../../http-error';
import { minutesOf, phoneProofKey } from '../../services/guards';
import { writeOnce } from '../../plugins/idempotency';
import { errorAnswers } from '../../plugins/route-schemas';
import {
  findFeedbackForJob,
  findJobById,
  insertFeedback,
} from '../../db/repositories/public-records';
import { sameToken } from '../../db/tokens';

const FEEDBACK_JOB_NOT_COMPLETED = 'Feedback can only be left for a completed job';
const FEEDBACK_ALREADY_GIVEN = 'Feedback has already been submitted for this job';

export const feedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  const schema = {
    summary: 'Review a completed job, proved by its tracking token or phone',
    body: feedbackInputSchema,
    response: { 201: createFeedbackResponseSchema, ...errorAnswers(400, 404, 409, 422, 429) },
  };
  app.post(
    '/feedback',
    { schema, config: { rateLimit: app.limits.publicWrite, idempotent: true } },
    async (request, reply) => {
      const route = 'POST /api/feedback';
      const { token, phone, ...input } = request.body;
      const notFound = () =>
        new HttpError(404, MESSAGES.JOB_NOT_FOUND, { jobId: MESSAGES.JOB_NOT_FOUND });
      const found = findJobById(app.db, input.jobId);
      const byToken =
        found !== undefined && token !== undefined && sameToken(token, found.trackingToken);
      if (!byToken) {
        const key = phoneProofKey(input.jobId);
        const locked = await app.guards.phoneProof.lockedFor(key);
        if (locked > 0) throw new HttpError(429, MESSAGES.lookupLocked(minutesOf(locked)));
        if (!found || phone === undefined || !phoneProofMatches(found.phone, phone)) {
          if (phone !== undefined) await app.guards.phoneProof.fail(key);
          throw notFound();
        }
      }
      const result = writeOnce(app, request, route, () => {
        // Read again inside the transaction: the proof above was of this same job (by its
        // number or its key).
        const job = findJobById(app.db, input.jobId);
        if (!job) throw notFound();
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
