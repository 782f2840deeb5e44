/** Bodies of the public side: contact, booking, feedback, job lookup, config. */
import { z } from 'zod';
import { businessProfileSchema } from '../constants/business-profile-schema';
import { RECOMMEND_OPTIONS, URGENCY_LEVELS } from '../constants/statuses';
import { BOOKING_MAX_DAYS_AHEAD } from '../constants/limits';
import { bookingSchema } from '../entities/booking';
import { contactSubmissionSchema } from '../entities/contact-submission';
import { CONTACT_KINDS } from '../entities/email-record';
import { feedbackSchema } from '../entities/feedback';
import { jobSchema } from '../entities/job';
import { MESSAGES } from '../messages';
import { isBookingIdLookup, isJobIdLookup, isValidPhone } from '../rules/customer-match';
import { addCalendarDays, isCalendarDate, todayInPerth } from '../rules/dates';
import { TRACKING_TOKEN_PATTERN } from '../rules/tracking';
import { optionalLine, optionalText, phoneField, requiredLine, requiredText } from './fields';
import { hasControlCharacters } from '../rules/plain-text';
import { EMERGENCY_TIME } from '../constants/services';

/**
 * A phone number of at least 10 characters that is a real Australian or
 * international number (rules/customer-match.ts), else 'Please enter a valid phone number'.
 */
const phoneInput = phoneField();
/** A required, valid email. */
const emailInput = z
  .string({ error: MESSAGES.EMAIL_INVALID })
  .trim()
  .max(100, MESSAGES.EMAIL_MAX)
  .pipe(z.email(MESSAGES.EMAIL_INVALID));

/** POST /api/contact body (the contact form). */
export const contactInputSchema = z.object({
  firstName: requiredLine(MESSAGES.FIRST_NAME_REQUIRED, 100),
  lastName: requiredLine(MESSAGES.LAST_NAME_REQUIRED, 100),
  phone: phoneInput,
  email: emailInput,
  serviceNeeded: requiredLine(MESSAGES.SERVICE_SELECT, 100),
  message: requiredText(MESSAGES.MESSAGE_REQUIRED, 5000),
  /** A message (the default), or a quote request with the vehicle and route. */
  kind: z.enum(CONTACT_KINDS).default('message'),
  vehicle: optionalLine(100),
  fromLocation: optionalLine(100),
  toLocation: optionalLine(100),
});
/** Contact form values. */
export type ContactInput = z.infer<typeof contactInputSchema>;
/** Contact form values as entered (a message or a quote request). */
export type ContactFormInput = z.input<typeof contactInputSchema>;

/** POST /api/contact answer. */
export const contactResponseSchema = z.object({
  success: z.literal(true),
  submission: contactSubmissionSchema.optional(),
});

/**
 * Builds the booking schema with the given source of "today" (a Perth `YYYY-MM-DD`), so tests and
 * a server that accepts bookings queued offline overnight can choose their own clock.
 *
 * There is no `id`: a guest never chooses a record id (docs/security.md). The server mints the
 * booking id and its tracking token, and drops any id a request carries.
 */
export function makeBookingInputSchema(today: () => string = todayInPerth) {
  return z
    .object({
      customerName: z
        .string({ error: MESSAGES.NAME_MIN })
        .trim()
        .min(2, MESSAGES.NAME_MIN)
        .max(100)
        .refine((value) => !hasControlCharacters(value), MESSAGES.ONE_LINE),
      phone: phoneInput,
      email: emailInput,
      service: requiredLine(MESSAGES.SERVICE_SELECT, 100),
      location: z
        .string({ error: MESSAGES.LOCATION_DETAILED })
        .trim()
        .min(5, MESSAGES.LOCATION_DETAILED)
        .max(255),
      // A real calendar date from today (Perth) up to a year ahead, required unless the booking
      // is an emergency (checked below): someone stranded at 2 am needs a truck now, not a slot
      // tomorrow. An emergency left without a date or time means "now".
      preferredDate: z
        .string({ error: MESSAGES.PREFERRED_DATE_REQUIRED })
        .trim()
        .superRefine((value, ctx) => {
          if (value === '') return;
          const message = preferredDateProblem(value, today());
          if (message) ctx.addIssue({ code: 'custom', message });
        }),
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
 * Why a preferred date is refused, or undefined when it is fine: missing or not a real calendar
 * date ('Please select a preferred date'), before `today`, or more than a year after it.
 */
export function preferredDateProblem(value: string, today: string): string | undefined {
  if (!isCalendarDate(value)) return MESSAGES.PREFERRED_DATE_REQUIRED;
  if (value < today) return MESSAGES.PREFERRED_DATE_PAST;
  if (value > addCalendarDays(today, BOOKING_MAX_DAYS_AHEAD))
    return MESSAGES.PREFERRED_DATE_TOO_FAR;
  return undefined;
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

/**
 * POST /api/bookings answer: the server-minted booking `id` and `trackingToken` (the customer's
 * tracking link is `${PUBLIC_URL}/customer-portal?token=<trackingToken>`), and the stored booking.
 */
export const createBookingResponseSchema = z.object({
  success: z.literal(true),
  id: z.string(),
  trackingToken: z.string().regex(TRACKING_TOKEN_PATTERN),
  booking: bookingSchema,
});

const subScore = z
  .number({ error: MESSAGES.RATING_RANGE })
  .int(MESSAGES.RATING_RANGE)
  .min(1, MESSAGES.RATING_RANGE)
  .max(5, MESSAGES.RATING_RANGE);

/**
 * What a customer proves a job is theirs with (docs/security.md): the job's tracking token, or its
 * phone — the whole number, or its last four digits (rules/customer-match.ts).
 */
export const phoneProofSchema = z
  .string({ error: MESSAGES.PHONE_PROOF_REQUIRED })
  .trim()
  .min(1, MESSAGES.PHONE_PROOF_REQUIRED)
  .max(20, MESSAGES.PHONE_PROOF_INVALID)
  .refine((value) => /^\d{4}$/.test(value) || isValidPhone(value), MESSAGES.PHONE_PROOF_INVALID);

/** An optional proof where a blank field (or `?phone=`) means none was given. */
const optionalPhoneProof = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  phoneProofSchema.optional(),
);

/** A tracking token as a request carries it. */
export const trackingTokenInputSchema = z.string().trim().regex(TRACKING_TOKEN_PATTERN);

/** The feedback form's fields, as the customer fills them in. */
export const feedbackFormSchema = z.object({
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
export type FeedbackFormInput = z.input<typeof feedbackFormSchema>;

/**
 * POST /api/feedback body: the form, and the job's tracking `token` or the customer's `phone`
 * (whole, or its last four digits). Without either the answer is 400 naming `phone`, so nobody
 * who only knows a job id can use up that job's one review.
 */
export const feedbackInputSchema = feedbackFormSchema
  .extend({
    token: trackingTokenInputSchema.optional(),
    phone: phoneProofSchema.optional(),
  })
  .refine((body) => body.token !== undefined || body.phone !== undefined, {
    error: MESSAGES.FEEDBACK_PROOF_REQUIRED,
    path: ['phone'],
  });
/** Feedback body as sent. */
export type FeedbackInput = z.input<typeof feedbackInputSchema>;
/** Feedback values after validation. */
export type FeedbackData = z.output<typeof feedbackInputSchema>;

/** POST /api/feedback answer. */
export const createFeedbackResponseSchema = z.object({
  success: z.literal(true),
  feedback: feedbackSchema,
});

/**
 * Portal search (GET /api/jobs/search?query=…&phone=…): a job id (or a booking reference) and
 * the phone digits that prove it is the caller's. A name alone finds nothing (docs/security.md).
 */
export const portalSearchSchema = z.object({
  query: requiredText(MESSAGES.PORTAL_SEARCH_EMPTY, 100),
  phone: optionalPhoneProof,
});
/** Portal search values. */
export type PortalSearch = z.infer<typeof portalSearchSchema>;

/**
 * The portal's search form: like {@link portalSearchSchema}, and a job id or booking reference
 * asks for the phone digits before anything is sent.
 */
export const portalSearchFormSchema = portalSearchSchema.superRefine((values, ctx) => {
  const id = isJobIdLookup(values.query) || isBookingIdLookup(values.query);
  if (id && !values.phone) {
    ctx.addIssue({ code: 'custom', path: ['phone'], message: MESSAGES.PHONE_PROOF_REQUIRED });
  }
});

/**
 * A booking as its customer sees it while it waits for staff (or after they declined it): the
 * reference, service, status, preferred date and time and location, who has taken it and, for a
 * declined one, why; contact details masked; never the description staff read.
 */
export const publicBookingSchema = bookingSchema.pick({
  id: true,
  customerName: true,
  phone: true,
  email: true,
  service: true,
  location: true,
  preferredDate: true,
  preferredTime: true,
  urgency: true,
  status: true,
  trackingToken: true,
  createdAt: true,
  acknowledgedAt: true,
  acknowledgedBy: true,
  declineReason: true,
});
/** A booking in a public answer. */
export type PublicBooking = z.infer<typeof publicBookingSchema>;

/**
 * One entry of the customer's timeline (rules/timeline.ts): a step at the time the device
 * recorded it. The server builds it from the job's history, which it does not send as such.
 */
export const timelineEntrySchema = z.object({
  key: z.enum(['created', 'en-route', 'arrived', 'completed', 'cancelled']),
  message: z.string(),
  at: z.string(),
});

/**
 * GET /api/jobs/search answer: one job (with its recorded timeline) or pending booking, with
 * contact details masked.
 */
export const jobSearchResponseSchema = z.union([
  z.object({ job: jobSchema, timeline: z.array(timelineEntrySchema) }),
  z.object({ booking: publicBookingSchema }),
]);

/**
 * The truck on a tracking link: the latest fix the driver's phone shared, only while
 * the job is En Route, and only on the job's own tracking link.
 */
export const truckPositionSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  recordedAt: z.string(),
});
/** The truck's last fix as the tracking page gets it. */
export type TruckPosition = z.infer<typeof truckPositionSchema>;

/**
 * GET /api/track/:token answer: the job (with the truck's `position` while it is En Route, else
 * null; its recorded timeline; and whether the customer has reviewed it, so the review link
 * opens the form only while there is something to review), or the booking while it waits for
 * approval.
 */
export const trackResponseSchema = z.union([
  z.object({
    job: jobSchema,
    position: truckPositionSchema.nullable(),
    timeline: z.array(timelineEntrySchema),
    reviewed: z.boolean(),
    /** Who took the booking the job came from, and when (absent for a job staff opened). */
    confirmedBy: z.object({ name: z.string(), at: z.string() }).nullable().optional(),
  }),
  z.object({ booking: publicBookingSchema }),
]);
/** Tracking answer. */
export type TrackResponse = z.infer<typeof trackResponseSchema>;

/** GET /api/track/:token params: a malformed token is answered like an unknown one (404). */
export const trackParamsSchema = z.object({ token: trackingTokenInputSchema });

/**
 * Dashboard lookup (GET /api/jobs/customer/:lookup?phone=…): a phone number, or a job id with
 * the phone digits that prove it (`phone`).
 */
export const customerLookupSchema = z.object({
  lookup: requiredText(MESSAGES.DASHBOARD_LOOKUP_REQUIRED, 50),
  phone: optionalPhoneProof,
});
/** Dashboard lookup values. */
export type CustomerLookup = z.infer<typeof customerLookupSchema>;

/**
 * GET /api/jobs/customer/:lookup answer: only the matching customer's jobs and their bookings
 * still waiting for approval, contact details masked, and which of those jobs already have their
 * one review (the feedback page offers only the others).
 */
export const customerJobsResponseSchema = z.object({
  jobs: z.array(jobSchema),
  bookings: z.array(publicBookingSchema),
  reviewedJobIds: z.array(z.string()),
});

/** GET /api/config answer: the active business profile and whether card payment is set up. */
export const configResponseSchema = z.object({
  profile: businessProfileSchema,
  cardPaymentsEnabled: z.boolean(),
});
/** Config response. */
export type ConfigResponse = z.infer<typeof configResponseSchema>;

/** One coverage area's recorded response (rules/response-times.ts). */
const areaResponseSchema = z.object({
  area: z.string(),
  /** The median minutes from the call to the truck on site; null with too few recorded jobs. */
  medianMinutes: z.number().int().nullable(),
  jobs: z.number().int().min(0),
});

/** GET /api/response-times answer: each area's figure and its basis, measured from the jobs. */
export const responseTimesResponseSchema = z.object({
  sinceDays: z.number().int().positive(),
  areas: z.array(areaResponseSchema),
  overall: areaResponseSchema,
});
