/**
 * Accounts: register (always a customer), login, logout (ends the session server-side and closes
 * its sync socket), change password (ends every session of the account, then starts a fresh one
 * for the caller) and me. Responses carry `{user}` without the password hash.
 *
 * Sign-in cannot be turned against the owners:
 * - Customers and staff are separate namespaces (migration 0026): registration checks only the
 *   customers' usernames, so it tells nobody which names staff use; a sign-in tries the
 *   customer account of the name first, then the staff one, and every failure takes as long as
 *   checking both, so timing does not tell either.
 * - Failures slow the one failing (services/guards.ts BackoffGuard): past five for an account or
 *   ten from an address in 15 minutes, each try waits 1 s, 2 s, 4 s… up to 15 minutes (429 with
 *   how long) — on top of the per-address request rate limit. A device that signed in to the
 *   account before (services/known-devices.ts) has a budget of its own and is never held back by
 *   anyone else's failures; its password check runs in the trusted lane, which a flood of wrong
 *   passwords from elsewhere cannot fill (services/passwords.ts).
 * A correct sign-in clears its count. A hash made at an older scrypt cost is replaced at the
 * sign-in that proves the password.
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
  accountsForSignIn,
  getUser,
  toPublicUser,
  updateUserAccount,
  upgradePasswordHash,
  type UserRow,
} from '../../db/repositories/users';
import { requireUser } from '../../plugins/auth';
import { isKnownDevice, rememberDevice } from '../../services/known-devices';
import {
  hashPassword,
  needsRehash,
  verifyPassword,
  type PasswordLane,
} from '../../services/passwords';
import { createAccount } from '../../services/accounts';
import { adminFirstScreen } from '../../sync/admin-first-screen';
import { driverFirstScreen } from '../../sync/driver-first-screen';

/** Verifying against a real hash when the user is unknown keeps timing from telling who exists. */
let dummyHash: Promise<string> | undefined;

/** Waits `ms` without holding a password-check slot. */
function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

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
      const { loginAccount, loginAddress, loginKnownDevice } = app.guards;
      const candidates = accountsForSignIn(app.db, input.username);
      const known = candidates.filter((account) => isKnownDevice(request, account));
      const fromKnownDevice = known.length > 0;
      const wait = fromKnownDevice
        ? await loginKnownDevice.waitFor(accountKey)
        : Math.max(await loginAccount.waitFor(accountKey), await loginAddress.waitFor(request.ip));
      if (wait > 0) throw new HttpError(429, MESSAGES.signInWait(wait));

      const lane: PasswordLane = fromKnownDevice ? 'trusted' : 'public';
      // The device's own account first; else the customer's, then the staff account's.
      const order = [...known, ...candidates.filter((account) => !known.includes(account))];
      dummyHash ??= hashPassword('not-a-real-password', app.passwordCost);
      const started = Date.now();
      let user: UserRow | undefined;
      for (const account of order) {
        if (await verifyPassword(input.password, account.password, lane)) {
          user = account;
          break;
        }
      }
      if (order.length === 0) await verifyPassword(input.password, await dummyHash, lane);
      if (!user || !user.isActive) {
        // A failure takes as long as checking two accounts, whether the name has one, two or
        // none: timing does not tell that a staff account shares a customer's name.
        const checked = Math.max(order.length, 1);
        if (checked < 2) await pause(((Date.now() - started) / checked) * (2 - checked));
        if (fromKnownDevice) {
          await loginKnownDevice.fail(accountKey);
        } else {
          await loginAccount.fail(accountKey);
          await loginAddress.fail(request.ip);
        }
        throw new HttpError(401, MESSAGES.INVALID_CREDENTIALS);
      }
      await (fromKnownDevice ? loginKnownDevice : loginAccount).clear(accountKey);
      if (needsRehash(user.password, app.passwordCost)) {
        const upgraded = await hashPassword(input.password, app.passwordCost);
        upgradePasswordHash(app.db, user.id, upgraded);
        user = { ...user, password: upgraded };
      }
      reply.startSession(user.id);
      rememberDevice(request, reply, user, app.config.publicUrl.startsWith('https:'));
      // The role's first screen comes with the answer, so it shows before the sync.
      const driverJobs = driverFirstScreen(app.db, user.id, app.now());
      const firstScreen = adminFirstScreen(app.db, user.id, app.now());
      return {
        user: toPublicUser(user),
        ...(driverJobs && { driverJobs }),
        ...(firstScreen && { adminFirstScreen: firstScreen }),
      };
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
