/**
 * One error shape for the whole API: `{error}` with a readable message, plus `fields` for
 * validation failures. Anything a client can cause (bad JSON, too big a body, a duplicate key, a
 * missing reference) is a 4xx with a message; only a real server fault is a 500, and its details
 * stay in the log.
 */
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '@pilbara/shared-schema';
import { HttpError, badRequest, conflict } from '../http-error';
import { paramsNotFound } from './route-schemas';

interface SqliteError extends Error {
  code: string;
}

function isSqliteError(error: unknown): error is SqliteError {
  return (
    error instanceof Error &&
    typeof (error as unknown as { code?: unknown }).code === 'string' &&
    (error as unknown as { code: string }).code.startsWith('SQLITE_')
  );
}

/** Maps a constraint violation that slipped past validation to a client error. */
function fromSqlite(error: SqliteError): HttpError | undefined {
  switch (error.code) {
    case 'SQLITE_CONSTRAINT_UNIQUE':
    case 'SQLITE_CONSTRAINT_PRIMARYKEY': {
      // "UNIQUE constraint failed: vehicles.registration" → the spec's "duplicate key" reading.
      const column = /failed: (.+)$/.exec(error.message)?.[1] ?? 'value';
      return conflict(`duplicate key value violates unique constraint (${column})`);
    }
    case 'SQLITE_CONSTRAINT_FOREIGNKEY':
      return badRequest('The record refers to something that does not exist');
    case 'SQLITE_CONSTRAINT_NOTNULL': {
      const column = /failed: (.+)$/.exec(error.message)?.[1] ?? 'a field';
      return badRequest(`Missing required value (${column})`);
    }
    case 'SQLITE_CONSTRAINT_CHECK':
      return badRequest('A value is out of range');
    default:
      return undefined;
  }
}

/** Turns any thrown error into the response a client should see. */
export function toHttpError(error: unknown): HttpError | undefined {
  if (error instanceof HttpError) return error;
  if (isSqliteError(error)) return fromSqlite(error);
  const fastifyError = error as Partial<FastifyError>;
  const status = fastifyError.statusCode;
  if (typeof status !== 'number' || status >= 500) return undefined;
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return badRequest('The request body is not valid JSON');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new HttpError(413, 'The request body is too large');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new HttpError(415, 'Send the request body as JSON (Content-Type: application/json)');
    default:
      if (error instanceof SyntaxError) return badRequest('The request body is not valid JSON');
      return new HttpError(status, fastifyError.message ?? 'Bad request');
  }
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const httpError = paramsNotFound(error, request) ?? toHttpError(error);
    if (!httpError) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ error: MESSAGES.INTERNAL_ERROR });
    }
    // Our own 429s say what to do (wait how long, call us); the rate limiter's generic one
    // becomes the product's wording.
    if (httpError.statusCode === 429 && !(error instanceof HttpError)) {
      return reply.code(429).send({ error: MESSAGES.RATE_LIMITED });
    }
    const body: { error: string; fields?: Record<string, string> } = { error: httpError.message };
    if (httpError.fields) body.fields = httpError.fields;
    return reply.code(httpError.statusCode).send(body);
  });
}

/**
 * Answers an error Node's HTTP parser raises before there is a request (Fastify's
 * `clientErrorHandler`): 431 for headers larger than it reads, 408 for a request that never
 * arrived, 400 for anything else it cannot read; each in the `{error, fields?}` shape, then the
 * connection is closed.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed || !socket.writable) {
    socket.destroy();
    return;
  }
  let status = 400;
  let body: { error: string; fields?: Record<string, string> } = {
    error: MESSAGES.REQUEST_UNREADABLE,
  };
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    status = 431;
    body = { error: MESSAGES.HEADERS_TOO_LARGE, fields: { headers: MESSAGES.HEADERS_TOO_LARGE } };
  } else if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    status = 408;
    body = { error: 'The request took too long to arrive' };
  }
  const text = JSON.stringify(body);
  const reason =
    status === 431
      ? 'Request Header Fields Too Large'
      : status === 408
        ? 'Request Timeout'
        : 'Bad Request';
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
  );
}
