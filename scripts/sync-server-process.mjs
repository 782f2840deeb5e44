// Starting the real sync server (src/main.ts through tsx) beside tests and scripts, on a free
// loopback port with its own data folder. Shared by the e2e fixture and the screenshot script;
// its types are in sync-server-process.d.mts.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { freePort } from './free-port.mjs';
import { ROOT } from './lib.mjs';

/**
 * Spawns the server with `env` on top of this process's environment; answers the child and its
 * base URL at once (it is not listening yet: see waitForHealth).
 */
export async function spawnSyncServer({ dataDir, env = {}, stdio = 'inherit' }) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', join('src', 'main.ts')], {
    cwd: join(ROOT, 'sync-server'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...env,
    },
    stdio,
  });
  return { child, baseURL: `http://127.0.0.1:${port}` };
}

/**
 * Resolves once the server answers /api/health. Throws at once when the process exits, and when
 * `deadlineMs` passes; `output` adds what the server printed to either error.
 */
export async function waitForHealth(child, baseURL, deadlineMs, output = () => '') {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline)
      throw new Error(`server did not start in ${deadlineMs / 1000} s:\n${output()}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}
