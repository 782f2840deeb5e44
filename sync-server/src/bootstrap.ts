/**
 * First-start chores that need the file system or the database before the app serves anything:
 * the session-signing secret and the first admin account.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from './config';
import type { Db } from './db/connection';
import { ConfigError } from './config';
import {
  countAdmins,
  createUser,
  findUserByUsername,
  updateUserAccount,
} from './db/repositories/users';
import {
  SCRYPT_COST,
  generatePassword,
  hashPassword,
  verifyPassword,
  type ScryptCost,
} from './services/passwords';

/**
 * SESSION_SECRET when configured; otherwise a secret generated once and kept in
 * DATA_DIR/session-secret, so sessions survive a restart.
 */
export function resolveSessionSecret(config: Config): string {
  if (config.sessionSecret) return config.sessionSecret;
  const file = path.join(config.dataDir, 'session-secret');
  try {
    const stored = fs.readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const secret = crypto.randomBytes(32).toString('hex');
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

export interface AdminLogin {
  username: string;
  password: string;
}

/**
 * The ADMIN_USERNAME staff account as it stands, after refusing to start when it belongs to a
 * driver (see {@link ensureAdmin}). Synchronous and cheap, so `buildApp` runs it before
 * listening even when the password work is done after.
 */
export function refuseNonAdminAccount(db: Db, config: Config) {
  // Staff sign in from their own namespace: a customer who registered this name is someone
  // else, who stays a customer (migration 0026).
  const existing = findUserByUsername(db, config.adminUsername, 'staff');
  if (existing && existing.role !== 'admin') {
    throw new ConfigError(
      `ADMIN_USERNAME "${config.adminUsername}" is the username of an existing ${existing.role} ` +
        `account (id ${existing.id}), and configuration never promotes an account. Choose ` +
        'another ADMIN_USERNAME, or unset it to use "admin".',
    );
  }
  return existing;
}

/**
 * Makes sure an admin can log in. With ADMIN_PASSWORD configured, the ADMIN_USERNAME account is
 * created or brought in line with it (configuration is the truth, which doubles as a password
 * reset: the account's old sessions end with the old password). Without it, and with no admin at
 * all, an admin with a generated password is created and that login is returned so `main` can
 * print it once; later starts return null.
 *
 * Configuration never promotes an existing account: a customer who registered ADMIN_USERNAME
 * (anyone may register 'Owner') is in the customers' namespace and stays a customer, the admin
 * being another account; when it names a driver the server refuses to start and says why,
 * rather than handing that driver — and their open sessions — the admin role.
 */
export async function ensureAdmin(
  db: Db,
  config: Config,
  now: Date,
  cost: ScryptCost = SCRYPT_COST,
): Promise<AdminLogin | null> {
  const existing = refuseNonAdminAccount(db, config);
  if (config.adminPassword) {
    if (!existing) {
      createUser(
        db,
        {
          username: config.adminUsername,
          passwordHash: await hashPassword(config.adminPassword, cost),
          role: 'admin',
          firstName: 'Admin',
        },
        now,
      );
    } else if (
      !existing.isActive ||
      !(await verifyPassword(config.adminPassword, existing.password))
    ) {
      updateUserAccount(
        db,
        existing.id,
        { passwordHash: await hashPassword(config.adminPassword, cost), isActive: true },
        now,
      );
    }
    return null;
  }
  if (countAdmins(db) > 0) return null;
  const password = generatePassword();
  const passwordHash = await hashPassword(password, cost);
  if (existing) updateUserAccount(db, existing.id, { passwordHash, isActive: true }, now);
  else {
    createUser(
      db,
      { username: config.adminUsername, passwordHash, role: 'admin', firstName: 'Admin' },
      now,
    );
  }
  return { username: config.adminUsername, password };
}
