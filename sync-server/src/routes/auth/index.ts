/**
 * Accounts: register (always a customer), login, logout (ends the session server-side) and me.
 * Responses carry `{user}` without the password hash.
 */
import type { FastifyPluginAsync } from 'fastify';
import { MESSAGES, loginInputSchema, registerInputSchema } from '@pilbara/shared-schema';
import { parse } from '../../plugins/validation';
import { HttpError, conflict } from '../../plugins/errors';
import {
  createUser,
  findUserByEmail,
  findUserByUsername,
  toPublicUser,
} from '../../db/repositories/users';
import { hashPassword, verifyPassword } from '../../services/passwords';

/** Verifying against a real hash when the user is unknown keeps timing from telling who exists. */
let dummyHash: Promise<string> | undefined;

export const authRoutes: FastifyPluginAsync = async (app) => {
  app.post('/register', { config: { rateLimit: app.limits.register } }, async (request, reply) => {
    const input = parse(registerInputSchema, request.body);
    if (findUserByUsername(app.db, input.username)) {
      throw conflict(MESSAGES.USERNAME_TAKEN, { username: MESSAGES.USERNAME_TAKEN });
    }
    if (findUserByEmail(app.db, input.email)) {
      throw conflict(MESSAGES.EMAIL_TAKEN, { email: MESSAGES.EMAIL_TAKEN });
    }
    const passwordHash = await hashPassword(input.password);
    // Checked again after the await: another registration may have taken the name meanwhile.
    if (findUserByUsername(app.db, input.username)) {
      throw conflict(MESSAGES.USERNAME_TAKEN, { username: MESSAGES.USERNAME_TAKEN });
    }
    if (findUserByEmail(app.db, input.email)) {
      throw conflict(MESSAGES.EMAIL_TAKEN, { email: MESSAGES.EMAIL_TAKEN });
    }
    const user = createUser(
      app.db,
      {
        username: input.username,
        passwordHash,
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        phone: input.phone,
        role: 'customer',
      },
      app.now(),
    );
    return reply.code(201).send({ user: toPublicUser(user) });
  });

  app.post('/login', { config: { rateLimit: app.limits.login } }, async (request, reply) => {
    const input = parse(loginInputSchema, request.body);
    const user = findUserByUsername(app.db, input.username);
    dummyHash ??= hashPassword('not-a-real-password');
    const valid = await verifyPassword(input.password, user?.password ?? (await dummyHash));
    if (!user || !valid || !user.isActive) {
      throw new HttpError(401, MESSAGES.INVALID_CREDENTIALS);
    }
    reply.startSession(user.id);
    return { user: toPublicUser(user) };
  });

  app.post('/logout', async (_request, reply) => {
    reply.endSession();
    return { success: true };
  });

  app.get('/me', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { user: request.user };
  });
};
