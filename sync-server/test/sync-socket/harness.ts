/**
 * Runs the real web sync client (Dexie on fake-indexeddb, the engine, the socket and HTTP
 * transports) against the real server on a loopback port, for the sync integration tests.
 *
 * The web client is imported by path on purpose: these tests exist to prove the two halves agree,
 * and the server package never imports the web app outside this folder.
 */
/* eslint-disable no-restricted-imports -- the integration tests drive the real web client */
import '../../../web/src/sync/testing/node-indexeddb';
import { PilbaraDatabase } from '../../../web/src/db/database';
import { SyncEngine, type EngineOptions } from '../../../web/src/sync/engine';
import { mutateLocal } from '../../../web/src/sync/local-store';
import {
  httpConnector,
  socketConnector,
  type Connector,
  type FetchLike,
  type WebSocketLike,
} from '../../../web/src/sync/transport';
/* eslint-enable no-restricted-imports */
import fs from 'node:fs';
import WebSocket from 'ws';
import type { Config } from '../../src/config';
import { buildTestApp, login, onTestEnd, type BuildTestAppOptions, type TestApp } from '../helper';

export interface RunningServer {
  app: TestApp;
  baseUrl: string;
  cookie: string;
}

/** Puts `app` on a free loopback port. */
async function listen(app: TestApp): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return `http://127.0.0.1:${port}`;
}

/** The app on a temp SQLite file, listening on 127.0.0.1, with an admin's session cookie. */
export async function startServer(options: BuildTestAppOptions = {}): Promise<RunningServer> {
  const app = await buildTestApp(options);
  const baseUrl = await listen(app);
  return { app, baseUrl, cookie: await login(app) };
}

/**
 * What an operator does after a disaster: the (stopped) server's SQLite file is replaced by
 * `backup`, and the server starts again on it. The session in `cookie` was in the backup.
 */
export async function restoreFromBackup(
  config: Config,
  backup: string,
  cookie: string,
): Promise<RunningServer> {
  for (const suffix of ['', '-wal', '-shm'])
    fs.rmSync(config.databaseFile + suffix, { force: true });
  fs.copyFileSync(backup, config.databaseFile);
  const app = await buildTestApp({ config });
  return { app, baseUrl: await listen(app), cookie };
}

/** A WebSocket from `ws` carrying the session cookie, shaped like the browser's. */
export function cookieSocket(cookie: string) {
  return (url: string): WebSocketLike =>
    new WebSocket(url, { headers: { cookie } }) as unknown as WebSocketLike;
}

/** fetch with the session cookie (a browser sends it by itself). */
export function cookieFetch(cookie: string): FetchLike {
  return (input, init) =>
    fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), cookie } });
}

let dbCounter = 0;

/** A fresh browser database name. */
export function newDbName(): string {
  dbCounter += 1;
  return `sync-test-${process.pid}-${dbCounter}-${Date.now()}`;
}

/** Opens a browser database by name; deleted after the test. */
export function openBrowserDb(name: string): PilbaraDatabase {
  const db = new PilbaraDatabase(name);
  onTestEnd(async () => {
    db.close();
    await new PilbaraDatabase(name).delete();
  });
  return db;
}

export interface TestClient {
  db: PilbaraDatabase;
  engine: SyncEngine;
}

export interface ClientOptions extends Partial<Omit<EngineOptions, 'db' | 'connectors'>> {
  dbName?: string;
  /** Replace or wrap the connectors (fault injection). */
  connectors?: (defaults: { socket: Connector; http: Connector }) => Connector[];
}

/** A client engine (not yet started) for `server`, on its own or a named database. */
export function makeClient(server: RunningServer, options: ClientOptions = {}): TestClient {
  const { dbName, connectors, ...engineOptions } = options;
  const db = openBrowserDb(dbName ?? newDbName());
  const socket = socketConnector(server.baseUrl, cookieSocket(server.cookie));
  const http = httpConnector(server.baseUrl, cookieFetch(server.cookie));
  const engine = new SyncEngine({
    backoff: { baseMs: 20, maxMs: 200 },
    ...engineOptions,
    db,
    connectors: connectors ? connectors({ socket, http }) : [socket, http],
  });
  onTestEnd(() => engine.stop());
  return { db, engine };
}

/** Polls `check` until it returns true (or throws after `timeoutMs`). */
export async function waitFor(
  check: () => boolean | Promise<boolean>,
  timeoutMs = 10_000,
  what = 'condition',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Waits until the client has nothing pending and its confirmed view is the server's head. */
export async function waitSynced(
  client: TestClient,
  server: RunningServer,
  timeoutMs = 15_000,
): Promise<void> {
  await waitFor(
    async () => {
      const pending = await client.db.outbox.count();
      const cursor = (await client.db.meta.get('cursor'))?.value as number | undefined;
      const head =
        (
          server.app.db.prepare('SELECT max(seq) AS seq FROM changes').get() as {
            seq: number | null;
          }
        ).seq ?? 0;
      return pending === 0 && cursor === head;
    },
    timeoutMs,
    'the client to be in sync',
  );
}

/** Arguments of a valid `job.create`. */
export function newJob(n: number, overrides: Record<string, unknown> = {}) {
  return {
    id: `JOB-2026-${n}`,
    updateId: n * 1000,
    customerName: `Customer ${n}`,
    phone: '0412345678',
    service: 'Emergency Towing',
    location: 'Karratha',
    ...overrides,
  };
}

/** Server rows of a table, by id. */
export function serverRows(server: RunningServer, table: string): Record<string, unknown>[] {
  return server.app.db.prepare(`SELECT * FROM "${table}" ORDER BY id`).all() as Record<
    string,
    unknown
  >[];
}

/** A staff write on a client, as `mutate` does it in the app: local commit, then a kick. */
export async function write(client: TestClient, name: string, args: unknown, now?: () => Date) {
  const result = await mutateLocal(client.db, name, args, now);
  client.engine.kick();
  return result;
}
