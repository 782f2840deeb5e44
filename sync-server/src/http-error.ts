/**
 * The error a request's handling throws to answer the client: its status, message and the
 * fields it names. Every layer may throw one (a route, a service such as the PDF pool, the sync
 * endpoints); the error handler of plugins/errors.ts turns it into `{error, fields}`.
 */
import { MESSAGES } from '@pilbara/shared-schema';

/** An error with the HTTP status and body the client should get. */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export function badRequest(message: string, fields?: Record<string, string>): HttpError {
  return new HttpError(400, message, fields);
}
export function notFound(message: string = MESSAGES.NOT_FOUND): HttpError {
  return new HttpError(404, message);
}
export function conflict(message: string, fields?: Record<string, string>): HttpError {
  return new HttpError(409, message, fields);
}
