/** Staff job and booking bodies (admin panel). */
import { z } from 'zod';
import { JOB_STATUSES, OPENING_JOB_STATUSES } from '../constants/statuses';
import { bookingSchema } from '../entities/booking';
import { intIdSchema, jobIdSchema } from '../entities/common';
import { emailRecordSchema } from '../entities/email-record';
import { jobSchema } from '../entities/job';
import { jobUpdateSchema } from '../entities/job-update';
import { MESSAGES } from '../messages';
import { optionalEmail, optionalText, phoneField, requiredText } from './fields';
import { accountWorkInput } from './account-work';

/** A job status value in a request, failing with a readable message. */
export const jobStatusInputSchema = z.enum(JOB_STATUSES, { error: MESSAGES.JOB_STATUS_INVALID });

/** POST /api/jobs body (the admin create-job form). */
export const createJobInputSchema = z.object({
  /** Id minted offline by the device; the server mints one when absent. */
  id: jobIdSchema.optional(),
  customerName: requiredText(MESSAGES.CUSTOMER_NAME_REQUIRED, 100),
  phone: phoneField(MESSAGES.PHONE_REQUIRED),
  email: optionalEmail(),
  service: requiredText(MESSAGES.SERVICE_REQUIRED, 100),
  location: requiredText(MESSAGES.LOCATION_REQUIRED, 255),
  estimatedArrival: optionalText(100),
  /** The name shown: `Both`, or a driver's name (REST resolves a unique active driver's name). */
  assignedTo: optionalText(100),
  /** The driver's account the job is assigned to (it decides who sees the job). */
  assignedDriverId: intIdSchema.nullable().optional(),
  notes: optionalText(2000),
  /** Defaults to 'Assigned'; staff may open a job as Emergency or Scheduled, never as finished. */
  status: z.enum(OPENING_JOB_STATUSES, { error: MESSAGES.JOB_STATUS_INVALID }).optional(),
  ...accountWorkInput,
});
/** Create-job form values as entered. */
export type CreateJobInput = z.input<typeof createJobInputSchema>;
/** Create-job values after validation. */
export type CreateJobData = z.output<typeof createJobInputSchema>;

/**
 * PATCH /api/jobs/{id} body: either a status change with its progress (`{status, progress}`), or
 * a driver reassignment: `{assignedDriverId}` (a driver's account; null to clear), or
 * `{assignedTo}` (`Both`, null or 'Unassigned' to clear, or an active driver's name when no
 * other active driver shares it). Whether the change is allowed for the job's current status is
 * the job-flow rule's decision.
 */
export const updateJobInputSchema = z
  .object({
    status: jobStatusInputSchema.optional(),
    progress: z
      .number({ error: MESSAGES.PROGRESS_RANGE })
      .int(MESSAGES.PROGRESS_RANGE)
      .min(0, MESSAGES.PROGRESS_RANGE)
      .max(100, MESSAGES.PROGRESS_RANGE)
      .optional(),
    assignedTo: z.string().max(100).nullable().optional(),
    assignedDriverId: intIdSchema.nullable().optional(),
  })
  .refine(
    (body) =>
      (body.status !== undefined && body.progress !== undefined) ||
      body.assignedTo !== undefined ||
      body.assignedDriverId !== undefined,
    {
      error: MESSAGES.JOB_UPDATE_EMPTY,
    },
  );
/** Job update body. */
export type UpdateJobInput = z.infer<typeof updateJobInputSchema>;

/** GET /api/jobs answer. */
export const jobsResponseSchema = z.object({ jobs: z.array(jobSchema) });

/**
 * `GET /api/jobs` with `before`: the jobs created before that time, newest first, at most
 * `limit` (a device fetching records older than the history it keeps offline).
 */
export const jobsQuerySchema = z.object({
  before: z.iso.datetime({ offset: true }).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});
/** A jobs list response. */
export type JobsResponse = z.infer<typeof jobsResponseSchema>;
/** POST /api/jobs and PATCH /api/jobs/{id} answer. */
export const jobResponseSchema = z.object({ job: jobSchema });
/** A single-job response. */
export type JobResponse = z.infer<typeof jobResponseSchema>;

/** GET /api/jobs/{id}/updates answer: the job's history, oldest first. */
export const jobUpdatesResponseSchema = z.object({ updates: z.array(jobUpdateSchema) });

/** GET /api/bookings answer. */
export const bookingsResponseSchema = z.object({ bookings: z.array(bookingSchema) });
/** Bookings list response. */
export type BookingsResponse = z.infer<typeof bookingsResponseSchema>;

/** POST /api/bookings/{id}/approve body (empty; an optional id for the new job minted offline). */
export const approveBookingInputSchema = z.object({ jobId: jobIdSchema.optional() });
/** POST /api/bookings/{id}/approve answer: the new job (its id is reported to staff). */
export const approveBookingResponseSchema = z.object({ job: jobSchema });
/** Booking approval response. */
export type ApproveBookingResponse = z.infer<typeof approveBookingResponseSchema>;

/** GET /api/emails answer (contact messages). */
export const emailsResponseSchema = z.object({ emails: z.array(emailRecordSchema) });
/** Emails list response. */
export type EmailsResponse = z.infer<typeof emailsResponseSchema>;
