// The first-visit benchmark (issue 15), run by `npm run bench` after the web build: Lighthouse
// mobile scores and FCP / LCP / TBT / CLS for the public routes, and the bytes a first visit
// sends (compressed, as sent), for the current build and for a baseline build of an earlier
// commit (default: main before this work), both served by their own sync-server, measured
// interleaved in the same run so both see the same machine load. Writes the tables between the
// first-visit markers of bench/RESULTS.md.
//
// BENCH_BASELINE=<commit> (default 735f8fb), BENCH_LH_RUNS=<n> (default 3; the median run by
// performance score is reported), BENCH_ROUTES=/,/booking,... (default the four of the issue).
// The baseline is exported with `git archive` into bench/.cache/ and built once per commit.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureServer } from './measure.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');
const DEFAULT_BASELINE = '735f8fb';
const BASELINE = process.env.BENCH_BASELINE ?? DEFAULT_BASELINE;
const RUNS = Number(process.env.BENCH_LH_RUNS ?? 3);
const ROUTES = (process.env.BENCH_ROUTES ?? '/,/booking,/customer-portal,/contact').split(',');
const BUDGET = { '/': 120 * 1024, '/booking': 170 * 1024 };

function pnpm(args, cwd) {
  const [cmd, ...pre] =
    execFileSync('pnpm', ['--version'], { encoding: 'utf8' }).trim() === '10.34.9'
      ? ['pnpm']
      : ['npx', '--yes', 'pnpm@10.34.9'];
  execFileSync(cmd, [...pre, ...args], { cwd, stdio: 'inherit' });
}

/** The baseline commit's source, installed and built, in bench/.cache (reused between runs). */
function baselineTree() {
  const commit = execFileSync('git', ['rev-parse', '--short', BASELINE], {
    cwd: root,
    encoding: 'utf8',
  }).trim();
  const dir = join(here, '..', '.cache', `baseline-${commit}`);
  if (!existsSync(join(dir, 'web', 'dist', 'index.html'))) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const archive = execFileSync('git', ['archive', '--format=tar', commit], {
      cwd: root,
      maxBuffer: 1 << 30,
    });
    execFileSync('tar', ['-x', '-C', dir], { input: archive });
    pnpm(['install', '--frozen-lockfile', '--prefer-offline'], dir);
    pnpm(['--filter', '@pilbara/web', 'build'], dir);
  }
  return { dir, commit };
}

function freePort() {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolvePort(port));
    });
  });
}

/** Starts `tree`'s sync-server on a free port with an empty data folder; resolves its URL. */
async function startServer(tree) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'pilbara-bench-'));
  const child = spawn(process.execPath, ['--import', 'tsx', join('src', 'main.ts')], {
    cwd: join(tree, 'sync-server'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: join(tree, 'web', 'dist'),
      ADMIN_PASSWORD: 'bench-admin-password-1',
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    url,
    stop: () => {
      child.kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function median(runs) {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value) => `${(value / 1000).toFixed(2)} s`;

const loadStart = loadavg()[0];
const started = new Date();
const baseline = baselineTree();
const servers = { before: await startServer(baseline.dir), after: await startServer(root) };
const results = { before: { lighthouse: {}, bytes: {} }, after: { lighthouse: {}, bytes: {} } };
try {
  // Interleaved: each run of a route measures the baseline, then the current build.
  for (const route of ROUTES) {
    for (const side of ['before', 'after']) results[side].lighthouse[route] = [];
    for (let i = 0; i < RUNS; i++) {
      for (const side of ['before', 'after']) {
        const one = await measureServer(servers[side].url, {
          routes: [route],
          runs: 1,
          bytes: i === 0,
        });
        results[side].lighthouse[route].push(one.lighthouse[route][0]);
        if (i === 0) results[side].bytes[route] = one.bytes[route];
        process.stdout.write(
          `${side} ${route} run ${i + 1}: performance ${one.lighthouse[route][0].performance}\n`,
        );
      }
    }
  }
} finally {
  servers.before.stop();
  servers.after.stop();
}
const loadEnd = loadavg()[0];

const rows = ROUTES.map((route) => {
  const b = median(results.before.lighthouse[route]);
  const a = median(results.after.lighthouse[route]);
  const runs = (side) => results[side].lighthouse[route].map((r) => r.performance).join(', ');
  return (
    `| \`${route}\` | ${b.performance} → **${a.performance}** (runs ${runs('before')} → ${runs('after')}) ` +
    `| ${b.accessibility} → **${a.accessibility}** | ${b.bestPractices} → **${a.bestPractices}** ` +
    `| ${ms(b.fcp)} → ${ms(a.fcp)} | ${ms(b.lcp)} → ${ms(a.lcp)} | ${Math.round(b.tbt)} → ${Math.round(a.tbt)} ms ` +
    `| ${b.cls.toFixed(3)} → ${a.cls.toFixed(3)} |`
  );
});
const byteRows = ROUTES.map((route) => {
  const b = results.before.bytes[route];
  const a = results.after.bytes[route];
  const budget = BUDGET[route];
  const verdict = budget
    ? ` (goal ≤ ${kb(budget)}: ${a.jsWire <= budget ? 'met' : 'NOT met'})`
    : '';
  return (
    `| \`${route}\` | ${kb(b.jsWire)} → **${kb(a.jsWire)}**${verdict} | ${kb(a.jsBody)} in ${a.jsRequests} files ` +
    `| ${kb(b.css)} → ${kb(a.css)} | ${kb(b.html)} (${b.htmlEncoding}) → ${kb(a.html)} (${a.htmlEncoding}) ` +
    `| ${kb(b.total)} → **${kb(a.total)}** (${(a.total / b.total).toFixed(2)}×) | ${b.requests} → ${a.requests} |`
  );
});

const baselineNote =
  BASELINE === DEFAULT_BASELINE ? '(main before this work)' : '(chosen with BENCH_BASELINE)';
const section = `<!-- first-visit:start -->
## First visit: Lighthouse mobile and bytes sent (issue 15)

\`npm run bench\` (\`bench/first-visit/run.mjs\`): Lighthouse 12.8.2 from npm, mobile form factor,
its default simulated throttling (150 ms RTT, 1.6 Mbps, 4× CPU), against the built app served by
sync-server, in \`/usr/bin/chromium\`. "Before" is the build of \`${baseline.commit}\` ${baselineNote}
served by its own sync-server; both are measured interleaved in the same run, ${RUNS}
runs per route each, the median run by performance score shown. Run ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC,
load average (1 min) ${loadStart.toFixed(1)} at the start and ${loadEnd.toFixed(1)} at the end on this
shared 2-core machine: Lighthouse's TBT scales the main-thread time it observes, so the
performance score drops when other jobs share the CPU; bytes do not depend on load.

| Route | Performance | Accessibility | Best practices | FCP | LCP | TBT | CLS |
|---|---|---|---|---|---|---|---|
${rows.join('\n')}

Bytes of a first visit (empty cache, service worker not yet installed), as sent: body compressed
as the server sent it plus response headers, up to network idle, at 390 px in Chromium.

| Route | JavaScript over the wire | JS bodies only | CSS | HTML | Everything | Requests |
|---|---|---|---|---|---|---|
${byteRows.join('\n')}
<!-- first-visit:end -->`;

const resultsFile = join(root, 'bench', 'RESULTS.md');
const current = readFileSync(resultsFile, 'utf8');
const marked = /<!-- first-visit:start -->[\s\S]*?<!-- first-visit:end -->/;
writeFileSync(
  resultsFile,
  marked.test(current)
    ? current.replace(marked, section)
    : current.replace(/\n## Sync\n/, `\n${section}\n\n## Sync\n`),
);
writeFileSync(
  join(here, 'last-run.json'),
  `${JSON.stringify({ baseline: baseline.commit, started, loadStart, loadEnd, results }, null, 2)}\n`,
);
console.log(section);
