/**
 * The public lookups (DESIGN.md §7, §11). No public call lists jobs, and nothing is found by a
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
import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';
import {
  MESSAGES,
  customerLookupSchema,
  isBookingIdLookup,
  isJobIdLookup,
  isTrackingToken,
  isValidPhone,
  phoneProofMatches,
  portalSearchSchema,
  trackParamsSchema,
  type Booking,
  type Job,
} from '@pilbara/shared-schema';
import { parse } from '../../plugins/validation';
import { HttpError, badRequest } from '../../plugins/errors';
import {
  findBookingById,
  findJobById,
  findJobByToken,
  findPendingBookingByToken,
  jobsForPhone,
  pendingBookingsForPhone,
} from '../../db/repositories/public-records';
import { maskBooking, maskJob } from '../../services/masking';
import { minutesOf } from '../../services/guards';

/** The portal's "nothing found", the same for an unknown id and a wrong phone. */
function noJobFound(): HttpError {
  return new HttpError(404, MESSAGES.JOB_NOT_FOUND_TITLE, {
    query: MESSAGES.JOB_NOT_FOUND_DESCRIPTION,
  });
}

type Found = { job: Job } | { booking: Booking };

/** What a token opens: its job, else its booking while pending. */
function byToken(app: FastifyInstance, token: string): Found | undefined {
  const job = findJobByToken(app.db, token);
  if (job) return { job };
  const booking = findPendingBookingByToken(app.db, token);
  return booking ? { booking } : undefined;
}

/** The answer body, masked for a caller who typed `knownPhone` (if anything). */
function masked(found: Found, knownPhone?: string) {
  return 'job' in found
    ? { job: maskJob(found.job, knownPhone) }
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

export const jobLookupRoutes: FastifyPluginAsync = async (app) => {
  const rateLimit = app.limits.lookup;
  const noStore = (reply: FastifyReply) => reply.header('Cache-Control', 'no-store');

  /**
   * An id proved by phone digits. Every wrong phone counts against the id (existing or not, so
   * the answer tells nothing), and an id with too many wrong phones answers 429 for a while.
   */
  async function provedById(id: string, phone: string | undefined): Promise<Found> {
    if (!phone)
      throw badRequest(MESSAGES.PHONE_PROOF_REQUIRED, { phone: MESSAGES.PHONE_PROOF_REQUIRED });
    const key = `id:${id.trim().toUpperCase()}`;
    const locked = await app.guards.phoneProof.lockedFor(key);
    if (locked > 0) throw new HttpError(429, MESSAGES.lookupLocked(minutesOf(locked)));
    const found = byId(app, id);
    if (!found || !phoneProofMatches(phoneOf(found), phone)) {
      await app.guards.phoneProof.fail(key);
      throw noJobFound();
    }
    return found;
  }

  app.get('/track/:token', { config: { rateLimit } }, async (request, reply) => {
    const params = trackParamsSchema.safeParse(request.params);
    const found = params.success ? byToken(app, params.data.token) : undefined;
    if (!found) {
      throw new HttpError(404, MESSAGES.TRACKING_LINK_NOT_FOUND, {
        token: MESSAGES.TRACKING_LINK_NOT_FOUND,
      });
    }
    noStore(reply);
    return masked(found);
  });

  app.get('/jobs/search', { config: { rateLimit } }, async (request, reply) => {
    const { query, phone } = parse(portalSearchSchema, request.query);
    const text = query.trim();
    noStore(reply);
    if (isJobIdLookup(text) || isBookingIdLookup(text)) {
      return masked(await provedById(text, phone), phone);
    }
    if (isTrackingToken(text)) {
      const found = byToken(app, text);
      if (!found) throw noJobFound();
      return masked(found);
    }
    // A whole phone number is what the dashboard takes too: the customer's newest job.
    if (isValidPhone(text)) {
      const job = jobsForPhone(app.db, text)[0];
      if (job) return { job: maskJob(job, text) };
      const booking = pendingBookingsForPhone(app.db, text)[0];
      if (booking) return { booking: maskBooking(booking, text) };
    }
    // A name finds nothing: names are shared and guessable.
    throw noJobFound();
  });

  app.get('/jobs/customer/:lookup', { config: { rateLimit } }, async (request, reply) => {
    const { lookup, phone } = parse(customerLookupSchema, {
      ...(request.params as object),
      ...(request.query as object),
    });
    noStore(reply);
    const text = lookup.trim();
    let customerPhone: string;
    if (isJobIdLookup(text) || isBookingIdLookup(text)) {
      customerPhone = phoneOf(await provedById(text, phone));
    } else if (isValidPhone(text)) {
      customerPhone = text;
    } else {
      return { jobs: [], bookings: [] };
    }
    const known = isValidPhone(text) ? text : phone;
    return {
      jobs: jobsForPhone(app.db, customerPhone).map((job) => maskJob(job, known)),
      bookings: pendingBookingsForPhone(app.db, customerPhone).map((booking) =>
        maskBooking(booking, known),
      ),
    };
  });
};
