/**
 * How staff routes write: every write is a named mutator applied through the shared apply path
 * (the same one devices sync through), so REST and sync can never disagree on a rule. This module
 * turns a mutator's rejection into the HTTP answer and pokes connected devices after a commit.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { NamedMutation } from '@pilbara/shared-schema';
import { HttpError } from '../../http-error';
import { applyServerMutations } from '../../sync/server-apply';
import type { Rejection } from '../../sync/execute';
import { notifyChanges } from '../../db/change-log';

/**
 * The HTTP error for a rejected mutation: 404 unknown id (or a job the caller's role cannot see),
 * 400 bad input, 403 a mutation the role may not run, 409 a business rule.
 */
function rejectionToHttp(rejection: Rejection): HttpError {
  const status =
    rejection.code === 'not_found'
      ? 404
      : rejection.code === 'invalid_args'
        ? 400
        : rejection.code === 'forbidden'
          ? 403
          : 409;
  return new HttpError(status, rejection.message, rejection.fields);
}

/**
 * The signed-in staff member (the routes run behind `requireStaff`); the apply path reads their
 * role from the account and refuses what it may not do.
 */
function userId(request: FastifyRequest): number {
  if (!request.user) throw new HttpError(401, 'Please log in to continue');
  return request.user.id;
}

function isList(
  built: NamedMutation | readonly NamedMutation[],
): built is readonly NamedMutation[] {
  return Array.isArray(built);
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
      return isList(built) ? built : [built];
    },
    userId(request),
    app.now().toISOString(),
  );
  if (!outcome.ok) throw rejectionToHttp(outcome);
  notifyChanges(app.db);
  return outcome.result as T;
}
