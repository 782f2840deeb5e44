import { z } from 'zod';
import { intIdSchema, isoDateTimeSchema } from './common';

/** Table `users`. `password` holds the scrypt hash and never leaves the server. */
export const userSchema = z.object({
  id: intIdSchema,
  username: z.string().min(1).max(50),
  password: z.string().max(255),
  /** Null for an account made by configuration (the first admin) without an address. */
  email: z.string().max(100).nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phone: z.string().max(20).nullable(),
  /**
   * 'customer' (default), 'driver', 'admin' or 'account' (rules/roles.ts); other text reads as
   * customer.
   */
  role: z.string().max(20),
  /** The account an `account` sign-in belongs to; null for everyone else. */
  accountId: intIdSchema.nullable().optional(),
  isActive: z.boolean(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
/** A stored user, password hash included (server only). */
export type User = z.infer<typeof userSchema>;

/** A user as the API returns it: everything but the password. */
export const publicUserSchema = userSchema.omit({ password: true });
/** A user as the API returns it. */
export type PublicUser = z.infer<typeof publicUserSchema>;
