// Helpers for the two README commands. Only Node built-ins: these run before anything is installed.
import { spawn, spawnSync } from 'node:child_process';
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

/**
 * Runs a command without blocking, so two can run side by side; resolves with its exit status
 * and, when `quiet`, what it printed as `output` (else its output goes straight to this
 * process's, and `output` is undefined).
 */
export function runAsync(cmd, args, { env = {}, cwd = ROOT, quiet = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    const kept = (text) => (quiet ? text : undefined);
    child.on('error', (error) => {
      if (!quiet) console.error(error.message);
      resolve({ status: 1, output: kept(`${output}${error.message}\n`) });
    });
    child.on('close', (code, signal) =>
      resolve({ status: code ?? (signal ? 1 : 0), output: kept(output) }),
    );
  });
}

/** `runAsync` of the pinned pnpm. */
export function pnpmAsync(args, opts) {
  const [cmd, ...pre] = pnpmCommand();
  return runAsync(cmd, [...pre, ...args], opts);
}

/** Installs the workspace exactly as locked (compiles better-sqlite3 from source on first run). */
export function installWorkspace() {
  pnpm(['install', '--frozen-lockfile', '--prefer-offline']);
}

export const CHROMIUM = '/usr/bin/chromium';

/**
 * Every system program the tests and benchmarks start, with the Debian package that brings it.
 * `npm test` installs the missing ones beside the workspace (`ensureSystemPrograms`), so a fresh
 * machine with only Node and npm passes; scripts/system-programs.test.mjs reads the test and
 * bench sources and fails when they start a program this list does not name.
 */
export const SYSTEM_PROGRAMS = [
  // Playwright, Lighthouse, the icon and screenshot scripts and the bench drive Debian's Chromium.
  { program: 'chromium', path: CHROMIUM, pkg: 'chromium' },
  // The pre-start vehicle history PDF is rendered to a picture in its test.
  { program: 'pdftoppm', path: '/usr/bin/pdftoppm', pkg: 'poppler-utils' },
  // WebKitGTK's browser needs a display: the cross-engine suite starts a virtual one.
  { program: 'Xvfb', path: '/usr/bin/Xvfb', pkg: 'xvfb' },
  // WebKit (Safari's engine): the W3C WebDriver server; MiniBrowser comes with it.
  {
    program: 'WebKitWebDriver',
    path: '/usr/bin/WebKitWebDriver',
    pkg: 'webkit2gtk-driver',
    brings: ['^/usr/lib/[^/]+/webkit2gtk-4\\.1/MiniBrowser$'],
  },
  // Firefox ESR, driven over WebDriver BiDi by puppeteer-core (no geckodriver).
  { program: 'firefox-esr', path: '/usr/bin/firefox-esr', pkg: 'firefox-esr' },
];

/**
 * Programs the tests start that every machine running these commands has: Node itself (as
 * `process.execPath`), npm's `npx`, the pinned pnpm (fetched through npx when missing), git and
 * tar, which cloning the repository already needed, and Debian's own apt-get and dpkg-query,
 * which the installer stands on (with sudo when not run as root).
 */
export const BASE_PROGRAMS = [
  'node',
  'npx',
  'npm',
  'pnpm',
  'git',
  'tar',
  'apt-get',
  'dpkg-query',
  'sudo',
];

/**
 * Installs, with one `apt-get update` and one `apt-get install`, the Debian packages of the
 * programs in `programs` that are missing (as root, else through `sudo -n`). It does not block,
 * so the downloads can run beside the workspace install, and keeps apt's output, answering it
 * rather than printing it: resolves `{ status, output }`.
 */
export async function ensureSystemPrograms(programs = SYSTEM_PROGRAMS) {
  const missing = programs.filter((p) => !existsSync(p.path));
  if (missing.length === 0) return { status: 0, output: 'all present\n' };
  const packages = [...new Set(missing.map((p) => p.pkg))];
  let output = `Installing what the tests start: ${missing.map((p) => `${p.program} (${p.pkg})`).join(', ')}\n`;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const sudo = isRoot ? [] : ['sudo', '-n'];
  const apt = (args) =>
    runAsync(
      sudo[0] ?? 'apt-get',
      [...sudo.slice(1), ...(sudo.length ? ['apt-get'] : []), ...args],
      {
        env: { DEBIAN_FRONTEND: 'noninteractive' },
        quiet: true,
      },
    );
  for (const args of [['update'], ['install', '-y', '--no-install-recommends', ...packages]]) {
    const result = await apt(args);
    output += result.output;
    if (result.status !== 0) return { status: result.status, output };
  }
  const still = missing.filter((p) => !existsSync(p.path));
  if (still.length > 0) {
    output += `Still missing after install: ${still.map((p) => p.path).join(', ')}\n`;
    return { status: 1, output };
  }
  return { status: 0, output };
}

/** Debian's Chromium alone (the benchmarks and screenshots need nothing else); exits on failure. */
export async function ensureChromium() {
  const { status, output } = await ensureSystemPrograms(
    SYSTEM_PROGRAMS.filter((p) => p.program === 'chromium'),
  );
  console.log(output.trimEnd());
  if (status !== 0) process.exit(status);
}
