/**
 * How staff routes write: every write is a named mutator applied through the shared apply path
 * (the same one devices sync through), so REST and sync can never disagree on a rule. This module
 * turns a mutator's rejection into the HTTP answer and pokes connected devices after a commit.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { HttpError } from '../../plugins/errors';
import {
  applyServerMutations,
  type NamedMutation,
  type Rejection,
} from '../../sync/apply-mutation';
import { notifyChanges } from '../../sync/change-log';

/** The HTTP error for a rejected mutation: 404 unknown id, 400 bad input, 409 a business rule. */
export function rejectionToHttp(rejection: Rejection): HttpError {
  const status =
    rejection.code === 'not_found' ? 404 : rejection.code === 'invalid_args' ? 400 : 409;
  return new HttpError(status, rejection.message, rejection.fields);
}

/** The signed-in staff member (the routes run behind `requireAdmin`). */
function userId(request: FastifyRequest): number {
  if (!request.user) throw new HttpError(401, 'Please log in to continue');
  return request.user.id;
}

/**
 * Applies the mutations `build` returns as one unit and returns the last one's result; throws
 * the HTTP error of the first rejection, with nothing written. `build` runs inside the
 * transaction: ids it mints are not used up by a rejected request.
 */
export function mutate<T = Record<string, unknown>>(
  app: FastifyInstance,
  request: FastifyRequest,
  build: () => NamedMutation | readonly NamedMutation[],
): T {
  const outcome = applyServerMutations(
    app.db,
    () => {
      const built = build();
      return Array.isArray(built) ? built : [built as NamedMutation];
    },
    userId(request),
    app.now().toISOString(),
  );
  if (!outcome.ok) throw rejectionToHttp(outcome);
  notifyChanges(app.db);
  return outcome.result as T;
}

/** Route params parsed with `schema`; an id that cannot exist is answered like an unknown one (404). */
export function idParam<S extends z.ZodType<{ id: string | number }>>(
  schema: S,
  params: unknown,
  notFoundMessage: string,
): z.output<S>['id'] {
  const parsed = schema.safeParse(params);
  if (!parsed.success) throw new HttpError(404, notFoundMessage);
  return parsed.data.id;
}
