// `npm test`: install what is needed (the workspace, and every system program a test starts when
// missing: Debian's Chromium, poppler-utils, Xvfb, WebKitGTK's WebDriver and Firefox ESR; see
// SYSTEM_PROGRAMS in lib.mjs), then run every check: format, lint, type-check, unit and
// integration tests (vitest, per package), the production build, the end-to-end journeys in
// Chromium, and the key journeys in WebKit and Firefox (e2e/engines). It ends with the counts per
// engine and one summary line 'tests: N passed, N failed' counted from the runners' reports.
import { mkdirSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, ensureSystemPrograms, installWorkspace, pnpm } from './lib.mjs';

const REPORTS = join(ROOT, 'test-results');
rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });

installWorkspace();
ensureSystemPrograms();

pnpm(['run', 'format:check']);
pnpm(['run', 'lint']);
pnpm(['run', 'typecheck']);

const failures = [];
// The root's own tests (scripts/*.test.mjs: each lint boundary fails on a deliberate violation).
const rootStatus = pnpm(
  [
    'exec',
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${join(REPORTS, 'vitest-root.json')}`,
  ],
  { allowFail: true },
);
if (rootStatus !== 0) failures.push('vitest root');
const vitestPackages = ['shared-schema', 'sync-server', 'web'];
for (const pkg of vitestPackages) {
  const status = pnpm(
    [
      '--filter',
      `@pilbara/${pkg}`,
      'exec',
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${join(REPORTS, `vitest-${pkg}.json`)}`,
    ],
    { allowFail: true },
  );
  if (status !== 0) failures.push(`vitest ${pkg}`);
}

pnpm(['--filter', '@pilbara/web', 'build']);
const e2eStatus = pnpm(['--filter', '@pilbara/e2e', 'test'], {
  allowFail: true,
  env: { PLAYWRIGHT_JSON_OUTPUT_NAME: join(REPORTS, 'playwright.json') },
});
if (e2eStatus !== 0) failures.push('playwright e2e');
// The same build, the key journeys in WebKit and Firefox (one worker per engine).
const enginesStatus = pnpm(['--filter', '@pilbara/e2e', 'run', 'test:engines'], {
  allowFail: true,
  env: { PLAYWRIGHT_JSON_OUTPUT_NAME: join(REPORTS, 'engines.json') },
});
if (enginesStatus !== 0) failures.push('journeys in WebKit and Firefox');

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
