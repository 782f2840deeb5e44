/**
 * Rules every API request meets before a route sees it:
 *
 * - A state-changing call (POST, PUT, PATCH, DELETE under /api) that carries a body carries JSON
 *   (`Content-Type: application/json`); the calls that take no body (approve, send-email,
 *   create-payment-intent …) may send none, or an empty JSON one. Anything else — a form post,
 *   `text/plain`, a body without a type — is answered 415 and changes nothing; no HTML form can
 *   send JSON, so a cross-site form cannot drive the API with a visitor's cookie. The card and
 *   SMS providers' webhooks are the exceptions: they post their own bytes, checked by signature.
 *   The check runs after the route's sign-in check, so a guest still learns only 401/403.
 * - Plain text is not parsed at all, and an empty JSON body is read as "no body".
 * - A JSON body nested deeper than {@link MAX_JSON_DEPTH} arrays and objects is refused with 400
 *   before it is parsed: deeply nested arrays would overflow the stack of the
 *   request hash and answer 500. No form or sync batch comes near the limit.
 * - A state-changing request a browser sends on another site's behalf is refused with 403 before
 *   anything else happens ({@link fromThisSite}, the sync socket's check too): a page of another
 *   site could still make a body-less call (an approval, a send-email) with the owner's cookie,
 *   where only SameSite stood in the way. Callers that are not browsers send no Origin and no
 *   Sec-Fetch-Site and go on: the providers' webhooks, which prove themselves by signature.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES } from '@pilbara/shared-schema';
import { HttpError } from '../http-error';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Calls whose body is not ours to choose. */
const RAW_BODY_PATHS = new Set(['/api/payments/webhook', '/api/sms/inbound']);
/**
 * The field record's resumable uploads send bytes as tus prescribes
 * (`application/offset+octet-stream`); every such request must carry a `Tus-Resumable` header,
 * which no cross-site form can send, and tus refuses one without it (412).
 */
const RAW_BODY_PREFIX = '/api/uploads';

/** Arrays and objects inside one another that a JSON body may have (a sync batch uses ~8). */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether JSON text nests deeper than `limit`: one pass over the characters, strings skipped, no
 * recursion (so the check itself cannot overflow). Text that is not JSON is left to the parser.
 */
export function jsonNestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i += 1; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth += 1;
      if (depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth -= 1;
  }
  return false;
}

/**
 * Whether a request comes from this site, or from no browser page at all. A browser names the
 * page's origin in `Origin` (every cross-origin request, and same-origin ones but GET/HEAD); it
 * must be PUBLIC_URL's origin or the address the request came to (a LAN or test setup on
 * another port). Without an Origin, a browser that sends `Sec-Fetch-Site` says whose page it
 * was: `same-origin` or `none` (typed or bookmarked) only. A caller with neither is not a browser
 * page, so it carries no borrowed cookie.
 */
export function fromThisSite(request: FastifyRequest, publicUrl: string): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) {
    const site = request.headers['sec-fetch-site'];
    return site === undefined || site === 'same-origin' || site === 'none';
  }
  const allowed = new Set([new URL(publicUrl).origin]);
  const host = request.headers.host;
  if (host) allowed.add(`${request.protocol}://${host}`);
  return allowed.has(origin);
}

function isJson(contentType: string | undefined): boolean {
  return /^application\/json\s*(;|$)/i.test(contentType ?? '');
}

export function registerRequestRules(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method)) return;
    const pathname = request.url.split('?')[0] ?? '';
    // The providers post from their servers, signed; no browser page is involved.
    if (RAW_BODY_PATHS.has(pathname)) return;
    if (!fromThisSite(request, app.config.publicUrl)) {
      throw new HttpError(403, MESSAGES.ORIGIN_NOT_ALLOWED, {
        origin: MESSAGES.ORIGIN_NOT_ALLOWED,
      });
    }
  });

  app.removeContentTypeParser('text/plain');

  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    if (jsonNestsDeeperThan(text, MAX_JSON_DEPTH)) {
      done(new HttpError(400, MESSAGES.BODY_TOO_DEEP, { body: MESSAGES.BODY_TOO_DEEP }), undefined);
      return;
    }
    parseJson(request, text, (error, value) => {
      if (error) done(new HttpError(400, 'The request body is not valid JSON'), undefined);
      else done(null, value);
    });
  });

  app.addHook('preValidation', async (request) => {
    if (!STATE_CHANGING.has(request.method)) return;
    const pathname = request.url.split('?')[0] ?? '';
    if (!pathname.startsWith('/api/') || RAW_BODY_PATHS.has(pathname)) return;
    if (pathname === RAW_BODY_PREFIX || pathname.startsWith(`${RAW_BODY_PREFIX}/`)) return;
    const contentType = request.headers['content-type'];
    if (isJson(contentType)) return;
    const hasBody =
      contentType !== undefined ||
      Number(request.headers['content-length'] ?? 0) > 0 ||
      request.headers['transfer-encoding'] !== undefined;
    if (!hasBody) return;
    throw new HttpError(415, MESSAGES.JSON_BODY_REQUIRED, {
      'content-type': MESSAGES.JSON_BODY_REQUIRED,
    });
  });
}
