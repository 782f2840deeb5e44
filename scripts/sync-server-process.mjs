// Starting the real sync server beside tests and scripts, on a free loopback port with its own
// data folder. Shared by the e2e fixtures and the screenshot script; its types are in
// sync-server-process.d.mts.
//
// The server runs from its build (sync-server/build.mjs: plain JavaScript in
// sync-server/dist/<hash of the sources>/, made once by the first start after a change), not
// through tsx, which compiled the TypeScript again at every start. Passwords are hashed at the
// test cost (PASSWORD_HASH_COST=low), which the server accepts only on loopback: a run signs in
// hundreds of times, each half a second of a core at the standard cost.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { freePort } from './free-port.mjs';
import { ROOT } from './lib.mjs';

/** The folder of the current server build, built first when the sources changed. */
export async function serverBuild() {
  const { ensureServerBuild } = await import('../sync-server/build.mjs');
  return ensureServerBuild();
}

/**
 * Spawns the server with `env` on top of this process's environment; answers the child and its
 * base URL at once (it is not listening yet: see waitForHealth).
 */
export async function spawnSyncServer({ dataDir, env = {}, stdio = 'inherit' }) {
  const [port, build] = await Promise.all([freePort(), serverBuild()]);
  const child = spawn(process.execPath, ['--enable-source-maps', join(build, 'main.mjs')], {
    cwd: join(ROOT, 'sync-server'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PASSWORD_HASH_COST: 'low',
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
