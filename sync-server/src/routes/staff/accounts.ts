/**
 * Staff accounts, for admins (docs/security.md): list the admins and drivers, add one,
 * reset a password, change a role or deactivate. Every change of password, role or active flag
 * ends the account's sessions and closes its sync sockets at once (users repository). The
 * configured admin only bootstraps the first account; the rest are made here.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MESSAGES,
  driversResponseSchema,
  intIdParamsSchema,
  isStaffRole,
  staffAccountInputSchema,
  staffAccountResponseSchema,
  staffListResponseSchema,
  staffPasswordInputSchema,
  staffUpdateInputSchema,
} from '@pilbara/shared-schema';
import {
  activeDrivers,
  countActiveAdmins,
  getUser,
  listStaff,
  toPublicUser,
  updateUserAccount,
  type UserRow,
} from '../../db/repositories/users';
import { conflict, notFound } from '../../http-error';
import { errorAnswers } from '../../plugins/route-schemas';
import { hashPassword } from '../../services/passwords';
import { createAccount } from '../../services/accounts';

/** A staff id that cannot exist is answered like an unknown one. */
const staffNotFound = { paramsNotFound: { message: MESSAGES.STAFF_NOT_FOUND } };

export const staffAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The staff account with this id; a customer's account is not one, so it is not found. */
  const staffAccount = (id: number): UserRow => {
    const user = getUser(app.db, id);
    if (!user || !isStaffRole(user.role)) throw notFound(MESSAGES.STAFF_NOT_FOUND);
    return user;
  };

  app.get(
    '/staff',
    {
      schema: {
        summary: 'Every staff account (admins and drivers), active or not',
        response: { 200: staffListResponseSchema },
      },
    },
    async () => ({ staff: listStaff(app.db).map(toPublicUser) }),
  );

  app.get(
    '/drivers',
    {
      schema: {
        summary: 'The active drivers: the names a job can be assigned to',
        response: { 200: driversResponseSchema },
      },
    },
    async () => ({ drivers: activeDrivers(app.db) }),
  );

  const addSchema = {
    summary: 'Add a staff account (role admin or driver)',
    body: staffAccountInputSchema,
    response: { 201: staffAccountResponseSchema, ...errorAnswers(400, 409) },
  };
  app.post('/staff', { schema: addSchema }, async (request, reply) => {
    const input = request.body;
    const user = await createAccount(app.db, input, app.passwordCost, app.now());
    return reply.code(201).send({ user: toPublicUser(user) });
  });

  const passwordSchema = {
    summary: 'Reset a staff member’s password; their sessions end',
    params: intIdParamsSchema,
    body: staffPasswordInputSchema,
    response: { 200: staffAccountResponseSchema, ...errorAnswers(400, 404) },
  };
  app.post(
    '/staff/:id/password',
    { schema: passwordSchema, config: staffNotFound },
    async (request) => {
      const { id } = staffAccount(request.params.id);
      const passwordHash = await hashPassword(request.body.password, app.passwordCost);
      const user = updateUserAccount(app.db, id, { passwordHash }, app.now());
      if (!user) throw notFound(MESSAGES.STAFF_NOT_FOUND);
      return { user: toPublicUser(user) };
    },
  );

  const updateSchema = {
    summary: 'Change a staff member’s role or deactivate them; their sessions end',
    params: intIdParamsSchema,
    body: staffUpdateInputSchema,
    response: { 200: staffAccountResponseSchema, ...errorAnswers(400, 404, 409) },
  };
  app.patch('/staff/:id', { schema: updateSchema, config: staffNotFound }, async (request) => {
    const before = staffAccount(request.params.id);
    const { role, isActive } = request.body;
    const losesAdmin =
      before.role === 'admin' &&
      before.isActive &&
      ((role !== undefined && role !== 'admin') || isActive === false);
    // Someone must always be able to manage the staff.
    if (losesAdmin && countActiveAdmins(app.db) <= 1) {
      throw conflict(MESSAGES.LAST_ADMIN, {
        [isActive === false ? 'isActive' : 'role']: MESSAGES.LAST_ADMIN,
      });
    }
    const user = updateUserAccount(app.db, before.id, { role, isActive }, app.now());
    if (!user) throw notFound(MESSAGES.STAFF_NOT_FOUND);
    return { user: toPublicUser(user) };
  });
};
