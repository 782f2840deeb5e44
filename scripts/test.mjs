// `npm test`: install what is needed (the workspace, and every system program a test starts when
// missing: Debian's Chromium, poppler-utils, Xvfb, WebKitGTK's WebDriver and Firefox ESR; see
// SYSTEM_PROGRAMS in lib.mjs), then run every check: format, lint, type-check, unit and
// integration tests (vitest, per package), the production build, the end-to-end journeys in
// Chromium, and the key journeys in WebKit and Firefox (e2e/engines). It ends with the counts per
// engine, how long each step took, and one summary line 'tests: N passed, N failed' counted from
// the runners' reports.
//
// Two lanes run side by side, so both cores work. The main lane builds, then runs vitest and the
// Chromium journeys, which keep a worker per core. The side lane runs the checks (format, lint,
// type-check: each one process on one core), then the WebKit and Firefox journeys, which spend
// much of their time waiting. The system programs download beside the workspace install. The
// side lane's output is printed as each step ends, the main lane's as it comes.
// docs/testing.md has the times of each step.
import { mkdirSync, readFileSync, rmSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, ensureSystemPrograms, pnpmAsync, runAsync } from './lib.mjs';

const REPORTS = join(ROOT, 'test-results');
rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });

const started = Date.now();
const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;
/** Each step's name, lane, start (from the run's start) and length, for the summary. */
const steps = [];
/** The steps that failed, by name. */
const failures = [];

/**
 * Runs one step: `work` resolves `{ status, output? }`. A step of the side lane prints its
 * output when it ends, under its name, so the two lanes never interleave mid-line.
 */
async function step(lane, name, work) {
  const at = Date.now();
  const { status, output } = await work();
  const took = Date.now() - at;
  steps.push({ lane, name, startS: (at - started) / 1000, seconds: took / 1000, status });
  if (output !== undefined) console.log(`\n[${lane}] ${name}\n${String(output).trimEnd()}`);
  console.log(
    `\n[${lane}] ${name}: ${status === 0 ? 'done' : `FAILED (exit ${status})`} in ${seconds(took)}`,
  );
  if (status !== 0) failures.push(name);
  return status;
}

// Debian's packages download and unpack while pnpm fetches and links the workspace.
const systemPrograms = step('install', 'system programs (apt)', () => ensureSystemPrograms());
await step('install', 'workspace (pnpm install)', () =>
  pnpmAsync(['install', '--frozen-lockfile', '--prefer-offline']),
);
if (failures.length > 0) {
  console.error('The workspace did not install; nothing else can run.');
  process.exit(1);
}

const quiet = { quiet: true };
/** Settles once the PWA and the server are built (the main lane builds them first). */
let builtForJourneys;
const builds = new Promise((resolve) => (builtForJourneys = resolve));

const side = (async () => {
  await step('side', 'format check (prettier)', () => pnpmAsync(['run', 'format:check'], quiet));
  await step('side', 'lint (eslint)', () =>
    pnpmAsync(['exec', 'eslint', '.', '--max-warnings', '0'], quiet),
  );
  await step('side', 'unused code (knip)', () =>
    pnpmAsync(['exec', 'knip', '--no-progress'], quiet),
  );
  await step('side', 'type-check (tsc, each package)', () =>
    pnpmAsync(['run', 'typecheck'], quiet),
  );
  // The key journeys in WebKit and Firefox (one worker per engine), against the same build. Much
  // of their time is waiting (reconnects, the outbox's retry), so they run beside the main lane.
  await systemPrograms;
  if (!(await builds)) return;
  await step('side', 'e2e: WebKit and Firefox', () =>
    pnpmAsync(['--filter', '@pilbara/e2e', 'run', 'test:engines'], {
      ...quiet,
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: join(REPORTS, 'engines.json') },
    }),
  );
})();

/** vitest of one package (or the root's own tests), with its JSON report for the counts. */
function vitest(pkg) {
  const report = `--outputFile.json=${join(REPORTS, `vitest-${pkg}.json`)}`;
  const args = ['vitest', 'run', '--reporter=default', '--reporter=json', report];
  return pkg === 'root'
    ? pnpmAsync(['exec', ...args])
    : pnpmAsync(['--filter', `@pilbara/${pkg}`, 'exec', ...args]);
}

const vitestPackages = ['shared-schema', 'sync-server', 'web'];
const main = (async () => {
  // The builds the journeys run against: the PWA, and the server as plain JavaScript.
  const web = await step('main', 'build: web (vite)', () =>
    pnpmAsync(['--filter', '@pilbara/web', 'build']),
  );
  const server = await step('main', 'build: server (esbuild)', () =>
    runAsync(process.execPath, ['build.mjs'], { cwd: join(ROOT, 'sync-server') }),
  );
  builtForJourneys(web === 0 && server === 0);
  // The root's own tests (scripts/*.test.mjs: each lint boundary fails on a deliberate violation).
  await step('main', 'vitest: root', () => vitest('root'));
  await step('main', 'vitest: shared-schema', () => vitest('shared-schema'));
  await step('main', 'vitest: web', () => vitest('web'));
  // A test of the server renders a PDF to a picture with poppler-utils.
  await systemPrograms;
  await step('main', 'vitest: sync-server', () => vitest('sync-server'));
  if (!(await builds)) return;
  await step('main', 'e2e: Chromium (Playwright)', () =>
    pnpmAsync(['--filter', '@pilbara/e2e', 'test'], {
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: join(REPORTS, 'playwright.json') },
    }),
  );
})();
await Promise.all([systemPrograms, side, main]);
const totalSeconds = (Date.now() - started) / 1000;
writeFileSync(join(REPORTS, 'steps.json'), `${JSON.stringify({ totalSeconds, steps }, null, 2)}\n`);

let passed = 0;
let failed = 0;
// The names of failed tests, repeated at the very end: CI keeps only the tail of the output.
const failedNames = [];
const failedDetails = [];
// eslint-disable-next-line no-control-regex -- the colour codes runners put in their messages
const plain = (text) => String(text ?? '').replace(/\u001b\[[0-9;]*m/g, '');
const firstLine = (text) =>
  plain(text)
    .split('\n')
    .find((line) => line.trim() !== '') ?? '';
/**
 * What a failed browser test was doing, for CI's tail: every error it reported (a test timeout
 * comes with the step that was still waiting), each with its place in the spec and the
 * Expected/Received lines of a failed assertion, and how long the test ran.
 */
function browserFailure(result) {
  const lines = [];
  for (const error of result?.errors ?? [result?.error].filter(Boolean)) {
    const text = plain(error.message);
    const at = error.location
      ? ` (${error.location.file.replace(`${ROOT}/`, '')}:${error.location.line})`
      : '';
    lines.push(`  ${firstLine(text).slice(0, 300)}${at}`);
    const told = text
      .split('\n')
      .filter((line) => /^\s*(Expected|Received|Call log|- )/.test(line));
    for (const line of told.slice(0, 6)) lines.push(`    ${line.trim().slice(0, 300)}`);
  }
  lines.push(`  ran ${Math.round((result?.duration ?? 0) / 1000)} s`);
  return lines.join('\n');
}
for (const pkg of ['root', ...vitestPackages]) {
  const file = join(REPORTS, `vitest-${pkg}.json`);
  if (!existsSync(file)) continue;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  for (const suite of report.testResults ?? []) {
    const relative = String(suite.name ?? '').replace(`${ROOT}/`, '');
    for (const test of suite.assertionResults ?? []) {
      if (test.status !== 'failed') continue;
      failedNames.push(`${relative} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    }
    if ((suite.assertionResults ?? []).length === 0 && suite.status === 'failed') {
      failedNames.push(`${relative}: ${firstLine(suite.message)}`);
    }
  }
}
const unitPassed = passed;
const unitFailed = failed;

/**
 * Each result of a Playwright JSON report by its project (the engine), with the engine's label
 * and the limits its journeys stated (annotations written by e2e/engines/fixtures.ts).
 */
function playwrightResults(file, defaultEngine) {
  const engines = new Map();
  if (!existsSync(file)) return engines;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const visit = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const engine = test.projectName || defaultEngine;
        const entry = engines.get(engine) ?? {
          label: null,
          passed: 0,
          failed: 0,
          limits: new Set(),
        };
        engines.set(engine, entry);
        for (const note of test.annotations ?? []) {
          if (note.type === 'engine') entry.label = note.description;
          if (note.type === 'engine-limit') entry.limits.add(note.description);
        }
        const last = (test.results ?? []).at(-1);
        for (const note of last?.annotations ?? []) {
          if (note.type === 'engine') entry.label = note.description;
          if (note.type === 'engine-limit') entry.limits.add(note.description);
        }
        if (test.status === 'expected') entry.passed += 1;
        else if (test.status === 'unexpected' || test.status === 'flaky') {
          entry.failed += 1;
          const title = [...titles, spec.title].filter(Boolean).join(' › ');
          failedNames.push(`[${engine}] ${title}: ${firstLine(last?.error?.message)}`);
          failedDetails.push(`[${engine}] ${title}\n${browserFailure(last)}`);
        }
      }
    }
    for (const child of suite.suites ?? []) visit(child, [...titles, child.title]);
  };
  for (const suite of report.suites ?? []) visit(suite, [suite.title]);
  return engines;
}

const browserResults = [
  ...playwrightResults(join(REPORTS, 'playwright.json'), 'chromium'),
  ...playwrightResults(join(REPORTS, 'engines.json'), 'engines'),
];
for (const [, entry] of browserResults) {
  passed += entry.passed;
  failed += entry.failed;
}

console.log('');
console.log('Results by engine:');
console.log(`  Node (vitest: unit and integration): ${unitPassed} passed, ${unitFailed} failed`);
const ENGINE_NAMES = { chromium: 'Chromium (Debian chromium, Playwright)' };
for (const [engine, entry] of browserResults) {
  const label = entry.label ?? ENGINE_NAMES[engine] ?? engine;
  console.log(`  ${label} [${engine}]: ${entry.passed} passed, ${entry.failed} failed`);
  // What the engine cannot do, once each, with how many journeys asserted a fallback for it.
  const cannot = new Map();
  for (const limit of entry.limits) {
    const what = limit.split('; asserting instead:')[0];
    cannot.set(what, (cannot.get(what) ?? 0) + 1);
  }
  for (const [what, n] of cannot) console.log(`    ${what} (fallback asserted in ${n})`);
}
console.log('\nSteps (lane, start, length):');
for (const { lane, name, startS, seconds: took, status } of steps)
  console.log(
    `  ${lane.padEnd(7)} ${`+${startS.toFixed(0)} s`.padStart(7)} ${`${took.toFixed(0)} s`.padStart(6)}  ${name}${status === 0 ? '' : ' (failed)'}`,
  );
console.log(`  total ${(totalSeconds / 60).toFixed(1)} min`);
if (failedDetails.length > 0) console.log(`\nWhat the failed browser tests were doing:`);
for (const detail of failedDetails) console.log(detail);
for (const name of failedNames) console.log(`FAILED ${name.slice(0, 400)}`);
if (failures.length > 0) console.log(`Failed steps: ${failures.join(', ')}`);
if (passed === 0) {
  console.log('No test ran: treating the run as failed.');
  failures.push('no tests');
}
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failures.length > 0 || failed > 0 ? 1 : 0);
