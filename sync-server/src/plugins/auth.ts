/**
 * Sessions and roles.
 *
 * A signed, httpOnly, SameSite=Lax cookie (`sid`, Secure when PUBLIC_URL is https) carries a
 * random session token; `request.user` is the signed-in user or null. Routes guard themselves
 * with the exported preHandlers: `requireUser` (401 for a guest), `requireStaff` (401 for a
 * guest, 403 for a customer: the staff area, where a driver's role is enforced call by call and
 * by the mutators' role rules) and `requireAdmin` (401 for a guest, 403 for anyone but an
 * admin). The server, not the client, enforces roles (docs/security.md).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';
import fp from 'fastify-plugin';
import { MESSAGES, assignmentName, isStaffRole, roleOf, type Actor } from '@pilbara/shared-schema';
import {
  createSession,
  deleteExpiredSessions,
  deleteSession,
  toPublicUser,
  userForSession,
  type PublicUser,
} from '../db/repositories/users';
import { HttpError } from '../http-error';

export const SESSION_COOKIE = 'sid';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user (without password), or null for a guest. */
    user: PublicUser | null;
  }
  interface FastifyReply {
    /** Starts a session for the user and sets the cookie. */
    startSession(userId: number): void;
    /** Ends the request's session server-side and clears the cookie. */
    endSession(): void;
  }
}

export interface AuthOptions {
  /** The secret that signs session cookies. */
  secret: string;
}

export const authPlugin = fp<AuthOptions>(
  async (app, options) => {
    await app.register(cookie, { secret: options.secret, hook: 'onRequest' });
    const secure = app.config.publicUrl.startsWith('https:');

    app.decorateRequest('user', null);

    const sessionToken = (request: FastifyRequest): string | undefined => {
      const raw = request.cookies[SESSION_COOKIE];
      if (!raw) return undefined;
      const unsigned = request.unsignCookie(raw);
      return unsigned.valid && unsigned.value ? unsigned.value : undefined;
    };

    // Until the configured admin account is in line (app.ts applies ADMIN_PASSWORD after
    // listening), sign-ins and requests with a session wait: none may be decided on the old
    // password or a session the new one ended.
    let accountsPending = true;
    void app.accountsReady.then(
      () => {
        accountsPending = false;
      },
      () => undefined,
    );

    app.addHook('onRequest', async (request) => {
      // Only the API needs to know who is calling; static files skip the lookup.
      if (!request.url.startsWith('/api/')) return;
      const token = sessionToken(request);
      if (accountsPending && (token || request.url.startsWith('/api/auth/'))) {
        await app.accountsReady;
      }
      if (!token) return;
      const row = userForSession(app.db, token, app.now());
      request.user = row ? toPublicUser(row) : null;
    });

    app.decorateReply('startSession', function (this: FastifyReply, userId: number) {
      const now = app.now();
      deleteExpiredSessions(app.db, now);
      const { token, expiresAt } = createSession(app.db, userId, now);
      this.setCookie(SESSION_COOKIE, token, {
        signed: true,
        httpOnly: true,
        sameSite: 'lax',
        secure,
        path: '/',
        expires: expiresAt,
      });
    });

    app.decorateReply('endSession', function (this: FastifyReply) {
      const token = sessionToken(this.request);
      if (token) deleteSession(app.db, token);
      this.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
    });
  },
  { name: 'auth' },
);

/** preHandler: 401 unless someone is signed in. */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.user) throw new HttpError(401, MESSAGES.UNAUTHORIZED);
}

/** preHandler: 401 for a guest, 403 for a signed-in user who is not an admin. */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (!request.user) throw new HttpError(401, MESSAGES.UNAUTHORIZED);
  if (request.user.role !== 'admin') throw new HttpError(403, MESSAGES.ADMIN_REQUIRED);
}

/** preHandler: 401 for a guest, 403 for anyone but staff (an admin or a driver). */
export async function requireStaff(request: FastifyRequest): Promise<void> {
  if (!request.user) throw new HttpError(401, MESSAGES.UNAUTHORIZED);
  if (!isStaffRole(request.user.role)) throw new HttpError(403, MESSAGES.STAFF_REQUIRED);
}

/** The signed-in user as the role rules see them (shared-schema rules/roles.ts). */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.user) throw new HttpError(401, MESSAGES.UNAUTHORIZED);
  return {
    role: roleOf(request.user.role),
    id: request.user.id,
    name: assignmentName(request.user),
  };
}
