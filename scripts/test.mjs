// `npm test`: install what is needed (the workspace, and Debian's Chromium for Playwright when
// missing), then run every check: format, lint, type-check, unit and integration tests
// (vitest, per package), the production build, and the end-to-end journeys in Chromium.
// It ends with one summary line 'tests: N passed, N failed' counted from the runners' reports.
import { mkdirSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, ensureChromium, installWorkspace, pnpm } from './lib.mjs';

const REPORTS = join(ROOT, 'test-results');
rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });

installWorkspace();
ensureChromium();

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

let passed = 0;
let failed = 0;
// The names of failed tests, repeated at the very end: CI keeps only the tail of the output.
const failedNames = [];
const firstLine = (text) =>
  String(text ?? '')
    .split('\n')
    .find((line) => line.trim() !== '') ?? '';
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
const pw = join(REPORTS, 'playwright.json');
if (existsSync(pw)) {
  const stats = JSON.parse(readFileSync(pw, 'utf8')).stats ?? {};
  passed += stats.expected ?? 0;
  failed += (stats.unexpected ?? 0) + (stats.flaky ?? 0);
}

console.log('');
for (const name of failedNames) console.log(`FAILED ${name.slice(0, 400)}`);
if (failures.length > 0) console.log(`Failed steps: ${failures.join(', ')}`);
if (passed === 0) {
  console.log('No test ran: treating the run as failed.');
  failures.push('no tests');
}
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failures.length > 0 || failed > 0 ? 1 : 0);
