/**
 * `Idempotency-Key` for the public forms (DESIGN.md §5): the browser's outbox may send the same
 * submission more than once; the first answer is stored in the same transaction as the rows it
 * created, and any later request with that key gets the stored answer and writes nothing.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  findIdempotentResponse,
  requestHash,
  storeIdempotentResponse,
} from '../db/repositories/idempotency';
import { HttpError } from './errors';

export const IDEMPOTENCY_HEADER = 'idempotency-key';

export interface WriteResult {
  status: number;
  body: unknown;
}

export interface IdempotentResult extends WriteResult {
  /** True when this is a stored answer to an earlier request with the same key. */
  replayed: boolean;
}

/** The request's Idempotency-Key, validated, or undefined when it sent none. */
export function idempotencyKey(request: FastifyRequest): string | undefined {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return undefined;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key || key.length > 255 || !/^[\x21-\x7e]+$/.test(key)) {
    throw new HttpError(400, 'Idempotency-Key must be 1 to 255 visible ASCII characters');
  }
  return key;
}

/**
 * The stored answer for this request's key, if there is one. A key reused with a different body
 * is a client bug and gets a 422 rather than someone else's answer.
 */
export function replayIfSeen(
  app: FastifyInstance,
  request: FastifyRequest,
  route: string,
): IdempotentResult | undefined {
  const key = idempotencyKey(request);
  if (!key) return undefined;
  const stored = findIdempotentResponse(app.db, key, route);
  if (!stored) return undefined;
  if (stored.requestHash !== requestHash(request.body)) {
    throw new HttpError(422, 'This Idempotency-Key was already used for a different request');
  }
  return { status: stored.status, body: stored.body, replayed: true };
}

/**
 * Runs `write` in one transaction and, when the request carries a key, stores its answer in the
 * same transaction, so "rows written" and "answer remembered" can never disagree.
 */
export function writeOnce(
  app: FastifyInstance,
  request: FastifyRequest,
  route: string,
  write: () => WriteResult,
): IdempotentResult {
  const key = idempotencyKey(request);
  return app.db
    .transaction(() => {
      // Checked again inside the transaction: a concurrent twin may have finished meanwhile.
      const seen = replayIfSeen(app, request, route);
      if (seen) return seen;
      const result = write();
      if (key) {
        storeIdempotentResponse(
          app.db,
          key,
          route,
          { ...result, requestHash: requestHash(request.body) },
          app.now(),
        );
      }
      return { ...result, replayed: false };
    })
    .immediate();
}
