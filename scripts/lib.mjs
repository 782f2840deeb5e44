// Helpers for the two README commands. Only Node built-ins: these run before anything is installed.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const PNPM_VERSION = '10.34.9';

/** The pinned pnpm: the one on PATH when it is the pinned version, else fetched through npx. */
export function pnpmCommand() {
  const probe = spawnSync('pnpm', ['--version'], { encoding: 'utf8', shell: false });
  if (probe.status === 0 && probe.stdout.trim() === PNPM_VERSION) return ['pnpm'];
  return ['npx', '--yes', `pnpm@${PNPM_VERSION}`];
}

/** Runs a command with inherited output; exits the process on failure unless `allowFail`. */
export function run(cmd, args, { allowFail = false, env = {}, cwd = ROOT } = {}) {
  console.log(`\n> ${[cmd, ...args].join(' ')}`);
  const res = spawnSync(cmd, args, { stdio: 'inherit', cwd, env: { ...process.env, ...env } });
  if (res.status !== 0 && !allowFail) {
    console.error(`\nFailed: ${[cmd, ...args].join(' ')} (exit ${res.status ?? res.signal})`);
    process.exit(res.status ?? 1);
  }
  return res.status ?? 1;
}

export function pnpm(args, opts) {
  const [cmd, ...pre] = pnpmCommand();
  return run(cmd, [...pre, ...args], opts);
}

/** Installs the workspace exactly as locked (compiles better-sqlite3 from source on first run). */
export function installWorkspace() {
  pnpm(['install', '--frozen-lockfile', '--prefer-offline']);
}

export const CHROMIUM = '/usr/bin/chromium';

/** Playwright drives Debian's Chromium; install it when missing (needs root or sudo). */
export function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const sudo = isRoot ? [] : ['sudo', '-n'];
  const apt = (args) =>
    run(sudo[0] ?? 'apt-get', [...sudo.slice(1), ...(sudo.length ? ['apt-get'] : []), ...args], {
      env: { DEBIAN_FRONTEND: 'noninteractive' },
    });
  apt(['update']);
  apt(['install', '-y', '--no-install-recommends', 'chromium']);
}
