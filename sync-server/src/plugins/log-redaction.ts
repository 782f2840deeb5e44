/**
 * What the server's log never holds: passwords, tracking and pay-link tokens, phone
 * proofs, session cookies and card secrets — wherever they appear. A browser that submits a form
 * before its script runs, a tracking link in the address bar, a dashboard lookup by phone number:
 * each puts a secret in a URL, and every request's URL is logged.
 *
 * - URLs (every request's log line): the token in `/api/track/<token>…`, a phone number in
 *   `/api/jobs/customer/<phone>`, and the value of every query parameter whose name says it is a
 *   secret or a proof (`token`, `password`, `phone`, `…secret`, `session`, `sid`, `auth`, `key`,
 *   `digits`, and the portal search's `query`) become `[redacted]`. Request headers are not
 *   logged at all.
 * - Objects a log call is given: pino's redaction of the same names as keys, one level into any
 *   object and in request/response headers (`cookie`, `authorization`, `set-cookie`,
 *   `stripe-signature`).
 */
import type { FastifyRequest, FastifyServerOptions } from 'fastify';

const REDACTED = '[redacted]';

/**
 * Query parameter (and body field) names whose values are secrets or proofs. `query` is the
 * portal search's: a job id there, but as often a tracking token or a whole phone number.
 */
const SECRET_NAME = /(token|password|passwd|secret|phone|session|^sid$|auth|key|digits|^query$)/i;

/** `/api/jobs/customer/<lookup>`: a job id or booking reference may stay, anything else not. */
const SAFE_LOOKUP = /^(JOB|BKG)-\d{4}-\d{1,9}$/i;

function redactPath(pathname: string): string {
  const parts = pathname.split('/');
  for (let i = 0; i < parts.length - 1; i += 1) {
    const next = parts[i + 1] ?? '';
    if (parts[i - 1] === 'api' && parts[i] === 'track' && next !== '') parts[i + 1] = REDACTED;
    if (
      parts[i - 1] === 'jobs' &&
      parts[i] === 'customer' &&
      next !== '' &&
      !SAFE_LOOKUP.test(decodeSafely(next))
    ) {
      parts[i + 1] = REDACTED;
    }
  }
  return parts.join('/');
}

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The URL as it may be logged: secrets in its path and query replaced by `[redacted]`. */
function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const pathname = queryAt < 0 ? url : url.slice(0, queryAt);
  const path = redactPath(pathname);
  if (queryAt < 0) return path;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = decodeSafely((equals < 0 ? pair : pair.slice(0, equals)).replace(/\+/g, ' '));
      return equals >= 0 && SECRET_NAME.test(name) ? `${pair.slice(0, equals)}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

/** Keys redacted wherever a log call's object carries them (one level deep). */
const SECRET_KEYS = [
  'password',
  'currentPassword',
  'newPassword',
  'token',
  'trackingToken',
  'phone',
  'cookie',
  'authorization',
  'clientSecret',
];

/** pino `redact` paths: headers of requests and responses, and the secret keys above. */
const LOG_REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["stripe-signature"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'headers["set-cookie"]',
  ...SECRET_KEYS,
  ...SECRET_KEYS.map((key) => `*.${key}`),
];

/** The request as its log lines show it (Fastify's default fields, the URL redacted). */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

type LoggerOption = FastifyServerOptions['logger'];

/** The logger options with redaction added (`false` stays no logger). */
export function redactingLogger(logger: LoggerOption): LoggerOption {
  if (logger === false || logger === undefined) return logger;
  const base = logger === true ? {} : logger;
  return {
    ...base,
    serializers: { ...base.serializers, req: serializeRequest },
    redact: { paths: LOG_REDACT_PATHS, censor: REDACTED },
  };
}
