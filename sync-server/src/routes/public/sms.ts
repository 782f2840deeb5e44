/**
 * The customer's say over text messages:
 *
 * - GET /api/track/:token/sms — whether the phone of this tracking link's job (or booking still
 *   waiting) gets texts, with the number masked as the tracking page masks phones;
 * - POST /api/track/:token/sms/stop — the tracking page's "Stop text messages": the number is
 *   never texted again (the token is the proof, as for the page itself);
 * - POST /api/track/:token/sms/start — the page's "Start text messages again", only after a stop
 *   made on the page: a STOP the phone replied is undone only by the phone's START (409);
 * - POST /api/sms/inbound — the provider's webhook for texts customers send: STOP (and the
 *   carriers' other opt-out words) opts the number out, START opts it back in. Only a request
 *   carrying the provider's signature (Twilio's X-Twilio-Signature, an HMAC of this address and
 *   the posted fields with the account's auth token) is heard; anything else answers 403 and
 *   changes nothing. Opting back in needs that signature, so it can only come from the number;
 *   and each text is applied once, only when it is the newest word from the number
 *   (services/sms-inbound.ts), so a captured START posted again cannot undo a later STOP.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MESSAGES,
  maskedSmsNumber,
  smsInboundAnswerSchema,
  smsInboundBodySchema,
  smsNumber,
  trackParamsSchema,
  trackSmsResponseSchema,
  noBodySchema,
  type TrackSmsResponse,
} from '@pilbara/shared-schema';
import { findJobByToken, findPendingBookingByToken } from '../../db/repositories/public-records';
import { optIn, optOut, optOutSource } from '../../db/repositories/sms';
import { takeInboundText } from '../../services/sms-inbound';
import { HttpError } from '../../http-error';
import { errorAnswers } from '../../plugins/route-schemas';

const NOT_SIGNED = 'Not signed by the SMS provider';
const NO_MESSAGE_SID = 'The text has no MessageSid';
const NOT_CONFIRMED = 'The SMS provider could not confirm when this text was sent; nothing changed';
const SMS_NOT_SET_UP = 'Text messages are not set up on this server';

/** An empty TwiML answer: heard, nothing to reply (the provider confirms STOP itself). */
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

export const smsRoutes: FastifyPluginAsyncZod = async (app) => {
  const trackNotFound = { message: MESSAGES.TRACKING_LINK_NOT_FOUND, field: 'token' };

  /** The number texts about this token's job or booking go to, or 404. */
  function numberOf(token: string): string | null {
    const found = findJobByToken(app.db, token) ?? findPendingBookingByToken(app.db, token);
    if (!found) {
      throw new HttpError(404, MESSAGES.TRACKING_LINK_NOT_FOUND, {
        token: MESSAGES.TRACKING_LINK_NOT_FOUND,
      });
    }
    return smsNumber(found.phone);
  }

  function state(phone: string | null): TrackSmsResponse {
    if (!phone) return { texts: 'none', phone: null, restartable: false };
    const source = optOutSource(app.db, phone);
    return {
      texts: source ? 'off' : 'on',
      phone: maskedSmsNumber(phone),
      restartable: source === 'tracking-page',
    };
  }

  app.get(
    '/track/:token/sms',
    {
      schema: {
        summary: "Whether the tracking link's phone gets text messages",
        params: trackParamsSchema,
        response: { 200: trackSmsResponseSchema, ...errorAnswers(400, 404, 429) },
      },
      config: { rateLimit: app.limits.lookup, paramsNotFound: trackNotFound },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return state(numberOf(request.params.token));
    },
  );

  app.post(
    '/track/:token/sms/stop',
    {
      schema: {
        summary: "Stop text messages to the tracking link's phone",
        description: 'The number is never texted again unless the customer replies START.',
        params: trackParamsSchema,
        body: noBodySchema,
        response: { 200: trackSmsResponseSchema, ...errorAnswers(400, 404, 429) },
      },
      config: { rateLimit: app.limits.publicWrite, paramsNotFound: trackNotFound },
    },
    async (request) => {
      const phone = numberOf(request.params.token);
      if (phone) optOut(app.db, phone, 'tracking-page', app.now());
      return state(phone);
    },
  );

  app.post(
    '/track/:token/sms/start',
    {
      schema: {
        summary: "Turn text messages back on for the tracking link's phone",
        description:
          'Only after a stop made on the tracking page; texts stopped by a STOP reply answer 409.',
        params: trackParamsSchema,
        body: noBodySchema,
        response: { 200: trackSmsResponseSchema, ...errorAnswers(400, 404, 409, 429) },
      },
      config: { rateLimit: app.limits.publicWrite, paramsNotFound: trackNotFound },
    },
    async (request) => {
      const phone = numberOf(request.params.token);
      if (phone && optOutSource(app.db, phone) === 'reply')
        throw new HttpError(409, MESSAGES.SMS_STOPPED_BY_REPLY);
      if (phone && optOutSource(app.db, phone) === 'tracking-page')
        optIn(app.db, phone, app.now(), 'tracking-page');
      return state(phone);
    },
  );

  await app.register(inboundRoute);
};

/** The webhook, in its own context: only it parses form bodies. */
const inboundRoute: FastifyPluginAsyncZod = async (app) => {
  // The provider posts a form; the signature covers its fields, so they are parsed as sent.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      done(null, Object.fromEntries(new URLSearchParams(text)));
    },
  );
  app.post(
    '/sms/inbound',
    {
      schema: {
        summary: 'Texts customers send (the SMS provider’s signed webhook)',
        description:
          'Twilio’s Messaging webhook: form fields, signed in X-Twilio-Signature. STOP opts ' +
          'the sender out of texts, START back in. Unsigned or wrongly signed: 403, nothing changes.',
        body: smsInboundBodySchema,
        response: { 200: smsInboundAnswerSchema, ...errorAnswers(400, 403, 429, 503) },
      },
      config: { rateLimit: app.limits.lookup },
    },
    async (request, reply) => {
      if (app.sms.kind === 'outbox') throw new HttpError(503, SMS_NOT_SET_UP);
      const signature = request.headers['x-twilio-signature'];
      const params = Object.fromEntries(
        Object.entries(request.body).map(([key, value]) => [key, String(value)]),
      );
      const url = `${app.config.publicUrl}${request.url}`;
      if (
        !app.sms.verifyInbound(typeof signature === 'string' ? signature : undefined, url, params)
      ) {
        request.log.warn('inbound text with a missing or wrong signature refused');
        throw new HttpError(403, NOT_SIGNED);
      }
      const messageSid = request.body.MessageSid ?? params.SmsSid;
      if (!messageSid) {
        throw new HttpError(400, NO_MESSAGE_SID, { MessageSid: NO_MESSAGE_SID });
      }
      const phone = smsNumber(request.body.From);
      if (phone) {
        const outcome = await takeInboundText(
          { db: app.db, sender: app.sms, now: app.now },
          { messageSid, phone, body: request.body.Body ?? '' },
        );
        request.log.info({ messageSid, outcome }, 'inbound text');
        if (outcome === 'unconfirmed') throw new HttpError(503, NOT_CONFIRMED);
      }
      return reply.type('text/xml').send(EMPTY_TWIML);
    },
  );
};
