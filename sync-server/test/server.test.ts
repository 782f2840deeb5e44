/** The app on a real port, and `main.ts` as the e2e fixture starts it. */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { describe, expect, it } from 'vitest';
import { serverBuild } from '../../scripts/sync-server-process.mjs';
import { buildTestApp, onTestEnd, tempDir, TEST_ADMIN } from './helper';
import { contactBody } from './fixtures';

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));

async function listen(app: Awaited<ReturnType<typeof buildTestApp>>): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

describe('on a real port', () => {
  it('registers, logs in with the cookie and reads me over HTTP', async () => {
    const app = await buildTestApp();
    const base = await listen(app);
    const register = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: 'casey',
        password: 'customer-password',
        email: 'c@example.com',
        firstName: 'Casey',
      }),
    });
    expect(register.status).toBe(201);
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'casey', password: 'customer-password' }),
    });
    expect(login.status).toBe(200);
    const setCookie = login.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const cookie = setCookie.split(';')[0] ?? '';
    const me = await fetch(`${base}/api/auth/me`, { headers: { cookie } });
    expect(await me.json()).toMatchObject({ user: { username: 'casey', role: 'customer' } });
  });

  it('answers malformed JSON with 400 over HTTP', async () => {
    const app = await buildTestApp();
    const base = await listen(app);
    const response = await fetch(`${base}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"firstName":',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'The request body is not valid JSON' });
  });

  it('finishes an in-flight request before closing', async () => {
    // An SMTP server that takes its time, so the contact request is still running at close.
    let mailArrived: () => void = () => undefined;
    const arrived = new Promise<void>((resolve) => (mailArrived = resolve));
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        stream.resume();
        stream.on('end', () => {
          mailArrived();
          setTimeout(() => callback(), 400);
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    onTestEnd(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const { port } = server.server.address() as AddressInfo;
    const app = await buildTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
    const base = await listen(app);
    const pending = fetch(`${base}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(contactBody()),
    });
    // Close only once the request is inside its handler, waiting on the mail server.
    await arrived;
    const db = app.db;
    const closing = app.close();
    const response = await pending;
    await closing;
    expect(response.status).toBe(201);
    expect(db.open).toBe(false);
  });
});

describe('main.ts', () => {
  it('starts from its build as the e2e fixture starts it, prints the URL, and exits cleanly on SIGTERM', async () => {
    const dataDir = tempDir();
    const build = await serverBuild();
    const child = spawn(process.execPath, [path.join(build, 'main.mjs')], {
      cwd: SERVER_DIR,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        WEB_DIST: tempDir(),
        ADMIN_USERNAME: TEST_ADMIN.username,
        ADMIN_PASSWORD: TEST_ADMIN.password,
        DEMO_DATA: 'false',
        LOG_LEVEL: 'silent',
        PASSWORD_HASH_COST: 'low',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    onTestEnd(() => {
      if (child.exitCode === null) child.kill('SIGKILL');
    });
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /Listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
        if (match?.[1]) resolve(match[1]);
      });
      child.on('exit', (code) => reject(new Error(`exited ${code}: ${output}`)));
    });
    expect(output).not.toMatch(/Admin login/);
    const health = await fetch(`${url}/api/health`);
    expect(health.status).toBe(200);
    const login = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(TEST_ADMIN),
    });
    expect(login.status).toBe(200);

    const exitCode = await new Promise<number | null>((resolve) => {
      child.on('exit', (code) => resolve(code));
      child.kill('SIGTERM');
    });
    expect(exitCode).toBe(0);
    // A clean close checkpoints the WAL and removes it.
    expect(fs.existsSync(path.join(dataDir, 'pilbara.sqlite'))).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'pilbara.sqlite-wal'))).toBe(false);
  }, 60_000);

  it('prints a generated admin login on the first start only', async () => {
    const dataDir = tempDir();
    const build = await serverBuild();
    const run = () =>
      new Promise<string>((resolve, reject) => {
        const child = spawn(process.execPath, [path.join(build, 'main.mjs')], {
          cwd: SERVER_DIR,
          env: {
            ...process.env,
            PORT: '0',
            DATA_DIR: dataDir,
            WEB_DIST: dataDir,
            ADMIN_PASSWORD: '',
            DEMO_DATA: 'false',
            LOG_LEVEL: 'silent',
            PASSWORD_HASH_COST: 'low',
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let output = '';
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          if (
            output.includes('Listening on') &&
            (output.includes('Admin login') || output.split('\n').length > 1)
          ) {
            setTimeout(() => child.kill('SIGTERM'), 100);
          }
        });
        child.on('exit', () => resolve(output));
        child.on('error', reject);
      });
    const first = await run();
    expect(first).toMatch(/Admin login .*username "admin", password "[^"]{16,}"/);
    const second = await run();
    expect(second).toMatch(/Listening on/);
    expect(second).not.toMatch(/Admin login/);
    // Two cold starts on a busy two-core machine.
  }, 60_000);

  it('refuses to start with the test password cost where others can reach it, saying why', async () => {
    const build = await serverBuild();
    const dataDir = tempDir();
    const child = spawn(process.execPath, [path.join(build, 'main.mjs')], {
      cwd: SERVER_DIR,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '0.0.0.0',
        DATA_DIR: dataDir,
        WEB_DIST: dataDir,
        ADMIN_PASSWORD: TEST_ADMIN.password,
        DEMO_DATA: 'false',
        LOG_LEVEL: 'silent',
        PASSWORD_HASH_COST: 'low',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    onTestEnd(() => {
      if (child.exitCode === null) child.kill('SIGKILL');
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exitCode = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(exitCode).toBe(1);
    expect(output).toMatch(/PASSWORD_HASH_COST: "low" is for test servers .*HOST is 0\.0\.0\.0/);
    expect(output).not.toMatch(/Listening on/);
    // Nothing was written: the configuration is refused before the database is opened.
    expect(fs.readdirSync(dataDir)).toEqual([]);
  }, 60_000);
});
