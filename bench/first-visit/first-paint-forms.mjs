// The forms at first paint on one bar of signal (throttled.mjs's profile: 400 ms round trip,
// 500 kbps, 4x CPU, 390 px), for a page whose script never arrives: the time from navigation to
// the first contentful paint, and whether the form, filled in and submitted at that paint with no
// script at all, gets its answer (the booking's number, "Message sent"), and how long that takes
// from the tap. Measured for the current build and a baseline commit (default 577412f, main before
// the forms worked without script), both served by their own sync-server, interleaved so both see
// the same machine load; the load average (1 min) is recorded beside each figure. Writes the
// table between the forms-first-paint markers of bench/RESULTS.md.
//
// node bench/first-visit/first-paint-forms.mjs — BENCH_BASELINE=<commit>, BENCH_RUNS=<n> (default 3).
import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { baselineTree, startAppServer } from '../lib/app-server.mjs';
import { launchBrowser, PROFILE } from './throttled.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');
const BASELINE = process.env.BENCH_BASELINE ?? '577412f';
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const TIMEOUT_MS = 60_000;
const ADMIN_PASSWORD = 'bench-admin-password-1';

/** A date a week ahead in Perth, as a date field takes it. */
const nextWeek = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Perth' }).format(
    new Date(Date.now() + 7 * 24 * 60 * 60 * 1000),
  );

/** Each form: its label, how a person fills it in, and the heading of its answer. */
const FORMS = {
  '/booking': {
    label: 'Book a Service',
    answer: 'Booking Submitted',
    async fill(form, n) {
      await form.getByLabel('Full Name').fill(`Bench Person ${n}`);
      await form.getByLabel('Phone Number').fill(`04120${String(n).padStart(5, '0')}`);
      await form.getByLabel('Email Address').fill(`bench${n}@example.com`);
      await form.getByLabel('Service Required').selectOption({ index: 1 });
      await form.getByLabel('Location').fill('Karratha, 12 Welcome Road');
      await form.getByLabel('Preferred Date').fill(nextWeek());
      await form.getByLabel('Preferred Time').selectOption({ index: 2 });
      await form.getByLabel('Describe what you need').fill('Flat battery at the depot gate.');
    },
  },
  '/contact': {
    label: 'Send us a Message',
    answer: 'Message sent successfully!',
    async fill(form, n) {
      await form.getByLabel('First Name').fill('Bench');
      await form.getByLabel('Last Name').fill(`Person${n}`);
      await form.getByLabel('Phone').fill(`04130${String(n).padStart(5, '0')}`);
      await form.getByLabel('Email').fill(`bench${n}@example.com`);
      await form.getByLabel('Service Needed').selectOption({ index: 1 });
      await form.getByLabel('Message').fill('Do you cover Point Samson on weekends?');
    },
  },
};

async function visit(browser, url, route, n) {
  const form = FORMS[route];
  const context = await browser.newContext({
    viewport: PROFILE.viewport,
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const bytesPerSecond = (PROFILE.kbps * 1000) / 8;
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: PROFILE.latencyMs,
      downloadThroughput: bytesPerSecond,
      uploadThroughput: bytesPerSecond,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: PROFILE.cpuSlowdown });
    // The script never arrives (the link drops it): every script the page asks for fails.
    await page.route('**/*.js', (r) => r.abort('internetdisconnected'));
    await page.goto(`${url}${route}`, { waitUntil: 'commit', timeout: TIMEOUT_MS });
    const fcp = await page.evaluate(
      () =>
        new Promise((done) => {
          new PerformanceObserver((list) => {
            const entry = list.getEntries().find((e) => e.name === 'first-contentful-paint');
            if (entry) done(entry.startTime);
          }).observe({ type: 'paint', buffered: true });
        }),
    );
    const locator = page.getByRole('form', { name: form.label });
    const submit = locator.locator('button[type="submit"]');
    await submit.waitFor({ timeout: TIMEOUT_MS });
    if (await submit.isDisabled()) {
      return {
        fcp,
        works: false,
        why: `button disabled ("${(await submit.textContent())?.trim()}")`,
      };
    }
    await form.fill(locator, n);
    const tap = Date.now();
    await submit.click({ noWaitAfter: true });
    try {
      await page
        .getByRole('heading', { level: 1, name: form.answer })
        .waitFor({ timeout: TIMEOUT_MS });
      return { fcp, works: true, tapToAnswer: Date.now() - tap };
    } catch {
      return { fcp, works: false, why: 'no answer page' };
    }
  } finally {
    await context.close();
  }
}

const ms = (value) => `${(value / 1000).toFixed(2)} s`;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

const baseline = baselineTree(BASELINE);
const sides = { before: baseline.dir, after: root };
const servers = {};
const results = { before: {}, after: {} };
const loads = {};
try {
  for (const side of ['before', 'after']) {
    servers[side] = await startAppServer(sides[side], { adminPassword: ADMIN_PASSWORD });
  }
  const browser = await launchBrowser();
  try {
    let n = 0;
    for (let i = 0; i < RUNS; i++) {
      for (const side of ['before', 'after']) {
        for (const route of Object.keys(FORMS)) {
          n += 1;
          (loads[route] ??= []).push(loadavg()[0]);
          const one = await visit(browser, servers[side].url, route, n);
          (results[side][route] ??= []).push(one);
          process.stdout.write(`${side} ${route} run ${i + 1}: ${JSON.stringify(one)}\n`);
        }
      }
    }
  } finally {
    await browser.close();
  }
} finally {
  for (const server of Object.values(servers)) await server.stop();
}

const describe = (runs) => {
  const works = runs.filter((r) => r.works);
  if (works.length === 0) return `**no** — ${runs[0]?.why ?? 'no run'}`;
  const taps = works.map((r) => r.tapToAnswer);
  return `**${works.length === runs.length ? 'yes' : `${works.length} of ${runs.length}`}**: answer ${ms(median(taps))} after the tap (runs ${taps.map(ms).join(', ')})`;
};
const rows = Object.keys(FORMS).map((route) => {
  const b = results.before[route];
  const a = results.after[route];
  const fcps = (runs) => runs.map((r) => ms(r.fcp)).join(', ');
  const load = loads[route];
  return (
    `| \`${route}\` | ${ms(median(b.map((r) => r.fcp)))} → **${ms(median(a.map((r) => r.fcp)))}** (runs ${fcps(b)} → ${fcps(a)}) ` +
    `| ${describe(b)} | ${describe(a)} | ${Math.min(...load).toFixed(1)}–${Math.max(...load).toFixed(1)} |`
  );
});
const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
const section = `<!-- forms-first-paint:start -->
### The forms at first paint, with no script

\`node bench/first-visit/first-paint-forms.mjs\`: the same profile (400 ms round trip, 500 kbps
each way, 4× CPU, 390 px), a first visit in a new browser context, and every script the page asks
for dropped by the link, as on a connection that fails after the page. At the first contentful
paint the form is filled in (Playwright, not timed) and its button tapped. "Before" is
\`${baseline.commit}\` (main before the forms worked without script); both servers start empty and are
measured interleaved, ${RUNS} runs each, median shown with the runs. Run ${when} UTC on this shared
2-core machine, the load average (1 min) during each form's runs beside it.

| Form | Navigation → first contentful paint, before → after | Submit at first paint, no script: before | after | Load (1 min) |
|---|---|---|---|---|
${rows.join('\n')}
<!-- forms-first-paint:end -->`;

const file = join(root, 'bench', 'RESULTS.md');
const text = readFileSync(file, 'utf8');
const marked = /<!-- forms-first-paint:start -->[\s\S]*?<!-- forms-first-paint:end -->/;
const next = marked.test(text)
  ? text.replace(marked, section)
  : text.replace('<!-- throttled:end -->', `<!-- throttled:end -->\n\n${section}`);
writeFileSync(file, next);
process.stdout.write(`${section}\n`);
