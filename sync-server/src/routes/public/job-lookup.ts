/**
 * The public lookups (docs/security.md). No public call lists jobs, and nothing is found by a
 * name or by counting ids:
 *
 * - `GET /api/track/:token` — the tracking link: the job with that token, or the booking while it
 *   waits for approval. The token (128 random bits) is the proof.
 * - `GET /api/jobs/search?query=&phone=` — the portal: a job id or booking reference, proved by
 *   the phone's last four digits or the whole number. Without the phone it answers 400 asking
 *   for it; with the wrong one, 404 exactly as for an id that does not exist. Ten wrong phones
 *   for one id lock that id for an hour, however many addresses they come from.
 * - `GET /api/jobs/customer/:lookup?phone=` — the dashboard: a phone number (equal however
 *   written) answers that customer's jobs and pending bookings; a job id needs the phone too.
 *
 * Answers mask contact details the caller did not type and leave staff notes out.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MESSAGES,
  documentRef,
  customerJobsResponseSchema,
  customerLookupSchema,
  isBookingIdLookup,
  isJobIdLookup,
  isTrackingToken,
  isValidPhone,
  jobSearchResponseSchema,
  phoneProofMatches,
  portalSearchSchema,
  trackParamsSchema,
  trackResponseSchema,
  type Booking,
  type Job,
} from '@pilbara/shared-schema';
import { HttpError, badRequest } from '../../http-error';
import { errorAnswers } from '../../plugins/route-schemas';
import {
  findBookingById,
  findJobById,
  findJobByToken,
  jobsForPhone,
  pendingBookingsForPhone,
  reviewedJobIds,
} from '../../db/repositories/public-records';
import { maskBooking, maskJob } from '../../services/masking';
import { minutesOf, phoneProofKey } from '../../services/guards';
import { findByToken as byToken, timelineOf, trackAnswer } from '../../services/track-answer';

/** The portal's "nothing found", the same for an unknown id and a wrong phone. */
function noJobFound(): HttpError {
  return new HttpError(404, MESSAGES.JOB_NOT_FOUND_TITLE, {
    query: MESSAGES.JOB_NOT_FOUND_DESCRIPTION,
  });
}

type Found = { job: Job } | { booking: Booking };

/** The answer body, masked for a caller who typed `knownPhone` (if anything). */
function masked(app: FastifyInstance, found: Found, knownPhone?: string) {
  return 'job' in found
    ? { job: maskJob(found.job, knownPhone), timeline: timelineOf(app, found.job) }
    : { booking: maskBooking(found.booking, knownPhone) };
}

/**
 * The job or pending booking a portal id names (a booking already approved answers its job,
 * which carries the booking's token), with the phone on file.
 */
function byId(app: FastifyInstance, id: string): Found | undefined {
  if (isJobIdLookup(id)) {
    const job = findJobById(app.db, id);
    return job ? { job } : undefined;
  }
  const booking = findBookingById(app.db, id);
  if (!booking) return undefined;
  if (booking.status === 'pending') return { booking };
  const job = booking.trackingToken ? findJobByToken(app.db, booking.trackingToken) : undefined;
  return job ? { job } : undefined;
}

function phoneOf(found: Found): string {
  return 'job' in found ? found.job.phone : found.booking.phone;
}

/** The dashboard's lookup travels in the path, its phone proof in the query. */
const customerLookupParamsSchema = customerLookupSchema.pick({ lookup: true });
const customerLookupQuerySchema = customerLookupSchema.pick({ phone: true });

export const jobLookupRoutes: FastifyPluginAsyncZod = async (app) => {
  const rateLimit = app.limits.lookup;
  const noStore = (reply: FastifyReply) => reply.header('Cache-Control', 'no-store');

  /**
   * An id proved by phone digits. Every wrong phone counts against the id (existing or not, so
   * the answer tells nothing), and an id with too many wrong phones answers 429 for a while.
   */
  async function provedById(id: string, phone: string | undefined): Promise<Found> {
    if (!phone)
      throw badRequest(MESSAGES.PHONE_PROOF_REQUIRED, { phone: MESSAGES.PHONE_PROOF_REQUIRED });
    const key = phoneProofKey(id);
    const locked = await app.guards.phoneProof.lockedFor(key);
    if (locked > 0) throw new HttpError(429, MESSAGES.lookupLocked(minutesOf(locked)));
    const found = byId(app, id);
    if (!found || !phoneProofMatches(phoneOf(found), phone)) {
      await app.guards.phoneProof.fail(key);
      throw noJobFound();
    }
    return found;
  }

  const trackSchema = {
    summary: 'What a tracking link shows: the job, or the booking while it waits',
    params: trackParamsSchema,
    response: { 200: trackResponseSchema, ...errorAnswers(404, 429) },
  };
  const trackNotFound = { message: MESSAGES.TRACKING_LINK_NOT_FOUND, field: 'token' };
  app.get(
    '/track/:token',
    { schema: trackSchema, config: { rateLimit, paramsNotFound: trackNotFound } },
    async (request, reply) => {
      const answer = trackAnswer(app, request.params.token);
      if (!answer) {
        throw new HttpError(404, MESSAGES.TRACKING_LINK_NOT_FOUND, {
          token: MESSAGES.TRACKING_LINK_NOT_FOUND,
        });
      }
      noStore(reply);
      return answer;
    },
  );

  const searchSchema = {
    summary: 'The portal: a job id or booking reference, proved by the phone',
    querystring: portalSearchSchema,
    response: { 200: jobSearchResponseSchema, ...errorAnswers(400, 404, 429) },
  };
  app.get(
    '/jobs/search',
    { schema: searchSchema, config: { rateLimit } },
    async (request, reply) => {
      const { query, phone } = request.query;
      const text = query.trim();
      noStore(reply);
      if (isJobIdLookup(text) || isBookingIdLookup(text)) {
        return masked(app, await provedById(text, phone), phone);
      }
      if (isTrackingToken(text)) {
        const found = byToken(app, text);
        if (!found) throw noJobFound();
        return masked(app, found);
      }
      // A whole phone number is what the dashboard takes too: the customer's newest job.
      if (isValidPhone(text)) {
        const job = jobsForPhone(app.db, text)[0];
        if (job) return { job: maskJob(job, text), timeline: timelineOf(app, job) };
        const booking = pendingBookingsForPhone(app.db, text)[0];
        if (booking) return { booking: maskBooking(booking, text) };
      }
      // A name finds nothing: names are shared and guessable.
      throw noJobFound();
    },
  );

  const customerSchema = {
    summary: "The dashboard: a customer's jobs and pending bookings by phone",
    params: customerLookupParamsSchema,
    querystring: customerLookupQuerySchema,
    response: { 200: customerJobsResponseSchema, ...errorAnswers(400, 404, 429) },
  };
  app.get(
    '/jobs/customer/:lookup',
    { schema: customerSchema, config: { rateLimit } },
    async (request, reply) => {
      const { lookup } = request.params;
      const { phone } = request.query;
      noStore(reply);
      const text = lookup.trim();
      let customerPhone: string;
      if (isJobIdLookup(text) || isBookingIdLookup(text)) {
        customerPhone = phoneOf(await provedById(text, phone));
      } else if (isValidPhone(text)) {
        customerPhone = text;
      } else {
        return { jobs: [], bookings: [], reviewedJobIds: [] };
      }
      const known = isValidPhone(text) ? text : phone;
      const jobs = jobsForPhone(app.db, customerPhone);
      const reviewed = new Set(
        reviewedJobIds(
          app.db,
          jobs.map((job) => job.id),
        ),
      );
      return {
        jobs: jobs.map((job) => maskJob(job, known)),
        bookings: pendingBookingsForPhone(app.db, customerPhone).map((booking) =>
          maskBooking(booking, known),
        ),
        // Named as the jobs are shown to the customer: by their numbers.
        reviewedJobIds: jobs.filter((job) => reviewed.has(job.id)).map((job) => documentRef(job)),
      };
    },
  );
};
