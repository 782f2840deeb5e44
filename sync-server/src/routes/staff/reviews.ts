/**
 * Reviews for the owners: GET /api/feedback lists every review (rating, scores, comments) with
 * its job, newest first, and the average and count; POST /api/feedback/:id/reply emails an
 * answer to the job's customer and keeps it with the review. Admins only: reviews carry the
 * customers' names and numbers.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MESSAGES,
  feedbackSchema,
  intIdParamsSchema,
  replyInputSchema,
  reviewSummary,
  staffReviewsResponseSchema,
  type Feedback,
} from '@pilbara/shared-schema';
import { getRow } from '../../db/rows';
import { notFound } from '../../http-error';
import { errorAnswers } from '../../plugins/route-schemas';
import { staffReviews } from '../../db/repositories/reviews';
import { sendReviewReply } from '../../services/reviews';
import { mutate } from './mutate';

export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/feedback',
    {
      schema: {
        summary: 'Every review with its job, newest first, and the average and count',
        response: { 200: staffReviewsResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const reviews = staffReviews(app.db);
      return { reviews, ...reviewSummary(reviews) };
    },
  );

  app.post(
    '/feedback/:id/reply',
    {
      schema: {
        summary: "Answer a review by email to the job's customer; kept with the review",
        params: intIdParamsSchema,
        body: replyInputSchema,
        response: { 200: z.object({ review: feedbackSchema }), ...errorAnswers(400, 404, 502) },
      },
      config: { paramsNotFound: { message: MESSAGES.REVIEW_NOT_FOUND } },
    },
    async (request, reply) => {
      const review = getRow<Feedback>(app.db, 'feedback', request.params.id);
      if (!review) throw notFound(MESSAGES.REVIEW_NOT_FOUND);
      const by = request.user
        ? [request.user.firstName, request.user.lastName].filter(Boolean).join(' ') ||
          request.user.username
        : 'Staff';
      const sent = await sendReviewReply(
        {
          db: app.db,
          mailer: app.mailer,
          business: {
            name: app.profile.tradingName,
            email: app.profile.email,
            phone: app.profile.owners[0]?.phone ?? '',
          },
        },
        review,
        { text: request.body.text, by },
      );
      const recorded = mutate<{ review: Feedback }>(app, request, () => ({
        name: 'feedback.recordReply',
        args: { id: review.id, reply: { ...sent, text: request.body.text } },
      }));
      if (sent.status === 'failed')
        return reply.code(502).send({ error: `${MESSAGES.REPLY_FAILED}: ${sent.error}` });
      return { review: recorded.review };
    },
  );
};
