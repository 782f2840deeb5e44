// The app as `npm start` serves it, for the browser benchmarks (first-visit, new-device): a
// baseline commit's tree built once into bench/.cache, and a sync-server serving a tree's built
// PWA on a free loopback port.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../scripts/free-port.mjs';
import { pnpm } from '../../scripts/lib.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(here, '../..');

/**
 * `commit`'s source, installed and built, in bench/.cache (reused between runs and between the
 * benchmarks that measure against the same commit).
 */
export function baselineTree(commitish) {
  const commit = execFileSync('git', ['rev-parse', '--short', commitish], {
    cwd: ROOT,
    encoding: 'utf8',
  }).trim();
  const dir = join(ROOT, 'bench', '.cache', `baseline-${commit}`);
  if (!existsSync(join(dir, 'web', 'dist', 'index.html'))) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const archive = execFileSync('git', ['archive', '--format=tar', commit], {
      cwd: ROOT,
      maxBuffer: 1 << 30,
    });
    execFileSync('tar', ['-x', '-C', dir], { input: archive });
    pnpm(['install', '--frozen-lockfile', '--prefer-offline'], { cwd: dir });
    pnpm(['--filter', '@pilbara/web', 'build'], { cwd: dir });
  }
  return { dir, commit };
}

/**
 * Starts `tree`'s sync-server on a free port, serving its built PWA; resolves its URL and a stop
 * function. `dataDir` is the data folder to use (default: a new empty one, removed at stop);
 * `env` goes on top of the defaults.
 */
export async function startAppServer(tree, { adminPassword, dataDir, env = {} }) {
  const port = await freePort();
  const ownData = dataDir === undefined;
  const dir = dataDir ?? mkdtempSync(join(tmpdir(), 'pilbara-bench-'));
  const child = spawn(process.execPath, ['--import', 'tsx', join('src', 'main.ts')], {
    cwd: join(tree, 'sync-server'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      WEB_DIST: join(tree, 'web', 'dist'),
      ADMIN_PASSWORD: adminPassword,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  let up = false;
  for (let i = 0; i < 2000 && !up && child.exitCode === null; i++) {
    try {
      up = (await fetch(`${url}/api/health`)).ok;
    } catch {
      // not yet listening
    }
    if (!up) await new Promise((r) => setTimeout(r, 150));
  }
  if (!up) {
    child.kill('SIGTERM');
    throw new Error(`the server of ${tree} did not start`);
  }
  return {
    url,
    pid: child.pid,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((done) => child.once('exit', done));
        child.kill('SIGTERM');
        await exited;
      }
      if (ownData) rmSync(dir, { recursive: true, force: true });
    },
  };
}
