/**
 * Making an account, for the customer's own registration and for an admin adding staff: the
 * username and email must be free in the account's namespace (customers, or staff), the password
 * is hashed at the server's cost, and the row is written. The hash takes a while (scrypt) and another request may take the name meanwhile, so
 * the names are checked again after it.
 */
import { MESSAGES } from '@pilbara/shared-schema';
import type { Db } from '../db/connection';
import {
  createUser,
  findUserByEmail,
  findUserByUsername,
  type AccountNamespace,
  type NewUser,
  type UserRow,
} from '../db/repositories/users';
import { conflict } from '../http-error';
import { hashPassword, type ScryptCost } from './passwords';

/** What a new account is made from: its fields, with the password as typed. */
export type AccountInput = Omit<NewUser, 'passwordHash'> & { password: string };

/**
 * Refuses (409, naming the field) a username or email another account of the same namespace
 * has: a customer's registration never learns which names staff accounts use.
 */
function checkFree(
  db: Db,
  namespace: AccountNamespace,
  username: string,
  email: string | null | undefined,
): void {
  if (findUserByUsername(db, username, namespace)) {
    throw conflict(MESSAGES.USERNAME_TAKEN, { username: MESSAGES.USERNAME_TAKEN });
  }
  if (email && findUserByEmail(db, email, namespace)) {
    throw conflict(MESSAGES.EMAIL_TAKEN, { email: MESSAGES.EMAIL_TAKEN });
  }
}

/**
 * Creates the account, or refuses it when its username or email is taken in its namespace. A
 * customer's registration hashes in the public lane of the password checks (services/passwords.ts:
 * refused as busy when that lane is full), an admin adding staff in the signed-in one.
 */
export async function createAccount(
  db: Db,
  input: AccountInput,
  cost: ScryptCost,
  now: Date,
): Promise<UserRow> {
  const namespace: AccountNamespace = input.role === 'customer' ? 'customer' : 'staff';
  checkFree(db, namespace, input.username, input.email);
  const passwordHash = await hashPassword(
    input.password,
    cost,
    namespace === 'customer' ? 'public' : 'trusted',
  );
  checkFree(db, namespace, input.username, input.email);
  return createUser(
    db,
    {
      username: input.username,
      passwordHash,
      email: input.email ?? null,
      firstName: input.firstName ?? null,
      lastName: input.lastName ?? null,
      phone: input.phone ?? null,
      role: input.role,
      accountId: input.accountId ?? null,
    },
    now,
  );
}
