/** Sign-in, registration and session bodies (the field rules are the product's own). */
import { z } from 'zod';
import { bookingSchema } from '../entities/booking';
import { jobSchema } from '../entities/job';
import { publicUserSchema } from '../entities/user';
import { MESSAGES } from '../messages';
import { isValidPhone } from '../rules/customer-match';
import type { DueItem } from '../rules/prestart';
import { optionalText, requiredText } from './fields';

/** Longest username a sign-in accepts, after trimming (registration allows no longer). */
export const LOGIN_USERNAME_MAX = 50;
/** Longest password a sign-in accepts. */
export const LOGIN_PASSWORD_MAX = 255;

/** A password as typed to sign in: the account checks it, so only presence and the limit here. */
const typedPassword = z
  .string({ error: MESSAGES.PASSWORD_REQUIRED })
  .min(1, MESSAGES.PASSWORD_REQUIRED)
  .max(LOGIN_PASSWORD_MAX, MESSAGES.PASSWORD_MAX);

/** A password being set: the same, and at least 8 characters. */
const newPassword = z
  .string({ error: MESSAGES.PASSWORD_REQUIRED })
  .min(1, MESSAGES.PASSWORD_REQUIRED)
  .min(8, MESSAGES.PASSWORD_MIN)
  .max(255, MESSAGES.PASSWORD_MAX);

/**
 * POST /api/auth/login body, and the sign-in form's check: the username trimmed and present, at
 * most {@link LOGIN_USERNAME_MAX} characters; the password present (as typed: spaces count) and
 * at most {@link LOGIN_PASSWORD_MAX}. Each field that fails gets the message of its first
 * failing rule.
 */
export const loginInputSchema = z.object({
  username: requiredText(MESSAGES.USERNAME_REQUIRED, LOGIN_USERNAME_MAX, MESSAGES.USERNAME_MAX),
  password: typedPassword,
});
/** Login body. */
export type LoginInput = z.infer<typeof loginInputSchema>;

/**
 * POST /api/auth/register body. There is no role field: registration always creates a customer
 * (unknown keys such as `role` are stripped).
 */
export const registerInputSchema = z.object({
  firstName: requiredText(MESSAGES.FIRST_NAME_REQUIRED, 100),
  lastName: optionalText(100),
  username: z
    .string({ error: MESSAGES.USERNAME_REQUIRED })
    .trim()
    .min(1, MESSAGES.USERNAME_REQUIRED)
    .min(3, MESSAGES.USERNAME_MIN)
    .max(LOGIN_USERNAME_MAX, MESSAGES.USERNAME_MAX)
    .regex(/^[A-Za-z0-9._-]+$/, MESSAGES.USERNAME_CHARACTERS),
  email: z
    .string({ error: MESSAGES.EMAIL_REQUIRED })
    .trim()
    .min(1, MESSAGES.EMAIL_REQUIRED)
    .max(100, MESSAGES.EMAIL_MAX)
    .pipe(z.email(MESSAGES.EMAIL_INVALID)),
  /** Optional; when given, a real phone number (rules/customer-match.ts). */
  phone: z
    .string()
    .trim()
    .max(20, MESSAGES.PHONE_MAX)
    .refine(
      (value) => value === '' || value.length > 20 || isValidPhone(value),
      MESSAGES.PHONE_INVALID,
    )
    .nullish()
    .transform((value) => (value ? value : null)),
  password: newPassword,
});
/** Registration body as sent. */
export type RegisterInput = z.input<typeof registerInputSchema>;
/** Registration body after validation. */
export type RegisterData = z.output<typeof registerInputSchema>;

/** Answer of login and register: the signed-in user, never the password. */
export const authUserResponseSchema = z.object({ user: publicUserSchema });
/** Login / register response. */
export type AuthUserResponse = z.infer<typeof authUserResponseSchema>;

/**
 * A driver's first screen, sent with their sign-in: the jobs their `/driver` list shows
 * (rules/driver-jobs.ts `driverJobs` over the rows their sync scope gives), read at log position
 * `cursor`. The device shows them until its own synced copy has reached `cursor`, and never writes
 * them anywhere: its actions wait for the synced row
 * (docs/decisions/2026-11-28-driver-first-screen.md).
 */
export const driverFirstScreenSchema = z.object({
  cursor: z.number().int().min(0),
  jobs: z.array(jobSchema),
});
/** The jobs a driver's sign-in answer carries. */
export type DriverFirstScreen = z.infer<typeof driverFirstScreenSchema>;

/** One line of the fleet's due list (rules/prestart.ts `fleetDueItems`). */
const dueItemSchema: z.ZodType<DueItem> = z.object({
  vehicleId: z.number().int(),
  vehicleName: z.string(),
  kind: z.enum(['service', 'registration', 'insurance', 'prestart']),
  urgent: z.boolean(),
  text: z.string(),
});

/**
 * An admin's first screen, sent with their sign-in: the rows of the panel's figures and lists as
 * a new device's snapshot would send them first (sync/offline-scope.ts `onFirstScreen`): the
 * open and today's jobs, the pending bookings, and the fleet's due list worked out from the
 * trucks, their services and today's pre-start checks. Shown, never stored, until the device
 * holds its own first screen (docs/decisions/2026-12-06-admin-first-screen.md).
 */
export const adminFirstScreenSchema = z.object({
  jobs: z.array(jobSchema),
  bookings: z.array(bookingSchema),
  dueItems: z.array(dueItemSchema),
});
/** What an admin's sign-in answer carries for their first screen. */
export type AdminFirstScreen = z.infer<typeof adminFirstScreenSchema>;

/**
 * POST /api/auth/login answer: the user, and the first screen of their role: a driver's jobs, an
 * admin's panel.
 */
export const loginResponseSchema = authUserResponseSchema.extend({
  driverJobs: driverFirstScreenSchema.optional(),
  adminFirstScreen: adminFirstScreenSchema.optional(),
});
/** Login response. */
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** GET /api/auth/me: the session's user, or null when signed out. */
export const meResponseSchema = z.object({ user: publicUserSchema.nullable() });
/** Session response. */
export type MeResponse = z.infer<typeof meResponseSchema>;

/** POST /api/auth/logout answer. */
export const logoutResponseSchema = z.object({ success: z.literal(true) });

/**
 * POST /api/auth/change-password body: the current password, and the new one under the same
 * rules as at registration. Every session of the account ends; the caller gets a fresh one.
 */
export const changePasswordInputSchema = z.object({
  currentPassword: typedPassword,
  newPassword,
});
/** Change-password body. */
export type ChangePasswordInput = z.infer<typeof changePasswordInputSchema>;
