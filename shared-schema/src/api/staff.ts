/**
 * Staff accounts: admins add staff (role admin or driver), reset a password, change a
 * role and deactivate an account. The field rules are registration's; a staff member's role is
 * chosen here and nowhere else.
 */
import { z } from 'zod';
import { publicUserSchema } from '../entities/user';
import { intIdSchema } from '../entities/common';
import { MESSAGES } from '../messages';
import { STAFF_ROLES } from '../rules/roles';
import { registerInputSchema } from './auth';
import { optionalEmail } from './fields';

/** A staff role, with the message a wrong one gets. */
export const staffRoleSchema = z.enum(STAFF_ROLES, { error: MESSAGES.STAFF_ROLE_INVALID });

const { username, firstName, lastName, phone, password } = registerInputSchema.shape;

/** POST /api/staff body: a new admin or driver, signing in with this username and password. */
export const staffAccountInputSchema = z.object({
  username,
  password,
  firstName,
  lastName,
  email: optionalEmail(),
  phone,
  role: staffRoleSchema,
});
/** New staff account as sent. */
export type StaffAccountInput = z.input<typeof staffAccountInputSchema>;

/** POST /api/staff/{id}/password body: the new password (the account's sessions end). */
export const staffPasswordInputSchema = z.object({ password });
/** Password reset body. */
export type StaffPasswordInput = z.infer<typeof staffPasswordInputSchema>;

/**
 * PATCH /api/staff/{id} body: a new role, or `isActive: false` to deactivate (true to bring the
 * account back). Either change ends the account's sessions and closes its sync socket.
 */
export const staffUpdateInputSchema = z
  .object({
    role: staffRoleSchema.optional(),
    isActive: z.boolean({ error: 'Active must be true or false' }).optional(),
  })
  .refine((body) => body.role !== undefined || body.isActive !== undefined, {
    error: 'Send a role or isActive to change',
    path: ['role'],
  });
/** Staff change body. */
export type StaffUpdateInput = z.infer<typeof staffUpdateInputSchema>;

/** One staff account as the API returns it (never the password). */
export const staffAccountResponseSchema = z.object({ user: publicUserSchema });
/** GET /api/staff: every admin and driver account, active or not. */
export const staffListResponseSchema = z.object({ staff: z.array(publicUserSchema) });
/** Staff list response. */
export type StaffListResponse = z.infer<typeof staffListResponseSchema>;

/** A driver jobs can be assigned to: the account and the name jobs carry (rules/roles.ts). */
export const assignableDriverSchema = z.object({ id: intIdSchema, name: z.string() });
/** GET /api/drivers: the active drivers, the names the job form offers for assignment. */
export const driversResponseSchema = z.object({ drivers: z.array(assignableDriverSchema) });
/** Drivers response. */
export type DriversResponse = z.infer<typeof driversResponseSchema>;
