/**
 * Accounts: register (always a customer), login, logout (ends the session server-side and closes
 * its sync socket), change password (ends every session of the account, then starts a fresh one
 * for the caller) and me. Responses carry `{user}` without the password hash.
 *
 * Sign-in lockout (issue 14): five wrong passwords for one account within 15 minutes lock that
 * account's sign-in for 15 minutes, and twenty from one address lock that address, both answered
 * 429 with how long to wait — on top of the per-address request rate limit. A correct sign-in
 * clears the account's count. A hash made at an older scrypt cost is replaced at the sign-in
 * that proves the password.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MESSAGES,
  authUserResponseSchema,
  changePasswordInputSchema,
  loginInputSchema,
  loginResponseSchema,
  logoutResponseSchema,
  meResponseSchema,
  registerInputSchema,
  noBodySchema,
} from '@pilbara/shared-schema';
import { HttpError } from '../../http-error';
import { areaDefaults, errorAnswers } from '../../plugins/route-schemas';
import {
  findUserByUsername,
  getUser,
  toPublicUser,
  updateUserAccount,
  upgradePasswordHash,
} from '../../db/repositories/users';
import { requireUser } from '../../plugins/auth';
import { minutesOf } from '../../services/guards';
import { hashPassword, needsRehash, verifyPassword } from '../../services/passwords';
import { createAccount } from '../../services/accounts';
import { driverFirstScreen } from '../../sync/driver-first-screen';

/** Verifying against a real hash when the user is unknown keeps timing from telling who exists. */
let dummyHash: Promise<string> | undefined;

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRoute', areaDefaults({ tag: 'auth' }));

  const registerSchema = {
    summary: 'Create a customer account (never an admin)',
    body: registerInputSchema,
    response: { 201: authUserResponseSchema, ...errorAnswers(400, 409, 429) },
  };
  app.post(
    '/register',
    { schema: registerSchema, config: { rateLimit: app.limits.register } },
    async (request, reply) => {
      const input = request.body;
      const user = await createAccount(
        app.db,
        { ...input, role: 'customer' },
        app.passwordCost,
        app.now(),
      );
      return reply.code(201).send({ user: toPublicUser(user) });
    },
  );

  const loginSchema = {
    summary: 'Sign in; sets the session cookie. A driver also gets the jobs of their first screen',
    body: loginInputSchema,
    response: { 200: loginResponseSchema, ...errorAnswers(400, 401, 429) },
  };
  app.post(
    '/login',
    { schema: loginSchema, config: { rateLimit: app.limits.login } },
    async (request, reply) => {
      const input = request.body;
      const accountKey = input.username.trim().toLowerCase();
      const { loginAccount, loginAddress } = app.guards;
      const locked = Math.max(
        await loginAccount.lockedFor(accountKey),
        await loginAddress.lockedFor(request.ip),
      );
      if (locked > 0) throw new HttpError(429, MESSAGES.signInLocked(minutesOf(locked)));

      const user = findUserByUsername(app.db, input.username);
      dummyHash ??= hashPassword('not-a-real-password', app.passwordCost);
      const valid = await verifyPassword(input.password, user?.password ?? (await dummyHash));
      if (!user || !valid || !user.isActive) {
        await loginAccount.fail(accountKey);
        await loginAddress.fail(request.ip);
        throw new HttpError(401, MESSAGES.INVALID_CREDENTIALS);
      }
      await loginAccount.clear(accountKey);
      if (needsRehash(user.password, app.passwordCost)) {
        upgradePasswordHash(app.db, user.id, await hashPassword(input.password, app.passwordCost));
      }
      reply.startSession(user.id);
      // A driver's jobs come with the answer (issue 30), so their screen shows before the sync.
      const driverJobs = driverFirstScreen(app.db, user.id, app.now());
      return { user: toPublicUser(user), ...(driverJobs && { driverJobs }) };
    },
  );

  app.post(
    '/logout',
    {
      schema: {
        summary: 'End this session (and close its sync socket)',
        body: noBodySchema,
        response: { 200: logoutResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.endSession();
      return { success: true as const };
    },
  );

  const changePasswordSchema = {
    summary: 'Change the password; ends every session of the account but this one',
    security: [{ session: [] }],
    body: changePasswordInputSchema,
    response: { 200: logoutResponseSchema, ...errorAnswers(400, 401, 429) },
  };
  app.post(
    '/change-password',
    {
      onRequest: requireUser,
      schema: changePasswordSchema,
      config: { rateLimit: app.limits.login },
    },
    async (request, reply) => {
      const input = request.body;
      const user = request.user ? getUser(app.db, request.user.id) : undefined;
      if (!user || !(await verifyPassword(input.currentPassword, user.password))) {
        throw new HttpError(400, MESSAGES.CURRENT_PASSWORD_WRONG, {
          currentPassword: MESSAGES.CURRENT_PASSWORD_WRONG,
        });
      }
      const passwordHash = await hashPassword(input.newPassword, app.passwordCost);
      // Every session of the account ends (other devices, a stolen cookie); this one starts anew.
      updateUserAccount(app.db, user.id, { passwordHash }, app.now());
      reply.startSession(user.id);
      return { success: true as const };
    },
  );

  app.get(
    '/me',
    {
      schema: {
        summary: 'The signed-in user, or null',
        response: { 200: meResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { user: request.user };
    },
  );
};
