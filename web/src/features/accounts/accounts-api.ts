/**
 * The account sign-ins (REST): an account's contacts sign in with a password the server hashes,
 * so adding one needs a connection and says so plainly. Everything else of an account is synced.
 */
import {
  accountUserResponseSchema,
  accountUsersResponseSchema,
  type AccountUserInput,
  type PublicUser,
} from '@pilbara/shared-schema';
import { apiRequest } from '../../lib/http';

/** The sign-ins of an account's contacts. */
export async function listAccountUsers(accountId: number): Promise<PublicUser[]> {
  const answer = await apiRequest<unknown>(`/api/accounts/${accountId}/users`);
  return accountUsersResponseSchema.parse(answer).users;
}

/** Gives a contact a sign-in of their own. */
export async function addAccountUser(
  accountId: number,
  input: AccountUserInput,
): Promise<PublicUser> {
  const answer = await apiRequest<unknown>(`/api/accounts/${accountId}/users`, { body: input });
  return accountUserResponseSchema.parse(answer).user;
}

/** Where an account's statement of a month is downloaded (made by the server on demand). */
export function statementUrl(accountId: number, month: string): string {
  return `/api/accounts/${accountId}/statement.pdf?month=${month}`;
}
