// `npm test` must pass on a machine with only Node and npm: every program a test or a
// benchmark starts is installed by the test command (scripts/lib.mjs SYSTEM_PROGRAMS) or is one
// every such machine has (BASE_PROGRAMS). This reads the test and bench sources for programs
// they start — execFile/execFileSync/spawn/spawnSync/exec/execSync with a literal name,
// `executablePath`, `CHROME_PATH`, and the driver and browser binaries the engine journeys name —
// and fails on any the installer does not know, so a new one cannot slip in unnoticed (as
// pdftoppm once did).
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BASE_PROGRAMS, ROOT, SYSTEM_PROGRAMS } from './lib.mjs';

/** Where tests, their fixtures and the benchmarks live. */
const SCANNED = [
  'scripts',
  'bench',
  'e2e',
  'sync-server/test',
  'sync-server/src',
  'web/src',
  'web/scripts',
  'shared-schema/src',
];
const SKIP_DIRS = new Set(['node_modules', 'dist', 'dist-ssr', 'test-results', '.cache']);
/** This file names programs on purpose (its own examples). */
const SELF = 'scripts/system-programs.test.mjs';
/**
 * Helpers that run a command given to them (`run(cmd, …)`), and the programs their callers give
 * them: checked against the installer like the rest.
 */
const RUNNERS = {
  'scripts/lib.mjs': ['pnpm', 'npx', 'apt-get', 'sudo'],
  'bench/first-visit/run.mjs': ['pnpm', 'npx'],
  // The load runner runs the command a contributor gives it (its tests give it node).
  'scripts/under-load.mjs': ['node'],
};
const SOURCE = /\.(m?[jt]sx?)$/;
/** Declaration files hold types only: nothing in them runs (`executablePath: string`). */
const DECLARATIONS = /\.d\.m?ts$/;

function* sourceFiles(dir) {
  let entries;
  try {
    entries = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of entries) {
    if (SKIP_DIRS.has(name)) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (SOURCE.test(name) && !DECLARATIONS.test(name)) yield path;
  }
}

/** String literals and the constants they are bound to, so `spawn(XVFB, …)` resolves. */
function constantsOf(text) {
  const constants = new Map();
  for (const match of text.matchAll(/\bconst\s+([A-Za-z_$][\w$]*)\s*=\s*(['"`])([^'"`\n]+)\2/g))
    constants.set(match[1], match[3]);
  // `process.env.X ?? '/usr/bin/chromium'` keeps the literal as what runs by default.
  for (const match of text.matchAll(
    /\bconst\s+([A-Za-z_$][\w$]*)\s*=\s*process\.env\.\w+\s*\?\?\s*(['"`])([^'"`\n]+)\2/g,
  ))
    constants.set(match[1], match[3]);
  return constants;
}

/** The programs one source starts: program names or absolute paths, as written. */
export function programsStartedBy(text) {
  const constants = constantsOf(text);
  const found = new Set();
  const add = (value) => {
    if (!value) return;
    if (value === 'process.execPath') return found.add('node');
    const literal = /^(['"`])([^'"`]+)\1$/.exec(value);
    const resolved = literal ? literal[2] : constants.get(value);
    if (resolved) found.add(resolved);
    else found.add(`<unresolved ${value}>`);
  };
  const call = /\b(?:execFileSync|execFile|spawnSync|spawn|execSync|exec)\s*\(\s*([^,)]+?)\s*[,)]/g;
  for (const match of text.matchAll(call)) {
    const first = match[1].trim();
    // A regular expression's .exec(text) and a database's db.exec(sql) are not processes, nor
    // is a method's signature (`exec(sql: string)`).
    const before = text.slice(Math.max(0, match.index - 1), match.index);
    if (before === '.' || /^[\w$]+\s*:/.test(first)) continue;
    // exec/execSync take a shell command line: its first word is the program.
    if (/^exec(Sync)?\b/.test(match[0]) && /^['"`]/.test(first))
      add(`'${first.slice(1).split(/\s/)[0]}'`);
    else add(first);
  }
  for (const match of text.matchAll(/\b(?:executablePath|CHROME_PATH)\s*:\s*([^,}\n]+)/g)) {
    const value = match[1].trim();
    const fallback = /\?\?\s*(['"`][^'"`]+['"`])/.exec(value);
    add(fallback ? fallback[1] : value);
  }
  // The driver and browser binaries the engine journeys start by path.
  for (const match of text.matchAll(/['"](\/usr\/(?:s?bin|lib)\/[^'"`\s\\]+)['"]/g))
    found.add(match[1]);
  return [...found];
}

/** Whether the installer or the base machine provides `program` (a name or a path). */
export function provided(program) {
  const name = basename(program);
  if (BASE_PROGRAMS.includes(name)) return true;
  return SYSTEM_PROGRAMS.some(
    (p) =>
      p.program === name ||
      p.path === program ||
      // Files a listed package installs beside its program (MiniBrowser comes with the driver).
      (p.brings ?? []).some((pattern) => new RegExp(pattern).test(program)),
  );
}

describe('every program a test starts is installed by npm test', () => {
  it('finds the programs in sources, including through constants', () => {
    expect(
      programsStartedBy(
        [
          "const XVFB = '/usr/bin/Xvfb';",
          "const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';",
          'spawn(XVFB, []);',
          "execFileSync('pdftoppm', ['-png']);",
          "spawn(process.execPath, ['--import', 'tsx']);",
          'launch({ executablePath: CHROMIUM });',
          "/^(JOB)-(\\d+)$/.exec(id); db.exec('VACUUM');",
          "execSync('convert in.png out.jpg');",
        ].join('\n'),
      ).sort(),
    ).toEqual(['/usr/bin/Xvfb', '/usr/bin/chromium', 'convert', 'node', 'pdftoppm'].sort());
  });

  it('refuses a program the installer does not list', () => {
    expect(provided('pdftoppm')).toBe(true);
    expect(provided('/usr/bin/WebKitWebDriver')).toBe(true);
    expect(provided('/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser')).toBe(true);
    expect(provided('node')).toBe(true);
    expect(provided('convert')).toBe(false);
    expect(provided('/usr/bin/geckodriver')).toBe(false);
  });

  it('the tests and benchmarks start only programs the installer provides', () => {
    const missing = [];
    let files = 0;
    for (const dir of SCANNED) {
      for (const file of sourceFiles(join(ROOT, dir))) {
        const name = relative(ROOT, file);
        if (name === SELF) continue;
        files += 1;
        const runs = RUNNERS[name];
        for (const program of programsStartedBy(readFileSync(file, 'utf8'))) {
          const given = runs && program.startsWith('<unresolved ') ? runs : [program];
          for (const one of given) if (!provided(one)) missing.push(`${name}: ${one}`);
        }
      }
    }
    expect(files).toBeGreaterThan(100);
    expect(missing, 'add each to SYSTEM_PROGRAMS in scripts/lib.mjs').toEqual([]);
  });
});
