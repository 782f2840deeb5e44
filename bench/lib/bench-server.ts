/**
 * Starting the sync server for a benchmark (scale, backup): a production server
 * (bench/scale/server.ts, which prints one JSON line when it listens) on a free port, on the
 * given data folder, signed in as the bench's admin.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../scripts/free-port.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The admin every bench server is started with. */
const BENCH_ADMIN = { username: 'admin', password: 'bench-password-1' };

/** The `q` quantile of `values` (NaN for none). */
export function quantile(values: number[], q: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}

export interface BenchServer {
  child: ChildProcess;
  baseUrl: string;
  /** buildApp on the database until listening, as the server measured it. */
  startupMs: number;
  /** From the spawn until the server said it listens (Node and the TypeScript loader included). */
  spawnToListenMs: number;
  /** The admin's session cookie (`sid=…`). */
  cookie: string;
}

/**
 * Starts a server on `dataDir` with `env` on top of the bench's own, and signs in. `track` is
 * given the process at once, so a run that fails from here on can still stop it.
 */
export async function startBenchServer(
  dataDir: string,
  env: Record<string, string> = {},
  track: (child: ChildProcess) => void = () => {},
): Promise<BenchServer> {
  const port = await freePort();
  const spawned = performance.now();
  const server = path.join(ROOT, 'bench', 'scale', 'server.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', server], {
    cwd: path.join(ROOT, 'sync-server'),
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      ADMIN_USERNAME: BENCH_ADMIN.username,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'silent',
      WEB_DIST: path.join(os.tmpdir(), 'pilbara-no-web-dist'),
      NODE_ENV: 'production',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  track(child);
  const startupMs = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve((JSON.parse(line) as { startupMs: number }).startupMs);
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  const spawnToListenMs = performance.now() - spawned;
  const baseUrl = `http://127.0.0.1:${port}`;
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_ADMIN),
  });
  const sid = /sid=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1];
  if (!sid) throw new Error(`login failed: ${login.status}`);
  return { child, baseUrl, startupMs, spawnToListenMs, cookie: `sid=${sid}` };
}
