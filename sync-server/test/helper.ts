/**
 * Test helper: builds the app on a temporary data folder (its own SQLite file) and removes both
 * when the test ends. Nothing is shared between tests.
 */
import fs from 'node:fs';
import type http from 'node:http';
import type https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppExtras, type BuildAppOptions } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, type Db } from '../src/db/connection';
import { migrate } from '../src/db/migrate';
import { putLogged } from '../src/db/change-log';
import type { SyncedTable } from '@pilbara/shared-schema';

export type TestApp = FastifyInstance & AppExtras;

export const TEST_ADMIN = { username: 'admin', password: 'admin-password-1' };

/**
 * scrypt cost of the apps tests build: the old N=2^14, so hundreds of sign-ins stay fast. The
 * production cost (N=2^17) and the upgrade from this one are tested in passwords.test.ts and the
 * hardening test, which build their apps with the default.
 */
export const TEST_PASSWORD_COST = { N: 2 ** 14, r: 8, p: 1 };

const cleanups: (() => unknown)[] = [];

afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

/** Runs `fn` after the current test, whatever its outcome. */
export function onTestEnd(fn: () => unknown): void {
  cleanups.push(fn);
}

/** A fresh temporary directory, removed after the test. */
export function tempDir(prefix = 'pilbara-test-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  onTestEnd(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A migrated in-memory database, closed after the test. */
export function memoryDb(): Db {
  const db = openDatabase(':memory:');
  onTestEnd(() => db.close());
  migrate(db);
  return db;
}

/** A configuration for tests: temp DATA_DIR, no demo data, a known admin login. */
export function testConfig(env: Record<string, string | undefined> = {}): Config {
  return loadConfig({
    DATA_DIR: tempDir(),
    // Backups a test starts (an admin calling every route) land in a folder removed after it.
    BACKUP_DIR: tempDir(),
    WEB_DIST: path.join(os.tmpdir(), 'pilbara-no-web-dist'),
    ADMIN_USERNAME: TEST_ADMIN.username,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    DEMO_DATA: 'false',
    LOG_LEVEL: 'silent',
    ...env,
  });
}

export interface BuildTestAppOptions extends BuildAppOptions {
  env?: Record<string, string | undefined>;
  config?: Config;
}

/** Builds the app on a temp SQLite file; it is closed after the test. */
export async function buildTestApp(options: BuildTestAppOptions = {}): Promise<TestApp> {
  const { env, config, ...appOptions } = options;
  const app = await buildApp(config ?? testConfig(env), {
    logger: false,
    passwordCost: TEST_PASSWORD_COST,
    ...appOptions,
  });
  onTestEnd(() => app.close());
  await app.ready();
  // The configured admin account is brought in line after start (app.ts); tests that read the
  // database directly expect it there. Tests of the wait itself build with buildApp.
  await app.accountsReady;
  return app;
}

/** The `sid` cookie of a response, ready to send back as a Cookie header. */
export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'sid');
  if (!cookie) throw new Error(`No session cookie in response ${response.statusCode}`);
  return `sid=${cookie.value}`;
}

/** Logs in and returns the Cookie header value for later requests. */
export async function login(
  app: TestApp,
  credentials: { username: string; password: string } = TEST_ADMIN,
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: credentials,
  });
  if (response.statusCode !== 200) {
    throw new Error(`Login failed: ${response.statusCode} ${response.body}`);
  }
  return sessionCookie(response);
}

/**
 * Starts a local stand-in (a card provider, a push service) on a free loopback port, closed with
 * its open connections when the test ends; answers the port.
 */
export async function listenOnLoopback(server: http.Server | https.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestEnd(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return (server.address() as AddressInfo).port;
}

/**
 * Requests as one signed-in user: each call sends the session cookie, as the browser does.
 * `signedIn(app, admin).patch('/api/staff/2', { isActive: false })`.
 */
export function signedIn(app: TestApp, cookie: string) {
  const call =
    (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE') => (url: string, payload?: object) =>
      app.inject({ method, url, payload, headers: { cookie } });
  return {
    get: call('GET'),
    post: call('POST'),
    put: call('PUT'),
    patch: call('PATCH'),
    delete: call('DELETE'),
  };
}

/**
 * Posts a body as a client sends it, its bytes under its own content type (`headers` adds to
 * them): for form posts, signed webhooks and bodies that are not JSON at all.
 */
export function postRaw(
  app: TestApp,
  url: string,
  contentType: string,
  payload: string,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': contentType, ...headers },
    payload,
  });
}

/** A device's HTTP sync call (`/api/sync/push` or `/api/sync/lease`) under a session cookie. */
export function syncCall(app: TestApp, cookie: string, call: 'push' | 'lease', payload: object) {
  return app.inject({ method: 'POST', url: `/api/sync/${call}`, headers: { cookie }, payload });
}

/** Registers a customer and returns the Cookie header of its logged-in session. */
export async function registerCustomer(
  app: TestApp,
  user: { username: string; password?: string; email?: string } = { username: 'customer1' },
): Promise<string> {
  const password = user.password ?? 'customer-password-1';
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: {
      username: user.username,
      password,
      email: user.email ?? `${user.username}@example.com`,
      firstName: 'Casey',
    },
  });
  if (response.statusCode !== 201) {
    throw new Error(`Register failed: ${response.statusCode} ${response.body}`);
  }
  return login(app, { username: user.username, password });
}

/** Every row of every entity table, to prove a rejected request changed nothing. */
export function snapshotDatabase(app: TestApp): Record<string, unknown[]> {
  const tables = app.db
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
    )
    .all() as { name: string }[];
  const snapshot: Record<string, unknown[]> = {};
  for (const { name } of tables) {
    snapshot[name] = app.db.prepare(`SELECT * FROM "${name}" ORDER BY rowid`).all();
  }
  return snapshot;
}

/**
 * Writes a row of a synced table the way the server does, with its change-log entry (the plain
 * `putRow` refuses synced tables): for tests that set up data before the scenario they check.
 */
export function seedRow<T = Record<string, unknown>>(
  db: Db,
  table: SyncedTable,
  row: Record<string, unknown> & { id: string | number },
  now = new Date().toISOString(),
): T {
  return putLogged<T>(db, table, row, now);
}
