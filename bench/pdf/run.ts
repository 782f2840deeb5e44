/**
 * PDFs and the server's responsiveness: the largest quote the API accepts
 * (sync-server/test/largest-quote.ts) rendered by this build's server and by a baseline build's
 * (default `bf6247e`, main before this work; `BENCH_PDF_BASELINE=<commit>`), in one run.
 *
 * Each server runs as `npm start` runs it (src/main.ts through tsx) on an empty data folder; a
 * prober in this process asks `/api/health` every 20 ms and records how long each answer took.
 * Measured:
 * 1. one largest-quote PDF: the request's time (this build: the median of 3 after a warm-up that
 *    starts the worker thread; the baseline: one run, it takes tens of seconds), and the longest
 *    health wait meanwhile;
 * 2. ten of them at once (this build only: the baseline would take ten times its single run):
 *    until the last one arrived, and the longest and 95th-percentile health waits.
 *
 * Run from the repository root: `pnpm --filter @pilbara/bench exec tsx pdf/run.ts`
 * (`npm run bench` runs it). Writes between the pdf markers of bench/RESULTS.md.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../scripts/free-port.mjs';
import { largestQuoteBody } from '../../sync-server/test/largest-quote';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '..', '..');
const DEFAULT_BASELINE = 'bf6247e';
const BASELINE = process.env.BENCH_PDF_BASELINE ?? DEFAULT_BASELINE;
const ADMIN = { username: 'admin', password: 'bench-password-1' };

function pnpm(args: string[], cwd: string): void {
  execFileSync('pnpm', args, { cwd, stdio: 'inherit' });
}

/** The baseline commit's source with its dependencies, in bench/.cache (reused between runs). */
function baselineTree(): { dir: string; commit: string } {
  const commit = execFileSync('git', ['rev-parse', '--short', BASELINE], {
    cwd: ROOT,
    encoding: 'utf8',
  }).trim();
  const dir = path.join(ROOT, 'bench', '.cache', `pdf-baseline-${commit}`);
  if (!fs.existsSync(path.join(dir, 'sync-server', 'node_modules'))) {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    const archive = execFileSync('git', ['archive', '--format=tar', commit], {
      cwd: ROOT,
      maxBuffer: 1 << 30,
    });
    execFileSync('tar', ['-x', '-C', dir], { input: archive });
    pnpm(['install', '--frozen-lockfile', '--prefer-offline'], dir);
  }
  return { dir, commit };
}

interface Server {
  url: string;
  cookie: string;
  stop(): void;
}

async function startServer(tree: string): Promise<Server> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pilbara-bench-pdf-'));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join('src', 'main.ts')], {
    cwd: path.join(tree, 'sync-server'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web'),
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = () => {
    child.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (i > 400) {
      stop();
      throw new Error(`the server in ${tree} did not start`);
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  if (!login.ok || !cookie) throw new Error(`could not sign in: ${login.status}`);
  return { url, cookie, stop };
}

async function largestQuote(server: Server): Promise<string> {
  const created = await fetch(`${server.url}/api/quotes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: server.cookie },
    body: JSON.stringify(largestQuoteBody()),
  });
  if (created.status !== 201) throw new Error(`quote not created: ${await created.text()}`);
  return ((await created.json()) as { quote: { id: string } }).quote.id;
}

async function pdf(server: Server, id: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${server.url}/api/quotes/${id}/pdf`, {
    headers: { cookie: server.cookie },
  });
  const bytes = (await response.arrayBuffer()).byteLength;
  if (response.status !== 200 || bytes < 10_000) throw new Error(`PDF ${response.status}`);
  return performance.now() - started;
}

/** Runs `work` while asking for /api/health every 20 ms; the work's result and every wait. */
async function withHealthProbe<T>(server: Server, work: () => Promise<T>) {
  const waits: number[] = [];
  let running = true;
  const probe = (async () => {
    while (running) {
      const started = performance.now();
      // A kept-alive connection the server closed meanwhile is reset: ask again, timed as one.
      await fetch(`${server.url}/api/health`).catch(() => fetch(`${server.url}/api/health`));
      waits.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const result = await work();
  running = false;
  await probe;
  return { result, waits };
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const ms = (value: number) =>
  value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${Math.round(value)} ms`;

const loadStart = os.loadavg()[0] ?? 0;
const started = new Date();
const baseline = baselineTree();

const before = await startServer(baseline.dir);
let beforeSingle: { time: number; worstHealth: number };
try {
  const id = await largestQuote(before);
  const { result, waits } = await withHealthProbe(before, () => pdf(before, id));
  beforeSingle = { time: result, worstHealth: Math.max(...waits) };
} finally {
  before.stop();
}

const after = await startServer(ROOT);
let afterSingle: { time: number; worstHealth: number };
let afterTen: { time: number; worstHealth: number; p95Health: number; samples: number };
try {
  const id = await largestQuote(after);
  await pdf(after, id); // starts the worker thread
  const singles: number[] = [];
  const singleWaits: number[] = [];
  for (let run = 0; run < 3; run++) {
    const { result, waits } = await withHealthProbe(after, () => pdf(after, id));
    singles.push(result);
    singleWaits.push(...waits);
  }
  afterSingle = { time: median(singles), worstHealth: Math.max(...singleWaits) };
  const ten = await withHealthProbe(after, async () => {
    const begun = performance.now();
    await Promise.all(Array.from({ length: 10 }, () => pdf(after, id)));
    return performance.now() - begun;
  });
  afterTen = {
    time: ten.result,
    worstHealth: Math.max(...ten.waits),
    p95Health: percentile(ten.waits, 95),
    samples: ten.waits.length,
  };
} finally {
  after.stop();
}
const loadEnd = os.loadavg()[0] ?? 0;

const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
  cwd: ROOT,
  encoding: 'utf8',
}).trim();
const section = `<!-- pdf:start -->
## PDFs: the largest quote, and health meanwhile

\`pnpm --filter @pilbara/bench exec tsx pdf/run.ts\` (part of \`npm run bench\`): the largest
quote the API accepts (200 lines of 200-character unbroken words, 5,000 characters of notes,
every field at its limit), rendered by the server as \`npm start\` runs it, with \`/api/health\`
asked every 20 ms throughout. "Before" is \`${baseline.commit}\` (main before this work), measured
in the same run. Run ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC on the build of
\`${commit}\`, load average (1 min) ${loadStart.toFixed(1)} at the start and ${loadEnd.toFixed(1)}
at the end on this shared 2-core machine.

| Measure | Before (\`${baseline.commit}\`) | After |
|---|---|---|
| One largest-quote PDF | ${ms(beforeSingle.time)} | **${ms(afterSingle.time)}** (median of 3; budget < 1 s) |
| Longest \`/api/health\` wait during one PDF | ${ms(beforeSingle.worstHealth)} | **${ms(afterSingle.worstHealth)}** |
| Ten PDFs at once, until the last arrived | not run (≈ 10 × one PDF, in line) | ${ms(afterTen.time)} |
| Longest \`/api/health\` wait while ten render | — | **${ms(afterTen.worstHealth)}** (95th percentile ${ms(afterTen.p95Health)}, ${afterTen.samples} answers; goal < 100 ms) |

Before, the PDF was drawn on the event loop and text wrapping was cubic in a word's length, so
health (and every other request) waited for the whole render. After, PDFs are drawn by worker
threads at a lower CPU priority (nice +5, \`sync-server/src/services/pdf/pool.ts\`) and wrapping is linear.
<!-- pdf:end -->`;

const resultsFile = path.join(ROOT, 'bench', 'RESULTS.md');
const results = fs.readFileSync(resultsFile, 'utf8');
const marked = /<!-- pdf:start -->[\s\S]*?<!-- pdf:end -->/;
fs.writeFileSync(
  resultsFile,
  marked.test(results) ? results.replace(marked, section) : `${results.trimEnd()}\n\n${section}\n`,
);
console.log(section);
