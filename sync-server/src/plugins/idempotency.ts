/**
 * `Idempotency-Key` for the public forms (docs/sync.md): the browser's outbox may send the same
 * submission more than once; the first answer is stored in the same transaction as the rows it
 * created, and any later request with that key gets the stored answer and writes nothing.
 *
 * A route takes part with `config: { idempotent: true }`. The stored answer is looked up before
 * the body is validated: a retry whose body has gone stale since (a booking for what was today
 * yesterday) still gets the answer the first request got. The body is hashed as it arrived, so
 * a retry matches whatever validation makes of it. A key the server put in a form is the one
 * exception to "same key, same body" ({@link newFormKey}).
 */
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  findIdempotentResponse,
  requestHash,
  storeIdempotentResponse,
} from '../db/repositories/idempotency';
import { inTransaction } from '../db/connection';
import { HttpError } from '../http-error';

const IDEMPOTENCY_HEADER = 'idempotency-key';

/**
 * How a key the server wrote into a form begins (services/form-page.ts). Such a key stands for
 * one filling-in of one served form, however it travels: the browser's native post (form fields,
 * every value a string) and the page script's post of the same form (the values as the schema
 * parsed them) encode the same submission differently, so for these keys a second request gets
 * the first one's answer without its body being compared.
 */
const FORM_KEY_PREFIX = 'form-';

/** A fresh key for a form the server is about to serve. */
export function newFormKey(): string {
  return `${FORM_KEY_PREFIX}${crypto.randomUUID()}`;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route honours `Idempotency-Key` (its handler writes through {@link writeOnce}). */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** The hash of the body as it arrived, taken before validation when a key was sent. */
    idempotencyHash?: string;
  }
}

export interface WriteResult<S extends number = number, B = unknown> {
  status: S;
  body: B;
}

export interface IdempotentResult<S extends number = number, B = unknown> extends WriteResult<
  S,
  B
> {
  /** True when this is a stored answer to an earlier request with the same key. */
  replayed: boolean;
}

/** The request's Idempotency-Key, validated, or undefined when it sent none. */
function idempotencyKey(request: FastifyRequest): string | undefined {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return undefined;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key || key.length > 255 || !/^[\x21-\x7e]+$/.test(key)) {
    throw new HttpError(400, 'Idempotency-Key must be 1 to 255 visible ASCII characters');
  }
  return key;
}

/** The hash of the body as it arrived (taken by the preValidation hook below). */
function bodyHash(request: FastifyRequest): string {
  if (request.idempotencyHash === undefined) {
    throw new Error(`${request.method} ${request.url} is not marked idempotent in its config`);
  }
  return request.idempotencyHash;
}

/**
 * Answers a request whose key was seen before with the stored answer, before validation; takes
 * the hash of the body as it arrived for {@link writeOnce}.
 */
export function registerIdempotency(app: FastifyInstance): void {
  app.addHook('preValidation', async (request, reply) => {
    if (!request.routeOptions.config.idempotent) return;
    const key = idempotencyKey(request);
    if (!key) return;
    request.idempotencyHash = requestHash(request.body);
    const replay = replayIfSeen(app, request, `${request.method} ${request.routeOptions.url}`);
    if (replay) return reply.code(replay.status).send(replay.body);
  });
}

/**
 * The stored answer for this request's key, if there is one. A key reused with a different body
 * is a client bug and gets a 422 rather than someone else's answer.
 */
function replayIfSeen(
  app: FastifyInstance,
  request: FastifyRequest,
  route: string,
): IdempotentResult | undefined {
  const key = idempotencyKey(request);
  if (!key) return undefined;
  const stored = findIdempotentResponse(app.db, key, route);
  if (!stored) return undefined;
  if (!key.startsWith(FORM_KEY_PREFIX) && stored.requestHash !== bodyHash(request)) {
    throw new HttpError(422, 'This Idempotency-Key was already used for a different request');
  }
  return { status: stored.status, body: stored.body, replayed: true };
}

/**
 * Runs `write` in one transaction and, when the request carries a key, stores its answer in the
 * same transaction, so "rows written" and "answer remembered" can never disagree. Only a write
 * that succeeded is stored, so a replay has the same status and body type as `write`'s answer.
 */
export function writeOnce<S extends number, B>(
  app: FastifyInstance,
  request: FastifyRequest,
  route: string,
  write: () => WriteResult<S, B>,
): IdempotentResult<S, B> {
  const key = idempotencyKey(request);
  return inTransaction(app.db, () => {
    // Checked again inside the transaction: a concurrent twin may have finished meanwhile.
    const seen = replayIfSeen(app, request, route);
    if (seen) return seen as IdempotentResult<S, B>;
    const result = write();
    if (key) {
      storeIdempotentResponse(
        app.db,
        key,
        route,
        { ...result, requestHash: bodyHash(request) },
        app.now(),
      );
    }
    return { ...result, replayed: false };
  });
}
