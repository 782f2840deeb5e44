/**
 * Routes declare the shared zod schemas in their options (`schema: {params, querystring, body,
 * response}`, fastify/demo's shape), and that one declaration gives the request validation, the
 * handler's types (fastify-type-provider-zod) and the OpenAPI description (plugins/api-docs.ts).
 *
 * - Request parts are validated with the schema's own messages — the spec's texts, word for
 *   word — and a failure answers 400 `{error, fields}` naming every bad field (first message per
 *   field, dotted path). A missing body or query reads as `{}`, so its required fields are named
 *   one by one rather than "expected object". Nothing reaches the handler unparsed.
 * - Bad route params of a route whose config has `paramsNotFound` answer 404 with that message
 *   instead: an id that cannot exist is answered like an unknown one.
 * - Responses are sent as the handler built them; each is also checked against its declared
 *   schema, so the description cannot drift from what the server sends. A mismatch throws in
 *   tests (`responseCheck: 'throw'`) and is logged in production, where a user still gets the
 *   answer.
 */
import type {
  FastifyBaseLogger,
  FastifySchemaCompiler,
  FastifySerializerCompiler,
  FastifyError,
  FastifyRequest,
  onRouteHookHandler,
} from 'fastify';
import type { z } from 'zod';
import { apiErrorSchema, issuesToFields } from '@pilbara/shared-schema';
import { HttpError } from '../http-error';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The answer when the route's params fail validation: such an id cannot exist, so it gets
     * the not-found answer of an unknown one (404) rather than a 400.
     */
    paramsNotFound?: { message: string; field?: string };
  }
}

/** What the server does when a response does not match its declared schema. */
export type ResponseCheck = 'throw' | 'log';

function isZodSchema(schema: unknown): schema is z.ZodType {
  return typeof (schema as { safeParse?: unknown } | null)?.safeParse === 'function';
}

/** The 400 of a failed parse: the first message as `error`, every field's message in `fields`. */
function validationError(error: z.ZodError): HttpError {
  const fields = issuesToFields(error.issues);
  const first = Object.values(fields)[0] ?? 'Invalid request';
  return new HttpError(400, first, fields);
}

/** Parses a request part with its route's zod schema. */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, method, url }) => {
  if (!isZodSchema(schema)) {
    throw new Error(`${method} ${url}: route schemas are zod schemas from shared-schema`);
  }
  return (data) => {
    const result = schema.safeParse(data ?? {});
    return result.success ? { value: result.data } : { error: validationError(result.error) };
  };
};

/** Serializes a response as JSON after checking it against the declared schema. */
export function responseSerializer(
  check: ResponseCheck,
  log: FastifyBaseLogger,
): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url, httpStatus }) => {
    if (!isZodSchema(schema)) {
      throw new Error(`${method} ${url}: response schemas are zod schemas from shared-schema`);
    }
    return (data) => {
      const checked = schema.safeParse(data);
      if (!checked.success) {
        const problem = {
          method,
          url,
          status: httpStatus,
          fields: issuesToFields(checked.error.issues),
        };
        if (check === 'throw') {
          // Tests build their apps without a logger: say what drifted where the runner shows it.
          const message = `Response does not match its schema: ${JSON.stringify(problem)}`;
          console.error(message);
          throw new Error(message);
        }
        log.error(problem, 'response does not match its declared schema');
      }
      return JSON.stringify(data);
    };
  };
}

/**
 * The 404 a route answers for params that cannot name anything (its `paramsNotFound` config),
 * or undefined when the error is not such a params failure.
 */
export function paramsNotFound(error: unknown, request: FastifyRequest): HttpError | undefined {
  if ((error as Partial<FastifyError>).validationContext !== 'params') return undefined;
  const answer = request.routeOptions.config.paramsNotFound;
  if (!answer) return undefined;
  return answer.field === undefined
    ? new HttpError(404, answer.message)
    : new HttpError(404, answer.message, { [answer.field]: answer.message });
}

type ErrorAnswers<S extends number> = { [K in S]: typeof apiErrorSchema };

/** The error answers a route documents, each `{error, fields?}`: `errorAnswers(400, 404)`. */
export function errorAnswers<const S extends readonly number[]>(
  ...statuses: S
): ErrorAnswers<S[number]> {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorSchema])) as ErrorAnswers<
    S[number]
  >;
}

/** Who may call an area's routes, for its description. */
export interface AreaDefaults {
  /** The document's tag (plugins/api-docs.ts API_TAGS). */
  tag: 'public' | 'auth' | 'payments' | 'staff' | 'sync' | 'accounts';
  /** Admins only: the routes need the session cookie and answer 401/403 to anyone else. */
  admin?: boolean;
}

/**
 * An onRoute hook that gives every route of an area (a plugin and its children) its tag and,
 * for admin areas, the session requirement and the 401/403 answers, so each route declares
 * only what is its own.
 */
export function areaDefaults({ tag, admin = false }: AreaDefaults): onRouteHookHandler {
  return (route) => {
    const schema = route.schema ?? {};
    const response = (schema.response ?? {}) as Record<string, unknown>;
    route.schema = {
      ...schema,
      // @fastify/websocket hides its upgrade routes from the description; ours are API routes.
      ...(route.websocket ? { hide: false } : {}),
      tags: (schema as { tags?: string[] }).tags ?? [tag],
      ...(admin
        ? {
            security: [{ session: [] }],
            response: { ...errorAnswers(401, 403), ...response },
          }
        : {}),
    } as typeof schema;
  };
}
