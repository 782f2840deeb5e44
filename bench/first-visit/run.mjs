// The first-visit benchmark, run by `npm run bench` after the web build:
// Lighthouse mobile scores and FCP / LCP / TBT / CLS for the public routes and a real tracking
// link, the bytes a first visit sends (compressed, as sent), and what a customer or driver on one
// bar of signal waits for (throttled.mjs: 400 ms round trip, 500 kbps, 4x CPU, 390 px, CDP
// throttling in Chromium): the tracking link's job, each form's time to usable, a driver's job
// cards after sign-in. Measured for the current build and for a baseline build of an earlier
// commit (default: main before the one-bar-of-signal work), both served by their own sync-server
// with the demo data and the same seeded jobs and driver (seed.mjs), interleaved in the same run so
// both see the same machine load; the load average is recorded beside every figure. Writes the
// tables between the first-visit and throttled markers of bench/RESULTS.md.
//
// BENCH_BASELINE=<commit> (default 81847e9), BENCH_LH_RUNS=<n> (default 3; the median run by
// performance score is reported), BENCH_ROUTES=/,/booking,... (default the four public routes
// and the tracking link, `track`), BENCH_THROTTLED_RUNS=<n> (default 3), BENCH_PARTS=lighthouse,
// throttled (default both), BENCH_THROTTLED=tracking,forms,driver (which throttled figures; default
// all three). The baseline is exported with `git archive` into bench/.cache/ and
// built once per commit.
import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { baselineTree, startAppServer } from '../lib/app-server.mjs';
import { measureServer } from './measure.mjs';
import { driverSignIn, formVisit, launchBrowser, PROFILE, trackingVisit } from './throttled.mjs';
import { seedThrottledBench } from './seed.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');
const DEFAULT_BASELINE = '81847e9';
const BASELINE = process.env.BENCH_BASELINE ?? DEFAULT_BASELINE;
const RUNS = Number(process.env.BENCH_LH_RUNS ?? 3);
const THROTTLED_RUNS = Number(process.env.BENCH_THROTTLED_RUNS ?? 3);
/** The tracking link in BENCH_ROUTES: each server's seeded job's `/customer-portal?token=…`. */
const TRACK = 'track';
const ROUTES = (process.env.BENCH_ROUTES ?? `/,/booking,/customer-portal,/contact,${TRACK}`).split(
  ',',
);
const PARTS = new Set((process.env.BENCH_PARTS ?? 'lighthouse,throttled').split(','));
const THROTTLED = new Set((process.env.BENCH_THROTTLED ?? 'tracking,forms,driver').split(','));
const BUDGET = { '/': 120 * 1024, '/booking': 170 * 1024 };
const ADMIN_PASSWORD = 'bench-admin-password-1';
/** The forms timed to usable and the label each form carries ('*': the page's first form). */
const FORMS = [
  ['/booking', 'Book a Service'],
  ['/contact', 'Send us a Message'],
  ['/auth', 'Login'],
  ['/feedback', '*'],
];
/** Goals: the tracking link's job, a usable form and a driver's cards on one bar; Lighthouse. */
const GOALS = { jobVisible: 2000, usable: 2500, cards: 3000, lighthouse: 95 };

function median(runs) {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value) => `${(value / 1000).toFixed(2)} s`;
const load1 = () => loadavg()[0];

/** The route's address on a side's server (the tracking link carries that server's token). */
const pathOn = (side, route) =>
  route === TRACK ? `/customer-portal?token=${seeds[side].token}` : route;
const routeLabel = (route) => (route === TRACK ? '/customer-portal?token=…' : route);

/**
 * Waits until a server renders its tracking link with the job in it (its renderer starts with
 * the server; a server that has been up for a while always has it). A build without that
 * feature answers with the plain page, which is what the baseline is measured with.
 */
async function warmTrackingLink(url, token) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    const html = await (await fetch(`${url}/customer-portal?token=${token}`)).text();
    if (html.includes('id="tracking-data"')) return true;
    await new Promise((r) => setTimeout(r, 500));
  }
  return false;
}

const loadStart = loadavg()[0];
const started = new Date();
const baseline = baselineTree(BASELINE);
/** A tree's server with the demo data, as the measurements below need it. */
const startServer = (tree) =>
  startAppServer(tree, { adminPassword: ADMIN_PASSWORD, env: { DEMO_DATA: 'true' } });
const servers = { before: await startServer(baseline.dir), after: await startServer(root) };
const seeds = {};
const results = {
  before: { lighthouse: {}, bytes: {}, throttled: {} },
  after: { lighthouse: {}, bytes: {}, throttled: {} },
};
/** The 1-minute load average at each measurement, by figure. */
const loads = {};
const noteLoad = (figure) => (loads[figure] ??= []).push(load1());
const loadRange = (figure) => {
  const values = loads[figure] ?? [];
  if (values.length === 0) return '—';
  const low = Math.min(...values).toFixed(1);
  const high = Math.max(...values).toFixed(1);
  return low === high ? low : `${low}–${high}`;
};
try {
  for (const side of ['before', 'after']) {
    seeds[side] = await seedThrottledBench(servers[side].url, ADMIN_PASSWORD);
  }
  const warmed = await warmTrackingLink(servers.after.url, seeds.after.token);
  if (!warmed) console.error('this build did not render the tracking link with its job');

  if (PARTS.has('lighthouse')) {
    // Interleaved: each run of a route measures the baseline, then the current build.
    for (const route of ROUTES) {
      for (const side of ['before', 'after']) results[side].lighthouse[route] = [];
      for (let i = 0; i < RUNS; i++) {
        for (const side of ['before', 'after']) {
          noteLoad(`lighthouse ${route}`);
          const path = pathOn(side, route);
          const one = await measureServer(servers[side].url, {
            routes: [path],
            runs: 1,
            bytes: i === 0,
          });
          results[side].lighthouse[route].push(one.lighthouse[path][0]);
          if (i === 0) results[side].bytes[route] = one.bytes[path];
          process.stdout.write(
            `${side} ${routeLabel(route)} run ${i + 1}: performance ${one.lighthouse[path][0].performance}\n`,
          );
        }
      }
    }
  }

  if (PARTS.has('throttled')) {
    const browser = await launchBrowser();
    const push = (side, figure, value) => (results[side].throttled[figure] ??= []).push(value);
    try {
      for (let i = 0; i < THROTTLED_RUNS; i++) {
        for (const side of ['before', 'after']) {
          const { url } = servers[side];
          const seed = seeds[side];
          if (THROTTLED.has('tracking')) {
            noteLoad('tracking');
            push(
              side,
              'tracking',
              await trackingVisit(browser, `${url}${pathOn(side, TRACK)}`, seed),
            );
          }
          for (const [route, formLabel] of THROTTLED.has('forms') ? FORMS : []) {
            noteLoad(`form ${route}`);
            push(side, `form ${route}`, await formVisit(browser, `${url}${route}`, { formLabel }));
          }
          for (const installed of THROTTLED.has('driver') ? [true, false] : []) {
            const figure = installed ? 'driver installed' : 'driver first visit';
            noteLoad(figure);
            push(
              side,
              figure,
              await driverSignIn(browser, url, {
                ...seed.driver,
                jobId: seed.driverJobId,
                installed,
              }),
            );
          }
          process.stdout.write(`${side} throttled run ${i + 1} done\n`);
        }
      }
    } finally {
      await browser.close();
    }
  }
} finally {
  await servers.before.stop();
  await servers.after.stop();
}
const loadEnd = loadavg()[0];

/** Lighthouse's benchmarkIndex of the host over a route's runs (both builds), lowest–highest. */
function indexRange(route) {
  const values = ['before', 'after']
    .flatMap((side) => results[side].lighthouse[route].map((r) => r.benchmarkIndex))
    .filter(Number.isFinite);
  if (values.length === 0) return '—';
  return `${Math.min(...values)}–${Math.max(...values)}`;
}
const rows = ROUTES.filter((route) => results.after.lighthouse[route]).map((route) => {
  const b = median(results.before.lighthouse[route]);
  const a = median(results.after.lighthouse[route]);
  const runs = (side) => results[side].lighthouse[route].map((r) => r.performance).join(', ');
  return (
    `| \`${routeLabel(route)}\` | ${b.performance} → **${a.performance}** (runs ${runs('before')} → ${runs('after')}) ` +
    `| ${b.accessibility} → **${a.accessibility}** | ${b.bestPractices} → **${a.bestPractices}** ` +
    `| ${ms(b.fcp)} → ${ms(a.fcp)} | ${ms(b.lcp)} → ${ms(a.lcp)} | ${Math.round(b.tbt)} → ${Math.round(a.tbt)} ms ` +
    `| ${b.cls.toFixed(3)} → ${a.cls.toFixed(3)} | ${loadRange(`lighthouse ${route}`)} ` +
    `| ${indexRange(route)} |`
  );
});
const byteRows = ROUTES.filter((route) => results.after.bytes[route]).map((route) => {
  const b = results.before.bytes[route];
  const a = results.after.bytes[route];
  const budget = BUDGET[route];
  const verdict = budget
    ? ` (goal ≤ ${kb(budget)}: ${a.jsWire <= budget ? 'met' : 'NOT met'})`
    : '';
  return (
    `| \`${routeLabel(route)}\` | ${kb(b.jsWire)} → **${kb(a.jsWire)}**${verdict} | ${kb(a.jsBody)} in ${a.jsRequests} files ` +
    `| ${kb(b.css)} → ${kb(a.css)} | ${kb(b.html)} (${b.htmlEncoding}) → ${kb(a.html)} (${a.htmlEncoding}) ` +
    `| ${kb(b.total)} → **${kb(a.total)}** (${(a.total / b.total).toFixed(2)}×) | ${b.requests} → ${a.requests} |`
  );
});

/** The median of a throttled figure's field over its runs, and the runs. */
function throttledFigure(side, figure, field) {
  const values = (results[side].throttled[figure] ?? []).map((run) => run[field]);
  const sorted = [...values].sort((x, y) => x - y);
  return { median: sorted[Math.floor((sorted.length - 1) / 2)], values };
}
const secs = (values) => values.map((v) => (v / 1000).toFixed(2)).join(', ');
/** `before → after` medians with the runs, and whether `goal` (ms) is met. */
function throttledCell(figure, field, goal) {
  const b = throttledFigure('before', figure, field);
  const a = throttledFigure('after', figure, field);
  if (a.median === undefined) return '—';
  const verdict = goal === undefined ? '' : a.median <= goal ? ' (met)' : ' (**NOT met**)';
  return `${ms(b.median)} → **${ms(a.median)}**${verdict} (runs ${secs(b.values)} → ${secs(a.values)})`;
}
const throttledRows = [
  `| Tracking link \`/customer-portal?token=…\`: first contentful paint | — | ${throttledCell('tracking', 'fcp')} | ${loadRange('tracking')} |`,
  `| Tracking link: the job (its id and status) on screen | ≤ ${ms(GOALS.jobVisible)} | ${throttledCell('tracking', 'jobVisible', GOALS.jobVisible)} | ${loadRange('tracking')} |`,
  ...FORMS.flatMap(([route]) => [
    `| \`${route}\`: first contentful paint → form usable | ≤ ${ms(GOALS.usable)} | ${throttledCell(`form ${route}`, 'fcpToUsable', GOALS.usable)} | ${loadRange(`form ${route}`)} |`,
  ]),
  `| Driver, app installed: tap on Login → their job cards on \`/driver\` | ≤ ${ms(GOALS.cards)} | ${throttledCell('driver installed', 'signInToCards', GOALS.cards)} | ${loadRange('driver installed')} |`,
  `| Driver, first visit: tap on Login → their job cards | ≤ ${ms(GOALS.cards)} | ${throttledCell('driver first visit', 'signInToCards', GOALS.cards)} | ${loadRange('driver first visit')} |`,
  ...['installed', 'first visit'].flatMap((how) => [
    `| — ${how}: tap → the sign-in's answer in | — | ${throttledCell(`driver ${how}`, 'tapToAnswer')} | ${loadRange(`driver ${how}`)} |`,
    `| — ${how}: the answer in → the cards | — | ${throttledCell(`driver ${how}`, 'answerToCards')} | ${loadRange(`driver ${how}`)} |`,
  ]),
];

const baselineNote =
  BASELINE === DEFAULT_BASELINE ? '(main before this work)' : '(chosen with BENCH_BASELINE)';
const section = `<!-- first-visit:start -->
## First visit: Lighthouse mobile and bytes sent

\`npm run bench\` (\`bench/first-visit/run.mjs\`): Lighthouse 12.8.2 from npm, mobile form factor,
its default simulated throttling (150 ms RTT, 1.6 Mbps, 4× CPU), against the built app served by
sync-server, in \`/usr/bin/chromium\`. "Before" is the build of \`${baseline.commit}\` ${baselineNote}
served by its own sync-server; both are measured interleaved in the same run, ${RUNS}
runs per route each, the median run by performance score shown. Run ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC,
load average (1 min) ${loadStart.toFixed(1)} at the start and ${loadEnd.toFixed(1)} at the end on this
shared 2-core machine: Lighthouse's TBT scales the main-thread time it observes, so the
performance score drops when other jobs share the CPU; bytes do not depend on load. "Host CPU"
is Lighthouse's own benchmark of the machine (\`benchmarkIndex\`): Lighthouse expects about 1000
or more and warns below it, since its 4× slowdown then stands for a slower phone than intended.

| Route | Performance (goal ≥ ${GOALS.lighthouse}) | Accessibility | Best practices | FCP | LCP | TBT | CLS | Load (1 min) | Host CPU |
|---|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}

Bytes of a first visit (empty cache, service worker not yet installed), as sent: body compressed
as the server sent it plus response headers, up to network idle, at 390 px in Chromium.

| Route | JavaScript over the wire | JS bodies only | CSS | HTML | Everything | Requests |
|---|---|---|---|---|---|---|
${byteRows.join('\n')}
<!-- first-visit:end -->`;

const throttledSection = `<!-- throttled:start -->
## One bar of signal: the tracking link, the forms, a driver's sign-in

\`npm run bench\` (\`bench/first-visit/throttled.mjs\`): Chromium through playwright-core with CDP
throttling — ${PROFILE.latencyMs} ms round trip, ${PROFILE.kbps} kbps each way, ${PROFILE.cpuSlowdown}× CPU slowdown, a ${PROFILE.viewport.width} px phone screen — each
measurement in a new browser context (a first visit: empty cache, no service worker), except the
installed driver's, whose app was opened once unthrottled until its service worker took control.
Times come from the page (the first frame in which the job, the usable form or the driver's card
is on screen). "Before" is \`${baseline.commit}\` ${baselineNote}; both servers hold the demo data and the same
seeded jobs, measured interleaved, ${THROTTLED_RUNS} runs each, median shown with the runs. Run ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC on this
shared 2-core machine; the load average (1 min) during each figure's runs is beside it. The 4×
CPU slowdown is on top of whatever share of a core the browser gets, so a loaded machine
lengthens every CPU-bound step (parsing, hydration) well beyond the profile's.

| Figure | Goal | Before → after (median of ${THROTTLED_RUNS}) | Load (1 min) |
|---|---|---|---|
${throttledRows.join('\n')}
<!-- throttled:end -->`;

const resultsFile = join(root, 'bench', 'RESULTS.md');
let current = readFileSync(resultsFile, 'utf8');
/** Replaces the text between a section's markers, or adds the section before "## Sync". */
function place(text, name, content) {
  const marked = new RegExp(`<!-- ${name}:start -->[\\s\\S]*?<!-- ${name}:end -->`);
  return marked.test(text)
    ? text.replace(marked, content)
    : text.replace(/\n## Sync\n/, `\n${content}\n\n## Sync\n`);
}
if (PARTS.has('lighthouse')) current = place(current, 'first-visit', section);
if (PARTS.has('throttled')) current = place(current, 'throttled', throttledSection);
writeFileSync(resultsFile, current);
// One record per part, so a run of one part (BENCH_PARTS) keeps the other's last figures, as
// RESULTS.md does.
const runFile = join(here, 'last-run.json');
let runs = {};
try {
  runs = JSON.parse(readFileSync(runFile, 'utf8')).parts ?? {};
} catch {
  // no earlier run, or one from before the record was kept per part
}
for (const part of PARTS) {
  runs[part] = {
    baseline: baseline.commit,
    started,
    loadStart,
    loadEnd,
    loads,
    results: Object.fromEntries(
      ['before', 'after'].map((side) => [
        side,
        part === 'lighthouse'
          ? { lighthouse: results[side].lighthouse, bytes: results[side].bytes }
          : { throttled: results[side].throttled },
      ]),
    ),
  };
}
writeFileSync(runFile, `${JSON.stringify({ parts: runs }, null, 2)}\n`);
if (PARTS.has('lighthouse')) console.log(section);
if (PARTS.has('throttled')) console.log(throttledSection);
