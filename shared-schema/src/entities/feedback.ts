import { z } from 'zod';
import { RECOMMEND_OPTIONS } from '../constants/statuses';
import { intIdSchema, isoDateTimeSchema, jobIdSchema } from './common';
import { messageReplySchema } from './email-record';

/** A 1-5 score. */
export const scoreSchema = z.number().int().min(1).max(5);

/** Table `feedback`: a review of a completed job. */
export const feedbackSchema = z.object({
  id: intIdSchema,
  jobId: jobIdSchema,
  rating: scoreSchema,
  serviceQuality: scoreSchema,
  responseTime: scoreSchema,
  communication: scoreSchema,
  value: scoreSchema,
  comments: z.string(),
  recommend: z.enum(RECOMMEND_OPTIONS),
  improvements: z.string().nullable(),
  createdAt: isoDateTimeSchema,
  /** The owners' emailed answers to the review, oldest first. */
  replies: z.array(messageReplySchema).nullable().optional(),
});
/** Stored feedback. */
export type Feedback = z.infer<typeof feedbackSchema>;
