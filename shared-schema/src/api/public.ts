/** Bodies of the public side: contact, booking, feedback, job lookup, config. */
import { z } from 'zod';
import { businessProfileSchema } from './business-profile';
import { RECOMMEND_OPTIONS, URGENCY_LEVELS } from '../constants/statuses';
import { bookingSchema } from '../entities/booking';
import { bookingIdSchema } from '../entities/common';
import { contactSubmissionSchema } from '../entities/contact-submission';
import { feedbackSchema } from '../entities/feedback';
import { jobSchema } from '../entities/job';
import { MESSAGES } from '../messages';
import { todayInPerth } from '../rules/dates';
import { EMERGENCY_TIME } from '../constants/services';
import { optionalText, requiredText } from './fields';

/** A phone number of at least 10 characters (spec public §5). */
const phoneInput = z
  .string({ error: MESSAGES.PHONE_INVALID })
  .trim()
  .min(10, MESSAGES.PHONE_INVALID)
  .max(20, MESSAGES.PHONE_MAX);
/** A required, valid email. */
const emailInput = z
  .string({ error: MESSAGES.EMAIL_INVALID })
  .trim()
  .max(100, MESSAGES.EMAIL_MAX)
  .pipe(z.email(MESSAGES.EMAIL_INVALID));

/** POST /api/contact body (the contact form). */
export const contactInputSchema = z.object({
  firstName: requiredText(MESSAGES.FIRST_NAME_REQUIRED, 100),
  lastName: requiredText(MESSAGES.LAST_NAME_REQUIRED, 100),
  phone: phoneInput,
  email: emailInput,
  serviceNeeded: requiredText(MESSAGES.SERVICE_SELECT, 100),
  message: requiredText(MESSAGES.MESSAGE_REQUIRED, 5000),
});
/** Contact form values. */
export type ContactInput = z.infer<typeof contactInputSchema>;

/** POST /api/contact answer. */
export const contactResponseSchema = z.object({
  success: z.literal(true),
  submission: contactSubmissionSchema.optional(),
});

/**
 * Builds the booking schema with the given source of "today" (a Perth `YYYY-MM-DD`), so tests and
 * a server that accepts bookings queued offline overnight can choose their own clock.
 */
export function makeBookingInputSchema(today: () => string = todayInPerth) {
  return z
    .object({
      /** Id minted offline by the device; the server mints one when absent. */
      id: bookingIdSchema.optional(),
      customerName: z
        .string({ error: MESSAGES.NAME_MIN })
        .trim()
        .min(2, MESSAGES.NAME_MIN)
        .max(100),
      phone: phoneInput,
      email: emailInput,
      service: requiredText(MESSAGES.SERVICE_SELECT, 100),
      location: z
        .string({ error: MESSAGES.LOCATION_DETAILED })
        .trim()
        .min(5, MESSAGES.LOCATION_DETAILED)
        .max(255),
      // Required unless the booking is an emergency (checked below): someone stranded at 2 am
      // needs a truck now, not a slot tomorrow. An emergency left without them means "now".
      preferredDate: z
        .string({ error: MESSAGES.PREFERRED_DATE_REQUIRED })
        .trim()
        .refine((value) => value === '' || /^\d{4}-\d{2}-\d{2}$/.test(value), {
          message: MESSAGES.PREFERRED_DATE_REQUIRED,
          abort: true,
        })
        .refine((value) => value === '' || value >= today(), MESSAGES.PREFERRED_DATE_PAST),
      preferredTime: z.string({ error: MESSAGES.PREFERRED_TIME_REQUIRED }).trim().max(20),
      urgency: z.enum(URGENCY_LEVELS, { error: MESSAGES.URGENCY_INVALID }),
      description: z
        .string({ error: MESSAGES.DESCRIPTION_DETAILS })
        .trim()
        .min(10, MESSAGES.DESCRIPTION_DETAILS)
        .max(5000),
      vehicleDetails: optionalText(500),
    })
    .superRefine((booking, ctx) => {
      if (booking.urgency === 'emergency') return;
      if (!booking.preferredDate) {
        ctx.addIssue({
          code: 'custom',
          path: ['preferredDate'],
          message: MESSAGES.PREFERRED_DATE_REQUIRED,
        });
      }
      if (!booking.preferredTime) {
        ctx.addIssue({
          code: 'custom',
          path: ['preferredTime'],
          message: MESSAGES.PREFERRED_TIME_REQUIRED,
        });
      }
    })
    .transform((booking) =>
      booking.urgency === 'emergency'
        ? {
            ...booking,
            preferredDate: booking.preferredDate || today(),
            preferredTime: booking.preferredTime || EMERGENCY_TIME,
          }
        : booking,
    );
}

/**
 * POST /api/bookings body (both booking form variants). `preferredDate` is `YYYY-MM-DD` and may not
 * be before today in Perth, read from the clock each time it validates.
 */
export const bookingInputSchema = makeBookingInputSchema();
/** Booking form values as entered. */
export type BookingInput = z.input<typeof bookingInputSchema>;
/** Booking values after validation. */
export type BookingData = z.output<typeof bookingInputSchema>;

/** POST /api/bookings answer. */
export const createBookingResponseSchema = z.object({
  success: z.literal(true),
  booking: bookingSchema,
});

const subScore = z
  .number({ error: MESSAGES.RATING_RANGE })
  .int(MESSAGES.RATING_RANGE)
  .min(1, MESSAGES.RATING_RANGE)
  .max(5, MESSAGES.RATING_RANGE);

/** POST /api/feedback body. A rating of 0 (nothing chosen yet) shows 'Please provide a rating'. */
export const feedbackInputSchema = z.object({
  jobId: requiredText(MESSAGES.FEEDBACK_JOB_REQUIRED, 50),
  rating: z
    .number({ error: MESSAGES.RATING_REQUIRED })
    .int(MESSAGES.RATING_RANGE)
    .min(1, MESSAGES.RATING_REQUIRED)
    .max(5, MESSAGES.RATING_RANGE),
  serviceQuality: subScore,
  responseTime: subScore,
  communication: subScore,
  value: subScore,
  comments: z
    .string({ error: MESSAGES.COMMENTS_DETAILED })
    .trim()
    .min(10, MESSAGES.COMMENTS_DETAILED)
    .max(5000),
  recommend: z.enum(RECOMMEND_OPTIONS, { error: MESSAGES.RECOMMEND_REQUIRED }),
  improvements: optionalText(5000),
});
/** Feedback form values as entered. */
export type FeedbackInput = z.input<typeof feedbackInputSchema>;
/** Feedback values after validation. */
export type FeedbackData = z.output<typeof feedbackInputSchema>;

/** POST /api/feedback answer. */
export const createFeedbackResponseSchema = z.object({
  success: z.literal(true),
  feedback: feedbackSchema,
});

/** Portal search (GET /api/jobs/search?query=…): a job id, a name or a phone. */
export const portalSearchSchema = z.object({
  query: requiredText(MESSAGES.PORTAL_SEARCH_EMPTY, 100),
});
/** Portal search values. */
export type PortalSearch = z.infer<typeof portalSearchSchema>;

/** GET /api/jobs/search answer: one job with contact details masked. */
export const jobSearchResponseSchema = z.object({ job: jobSchema });

/** Dashboard lookup: a phone number or a job id (GET /api/jobs/customer/:lookup). */
export const customerLookupSchema = z.object({
  lookup: requiredText(MESSAGES.DASHBOARD_LOOKUP_REQUIRED, 50),
});
/** Dashboard lookup values. */
export type CustomerLookup = z.infer<typeof customerLookupSchema>;

/** GET /api/jobs/customer/:lookup answer: only the matching customer's jobs, contact details masked. */
export const customerJobsResponseSchema = z.object({ jobs: z.array(jobSchema) });

/** GET /api/config answer: the active business profile and whether card payment is set up. */
export const configResponseSchema = z.object({
  profile: businessProfileSchema,
  cardPaymentsEnabled: z.boolean(),
});
/** Config response. */
export type ConfigResponse = z.infer<typeof configResponseSchema>;
