/**
 * The real sync server of the sync benchmarks: `buildApp` on a temporary SQLite file, on a
 * loopback port, with an admin session and the truck the fuel records belong to.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { vehicleAddArgs } from '@pilbara/shared-schema/testing';
import { buildApp } from '../../sync-server/src/app';
import { loadConfig } from '../../sync-server/src/config';
import { applyServerMutation } from '../../sync-server/src/sync/server-apply';
import { NOW } from './fuel-queue';

const ADMIN = { username: 'admin', password: 'bench-password-1' };

const temps: string[] = [];

/** Removes the temporary folders this process made. */
export function removeTemps(): void {
  for (const dir of temps) fs.rmSync(dir, { recursive: true, force: true });
}
export function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pilbara-bench-'));
  temps.push(dir);
  return dir;
}

/** `webDist`: a built page for the server to serve (the in-browser engine benchmark's); none by default. */
export async function startServer(webDist = path.join(os.tmpdir(), 'pilbara-no-web-dist')) {
  const config = loadConfig({
    DATA_DIR: tempDir(),
    WEB_DIST: webDist,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    DEMO_DATA: 'false',
    LOG_LEVEL: 'silent',
  });
  const app = await buildApp(config, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN });
  const sid = login.cookies.find((c) => c.name === 'sid');
  if (!sid) throw new Error(`login failed: ${login.statusCode}`);
  const cookie = `sid=${sid.value}`;
  // A vehicle the fuel records belong to, written through the apply path like any staff write.
  const vehicle = applyServerMutation(
    app.db,
    'vehicle.add',
    vehicleAddArgs({ mileage: 500000 }),
    1,
    NOW,
  );
  if (!vehicle.ok) throw new Error(`vehicle: ${vehicle.message}`);
  return { app, baseUrl: `http://127.0.0.1:${port}`, cookie };
}
