/** Users and sessions: the account tables the auth plugin and routes read and write. */
import crypto from 'node:crypto';
import type { Statement } from 'better-sqlite3';
import {
  STAFF_ROLES,
  assignmentName,
  roleOf,
  type Actor,
  type PublicUser,
  type User,
} from '@pilbara/shared-schema';
import type { Db } from '../connection';
import { findRows, getRow, putRow, updateRow } from '../rows';
import { mintIntegerId } from '../id-series';

/** A stored user, password hash included (the entity of shared-schema). */
export type UserRow = User;

/** A user as the API returns it: never the password hash. */
export type { PublicUser };

export function toPublicUser(row: UserRow): PublicUser {
  const { password: _password, ...rest } = row;
  return rest;
}

export function getUser(db: Db, id: number): UserRow | undefined {
  return getRow<UserRow>(db, 'users', id);
}

/**
 * Customers and staff are separate namespaces (migration 0026): a username or email is unique
 * within each, so registering tells nobody which names the staff use.
 */
export type AccountNamespace = 'customer' | 'staff';

/** The SQL condition of a namespace on `role`. */
function inNamespace(namespace: AccountNamespace): string {
  return namespace === 'customer' ? "role = 'customer'" : "role <> 'customer'";
}

/**
 * The account of `username` in a namespace. Usernames match ignoring case, so 'Admin' and
 * 'admin' cannot both register in one.
 */
export function findUserByUsername(
  db: Db,
  username: string,
  namespace: AccountNamespace,
): UserRow | undefined {
  const row = db
    .prepare(
      `SELECT id FROM users WHERE username = ? COLLATE NOCASE AND ${inNamespace(namespace)} ORDER BY id LIMIT 1`,
    )
    .get(username) as { id: number } | undefined;
  return row ? getUser(db, row.id) : undefined;
}

/** The accounts a sign-in with `username` may mean: the customer's first, then the staff one. */
export function accountsForSignIn(db: Db, username: string): UserRow[] {
  return (['customer', 'staff'] as const).flatMap((namespace) => {
    const user = findUserByUsername(db, username, namespace);
    return user ? [user] : [];
  });
}

export function findUserByEmail(
  db: Db,
  email: string,
  namespace: AccountNamespace,
): UserRow | undefined {
  const row = db
    .prepare(
      `SELECT id FROM users WHERE email = ? COLLATE NOCASE AND ${inNamespace(namespace)} ORDER BY id LIMIT 1`,
    )
    .get(email) as { id: number } | undefined;
  return row ? getUser(db, row.id) : undefined;
}

export function countAdmins(db: Db): number {
  return findRows(db, 'users', { role: 'admin' }).length;
}

/** How many admins can still sign in. */
export function countActiveAdmins(db: Db): number {
  return findRows(db, 'users', { role: 'admin', isActive: true }).length;
}

/** Every staff account (admins and drivers), active or not, oldest first. */
export function listStaff(db: Db): UserRow[] {
  return STAFF_ROLES.flatMap((role) => findRows<UserRow>(db, 'users', { role })).sort(
    (a, b) => a.id - b.id,
  );
}

/** The active drivers: the account their jobs are assigned to, and its name, by name. */
export function activeDrivers(db: Db): { id: number; name: string }[] {
  return findRows<UserRow>(db, 'users', { role: 'driver', isActive: true })
    .map((user) => ({ id: user.id, name: assignmentName(user) }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

const actorLookups = new WeakMap<Db, Statement<unknown[]>>();

/**
 * Who a user is for the role rules (rules/roles.ts): the role, the account (jobs are assigned to
 * it) and the name their work is shown under. Undefined for an unknown or deactivated account.
 * Asked once per applied mutation and per sync page, so it is one prepared query.
 */
export function actorForUser(db: Db, userId: number | string): Actor | undefined {
  let lookup = actorLookups.get(db);
  if (!lookup) {
    lookup = db.prepare<unknown[]>(
      'SELECT id, username, firstName, lastName, role FROM users WHERE id = ? AND isActive = 1',
    );
    actorLookups.set(db, lookup);
  }
  const row = lookup.get(userId) as
    | {
        id: number;
        username: string;
        firstName: string | null;
        lastName: string | null;
        role: string;
      }
    | undefined;
  return row ? { role: roleOf(row.role), id: row.id, name: assignmentName(row) } : undefined;
}

export interface NewUser {
  username: string;
  passwordHash: string;
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  phone?: string | null;
  role: string;
  /** The account a sign-in of role `account` belongs to. */
  accountId?: number | null;
}

export function createUser(db: Db, user: NewUser, now: Date): UserRow {
  const stamp = now.toISOString();
  return putRow<UserRow>(db, 'users', {
    id: mintIntegerId(db, 'users'),
    username: user.username,
    password: user.passwordHash,
    email: user.email ?? null,
    firstName: user.firstName ?? null,
    lastName: user.lastName ?? null,
    phone: user.phone ?? null,
    role: user.role,
    accountId: user.accountId ?? null,
    isActive: true,
    createdAt: stamp,
    updatedAt: stamp,
  });
}

/**
 * Changes what a user is allowed to be: password, role, active flag. Whenever one of them
 * actually changes, every session of the user ends and their sync sockets are closed
 * ({@link onSessionsEnded}), so an old cookie never outlives the account it was issued for.
 */
export function updateUserAccount(
  db: Db,
  id: number,
  change: { passwordHash?: string; role?: string; isActive?: boolean },
  now: Date,
): UserRow | undefined {
  const before = getUser(db, id);
  if (!before) return undefined;
  const patch: Partial<UserRow> = { updatedAt: now.toISOString() };
  if (change.passwordHash !== undefined) patch.password = change.passwordHash;
  if (change.role !== undefined) patch.role = change.role;
  if (change.isActive !== undefined) patch.isActive = change.isActive;
  const updated = updateRow<UserRow>(db, 'users', id, patch);
  const changed =
    (change.passwordHash !== undefined && change.passwordHash !== before.password) ||
    (change.role !== undefined && change.role !== before.role) ||
    (change.isActive !== undefined && change.isActive !== before.isActive);
  if (changed) deleteUserSessions(db, id);
  return updated;
}

/**
 * Replaces a password hash with a stronger one of the same password (a sign-in upgrading an old
 * hash). The password itself did not change, so sessions stay.
 */
export function upgradePasswordHash(db: Db, id: number, passwordHash: string): void {
  db.prepare('UPDATE users SET password = ? WHERE id = ?').run(passwordHash, id);
}

/** Sessions live 30 days; the cookie carries a random token, the table only its SHA-256. */
const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

function tokenHash(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

export function createSession(
  db: Db,
  userId: number,
  now: Date,
): { token: string; expiresAt: Date } {
  const token = crypto.randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  db.prepare('INSERT INTO sessions (id, userId, createdAt, expiresAt) VALUES (?, ?, ?, ?)').run(
    tokenHash(token),
    userId,
    now.toISOString(),
    expiresAt.toISOString(),
  );
  return { token, expiresAt };
}

const sessionLookups = new WeakMap<Db, Statement<unknown[]>>();

/** The active user a session token belongs to, or undefined when expired, ended or disabled. */
export function userForSession(db: Db, token: string, now: Date): UserRow | undefined {
  // Runs for every API request and every sync socket message: prepared once per database.
  let lookup = sessionLookups.get(db);
  if (!lookup) {
    lookup = db.prepare<unknown[]>(
      'SELECT s.userId AS userId FROM sessions s JOIN users u ON u.id = s.userId ' +
        'WHERE s.id = ? AND s.expiresAt > ? AND u.isActive = 1',
    );
    sessionLookups.set(db, lookup);
  }
  const row = lookup.get(tokenHash(token), now.toISOString()) as { userId: number } | undefined;
  return row ? getUser(db, row.userId) : undefined;
}

const roleLookups = new WeakMap<Db, Statement<unknown[]>>();

/**
 * The session check of a long-lived connection (the sync socket asks before every message): the
 * token is hashed once, and each call answers with one prepared query the role of the session's
 * user, or undefined when the session ended or expired or the user was disabled — the same rule
 * as {@link userForSession}.
 */
export function sessionRoleCheck(db: Db, token: string): (now: Date) => string | undefined {
  const id = tokenHash(token);
  return (now) => {
    let lookup = roleLookups.get(db);
    if (!lookup) {
      lookup = db.prepare<unknown[]>(
        'SELECT u.role AS role FROM sessions s JOIN users u ON u.id = s.userId ' +
          'WHERE s.id = ? AND s.expiresAt > ? AND u.isActive = 1',
      );
      roleLookups.set(db, lookup);
    }
    return (lookup.get(id, now.toISOString()) as { role: string } | undefined)?.role;
  };
}

/** Which sessions ended: one by its id (the token's hash), or all of a user's. */
export type EndedSessions = { sessionId: string } | { userId: number };

const endedListeners = new WeakMap<Db, Set<(ended: EndedSessions) => void>>();

/**
 * Calls `listener` whenever sessions end (logout, an account change); the sync endpoint closes
 * the sockets those sessions opened. Returns the unsubscribe function.
 */
export function onSessionsEnded(db: Db, listener: (ended: EndedSessions) => void): () => void {
  let set = endedListeners.get(db);
  if (!set) {
    set = new Set();
    endedListeners.set(db, set);
  }
  set.add(listener);
  return () => set.delete(listener);
}

function sessionsEnded(db: Db, ended: EndedSessions): void {
  for (const listener of endedListeners.get(db) ?? []) listener(ended);
}

/** The id a session is stored under: the SHA-256 of its token. */
export function sessionIdOf(token: string): string {
  return tokenHash(token);
}

export function deleteSession(db: Db, token: string): void {
  const sessionId = tokenHash(token);
  db.prepare('DELETE FROM sessions WHERE id = ?').run(sessionId);
  sessionsEnded(db, { sessionId });
}

/** Ends every session of a user (and closes their sockets). */
function deleteUserSessions(db: Db, userId: number): number {
  const { changes } = db.prepare('DELETE FROM sessions WHERE userId = ?').run(userId);
  sessionsEnded(db, { userId });
  return changes;
}

export function deleteExpiredSessions(db: Db, now: Date): number {
  return db.prepare('DELETE FROM sessions WHERE expiresAt <= ?').run(now.toISOString()).changes;
}
