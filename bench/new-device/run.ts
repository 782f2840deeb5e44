/**
 * A new phone signing in to ten years of the business: an owner and a driver, each on a new
 * browser profile (a fresh Chromium user-data folder: no IndexedDB, no service worker, no cache),
 * sign in on /auth of a server holding the decade of a busy depot (bench/scale/seed.ts), and the
 * bench measures, on the weak link (400 ms round trip, 500 kbps, 4× CPU, 390 px) and with the
 * network unthrottled (still 4× CPU):
 *
 * - the first useful screen, from the tap on Login: the owner's admin panel with the day's open
 *   jobs counted and the fleet's due items listed (the numbers the whole database gives), the
 *   driver's card of one of their jobs;
 * - everything the role keeps offline on the device: the sync chip says "Synced" (caught up, no
 *   change waiting, id blocks held), and the rows then on the device;
 * - the IndexedDB bytes (the browser's own estimate, and the folder on disk);
 * - the longest main-thread task from the tap until synced (PerformanceObserver `longtask`, in
 *   the throttled page's time), and how many took over 200 ms;
 * - peak memory: the page's JavaScript heap (CDP `Performance.getMetrics`) and the resident
 *   memory of the whole browser (every process of it, from /proc).
 *
 * The same visits are made against a baseline commit's build (default: main before the new
 * device's sync was ordered and bounded) served on its own copy of the same database,
 * interleaved, so both see the same machine load; the load average is kept beside each figure.
 * A visit that is not synced within BENCH_NEW_DEVICE_CAP_S seconds stops there and says so.
 *
 * `pnpm --filter @pilbara/bench exec tsx new-device/run.ts` (part of `npm run bench`). Env:
 * BENCH_NEW_DEVICE_BASELINE (commit), BENCH_NEW_DEVICE_RUNS (3), BENCH_NEW_DEVICE_CAP_S (300),
 * BENCH_NEW_DEVICE_ROLES (owner,driver), BENCH_NEW_DEVICE_PROFILES (weak,fast),
 * BENCH_NEW_DEVICE_SIDES (before,after). Writes bench/RESULTS.md between the new-device markers
 * and bench/new-device/last-run.json.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import {
  SYNCED_TABLES,
  fleetDueItems,
  isActiveStatus,
  perthDate,
  type PrestartCheck,
  type ServiceRecord,
  type Vehicle,
} from '@pilbara/shared-schema';
import { DRIVERS, seedDecade } from '../scale/seed';
import { baselineTree, startAppServer } from '../lib/app-server.mjs';
import { traceLongTasks, type LongTaskShare } from './long-tasks';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '..', '..');
const requireFromE2e = createRequire(path.join(ROOT, 'e2e', 'package.json'));
const requireFromTest = createRequire(requireFromE2e.resolve('@playwright/test'));
/* eslint-disable @typescript-eslint/no-explicit-any -- playwright-core is loaded untyped, as in the other browser benches */
const { chromium } = createRequire(requireFromTest.resolve('playwright'))('playwright-core') as {
  chromium: any;
};
const requireFromServer = createRequire(path.join(ROOT, 'sync-server', 'package.json'));
const Database = requireFromServer('better-sqlite3') as new (
  file: string,
  options?: { readonly?: boolean },
) => {
  prepare(sql: string): { all(...args: unknown[]): unknown[]; run(...args: unknown[]): unknown };
  exec(sql: string): void;
  close(): void;
};

const BASELINE = process.env.BENCH_NEW_DEVICE_BASELINE ?? '6ff63f5';
const RUNS = Number(process.env.BENCH_NEW_DEVICE_RUNS ?? 3);
const CAP_MS = Number(process.env.BENCH_NEW_DEVICE_CAP_S ?? 300) * 1000;
const ROLES = (process.env.BENCH_NEW_DEVICE_ROLES ?? 'owner,driver').split(',') as Role[];
const PROFILES = (process.env.BENCH_NEW_DEVICE_PROFILES ?? 'weak,fast').split(',') as ProfileName[];
const SIDES = (process.env.BENCH_NEW_DEVICE_SIDES ?? 'before,after').split(',') as Side[];
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * Trace each visit and say what its tasks over 100 ms were (long-tasks.ts): `1` with the
 * sampling profiler (function names, slower page), `events` with the timeline events only.
 */
const TRACE = process.env.BENCH_NEW_DEVICE_TRACE ?? '';
/** A person typing on a phone: the sign-in's 25–27 characters take them about 3 s. */
const TYPING_MS_PER_KEY = 120;
const CPU_PROFILE = process.env.BENCH_NEW_DEVICE_CPU_PROFILE === '1';
const ADMIN_PASSWORD = 'bench-admin-password-1';
/**
 * The seeded driver who signs in: their account is in the decade with a third of its jobs; the
 * bench sets its password on each server through the Staff API, as an owner does for a new
 * driver before they can sign in.
 */
const DRIVER = {
  ...(DRIVERS[0] ?? { name: 'Sam Taylor', username: 'sam' }),
  password: 'bench-driver-password-1',
};
const DRIVER_NAME = DRIVER.name;
/** Goals of the issue: first useful screen on the weak link, everything offline unthrottled. */
const GOALS = { usefulWeakMs: 3000, everythingFastMs: 60_000, longestTaskMs: 200 };

type Role = 'owner' | 'driver';
type Side = 'before' | 'after';
type ProfileName = 'weak' | 'fast';
interface Profile {
  label: string;
  network: { latency: number; kbps: number } | null;
  cpu: number;
}
const PROFILE_OF: Record<ProfileName, Profile> = {
  weak: {
    label: 'weak link (400 ms, 500 kbps, 4× CPU)',
    network: { latency: 400, kbps: 500 },
    cpu: 4,
  },
  fast: { label: 'network unthrottled, 4× CPU', network: null, cpu: 4 },
};

/** What one new device measured; times in ms from the tap on Login. */
interface Visit {
  useful: number | null;
  synced: number | null;
  /** Rows in the device's visible tables when synced (or at the cap). */
  rows: number;
  idbEstimate: number;
  idbDisk: number;
  longestTask: number;
  tasksOver200: number;
  peakHeap: number;
  peakRss: number;
  load: number;
  longTasks?: LongTaskShare[];
  timeline: Step[];
}

/** One step of a visit's timeline: ms from the tap on Login (negative: before it). */
interface Step {
  at: number;
  what: string;
}

/** A request the page made, as CDP's Network domain saw it (epoch ms). */
interface Request {
  url: string;
  method: string;
  start: number;
  end: number | null;
  bytes: number;
  cached: boolean;
}

/**
 * Records the page's requests and WebSocket frames through CDP (the bytes are those on the wire
 * as Chromium counts them, headers included; a frame's are its payload, after inflating).
 */
function recordNetwork(cdp: any) {
  let offset: number | null = null;
  const epoch = (timestamp: number) => timestamp * 1000 + (offset ?? 0);
  const requests = new Map<string, Request>();
  const sockets: { url: string; created: number; open: number | null }[] = [];
  const socketOf = new Map<string, (typeof sockets)[number]>();
  const frames: {
    at: number;
    sent: boolean;
    bytes: number;
    type: string;
    rows: number;
    snapshot: boolean;
  }[] = [];
  cdp.on('Network.requestWillBeSent', (e: any) => {
    offset ??= e.wallTime * 1000 - e.timestamp * 1000;
    requests.set(e.requestId, {
      url: e.request.url,
      method: e.request.method,
      start: epoch(e.timestamp),
      end: null,
      bytes: 0,
      cached: false,
    });
  });
  cdp.on('Network.responseReceived', (e: any) => {
    const request = requests.get(e.requestId);
    if (request) request.cached = Boolean(e.response.fromDiskCache || e.response.fromServiceWorker);
  });
  cdp.on('Network.loadingFinished', (e: any) => {
    const request = requests.get(e.requestId);
    if (!request) return;
    request.end = epoch(e.timestamp);
    request.bytes = e.encodedDataLength;
  });
  cdp.on('Network.webSocketWillSendHandshakeRequest', (e: any) => {
    offset ??= e.wallTime * 1000 - e.timestamp * 1000;
    const socket = socketOf.get(e.requestId);
    if (socket) socket.created = epoch(e.timestamp);
  });
  cdp.on('Network.webSocketCreated', (e: any) => {
    const socket = { url: e.url, created: NaN, open: null };
    sockets.push(socket);
    socketOf.set(e.requestId, socket);
  });
  cdp.on('Network.webSocketHandshakeResponseReceived', (e: any) => {
    const socket = socketOf.get(e.requestId);
    if (socket) socket.open = epoch(e.timestamp);
  });
  const frame = (sent: boolean) => (e: any) => {
    const payload = String(e.response?.payloadData ?? '');
    let type: string;
    let rows = 0;
    let snapshot = false;
    try {
      const message = JSON.parse(payload) as {
        type?: string;
        changes?: unknown[];
        snapshot?: unknown;
      };
      type = message.type ?? '';
      rows = message.changes?.length ?? 0;
      snapshot = message.snapshot !== undefined;
    } catch {
      type = 'binary';
    }
    frames.push({
      at: epoch(e.timestamp),
      sent,
      bytes: Buffer.byteLength(payload),
      type,
      rows,
      snapshot,
    });
  };
  cdp.on('Network.webSocketFrameSent', frame(true));
  cdp.on('Network.webSocketFrameReceived', frame(false));
  return { requests, sockets, frames, epochOf: epoch };
}

/** The steps of a visit from its network record and the page's marks (epoch ms). */
function timelineOf(
  record: ReturnType<typeof recordNetwork>,
  tap: number,
  marks: Record<string, number>,
): Step[] {
  const steps: Step[] = [];
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const all = [...record.requests.values()];
  const login = all.find((r) => r.url.endsWith('/api/auth/login') && r.method === 'POST');
  if (login) {
    steps.push({ at: login.start - tap, what: 'sign-in request sent' });
    if (login.end !== null)
      steps.push({ at: login.end - tap, what: `sign-in answered (${kb(login.bytes)})` });
  }
  const code = all.filter((r) => /\.(js|css)(\?|$)/.test(r.url));
  const before = code.filter((r) => r.start < tap);
  const ahead = before.filter((r) => /\/assets\//.test(r.url) && !r.cached);
  steps.push({
    at: 0,
    what: `tap on Login; ${ahead.length} code files (${kb(ahead.reduce((n, r) => n + r.bytes, 0))}) had been downloaded on /auth before it`,
  });
  const after = code.filter((r) => r.start >= tap);
  for (const r of after) {
    steps.push({
      at: (r.end ?? r.start) - tap,
      what: `${r.cached ? 'through the service worker' : 'downloaded'} ${new URL(r.url).pathname.replace('/assets/', '')} (${kb(r.bytes)}, asked at ${((r.start - tap) / 1000).toFixed(2)} s)`,
    });
  }
  const api = all.filter((r) => r.start >= tap && /\/api\//.test(r.url) && r !== login);
  for (const r of api) {
    steps.push({
      at: (r.end ?? r.start) - tap,
      what: `${r.method} ${new URL(r.url).pathname} answered (${kb(r.bytes)}, asked at ${((r.start - tap) / 1000).toFixed(2)} s)`,
    });
  }
  const socket = record.sockets.find((s) => /\/sync/.test(s.url)) ?? record.sockets[0];
  if (socket) {
    steps.push({ at: socket.created - tap, what: 'WebSocket asked for' });
    if (socket.open !== null) steps.push({ at: socket.open - tap, what: 'WebSocket open' });
  }
  const hello = record.frames.find((f) => f.sent && f.type === 'hello');
  if (hello) steps.push({ at: hello.at - tap, what: 'hello sent' });
  const pages = record.frames.filter((f) => !f.sent && f.type === 'changes');
  const first = pages[0];
  if (first)
    steps.push({
      at: first.at - tap,
      what: `first ${first.snapshot ? 'snapshot ' : ''}page received (${kb(first.bytes)}, ${first.rows} rows)`,
    });
  const second = pages[1];
  if (second)
    steps.push({
      at: second.at - tap,
      what: `second page received (${kb(second.bytes)}, ${second.rows} rows)`,
    });
  if (Number.isFinite(marks.jobsCommit))
    steps.push({ at: (marks.jobsCommit ?? 0) - tap, what: 'first IndexedDB commit of jobs' });
  if (Number.isFinite(marks.useful))
    steps.push({ at: (marks.useful ?? 0) - tap, what: '**first useful screen on screen**' });
  if (Number.isFinite(marks.synced))
    steps.push({
      at: (marks.synced ?? 0) - tap,
      what: `"Synced" (${pages.length} pages, ${kb(pages.reduce((n, f) => n + f.bytes, 0))}, ${pages.reduce((n, f) => n + f.rows, 0)} rows)`,
    });
  return steps.sort((a, b) => a.at - b.at);
}

/** A CDP CPU profile (sampled). */
interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
    parent?: number;
    children?: number[];
  }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/**
 * Where the page's main thread spent the time from the tap to the first useful screen, by window
 * (tap → sign-in answered → WebSocket asked for → first page → useful): the functions with the
 * most self time, printed (BENCH_NEW_DEVICE_CPU_PROFILE=1; profiling slows the page a little).
 */
function summariseProfile(
  cpu: CpuProfile,
  record: ReturnType<typeof recordNetwork>,
  tap: number,
  role: Role,
): void {
  const steps = timelineOf(record, tap, {});
  const at = (text: string) => steps.find((step) => step.what.startsWith(text))?.at ?? NaN;
  const bounds = [0, at('sign-in answered'), at('WebSocket asked'), at('first'), Infinity];
  const nodes = new Map(cpu.nodes.map((node) => [node.id, node]));
  // Profile times are the browser's monotonic clock, as CDP's network timestamps.
  const firstRequest = [...record.requests.values()][0];
  if (!firstRequest) return;
  const windows = bounds.slice(0, -1).map(() => new Map<string, number>());
  const idle = bounds.slice(0, -1).map(() => 0);
  let time = cpu.startTime;
  for (let i = 0; i < cpu.samples.length; i++) {
    time += cpu.timeDeltas[i] ?? 0;
    const node = nodes.get(cpu.samples[i] ?? -1);
    if (!node) continue;
    const fromTap = record.epochOf(time / 1e6) - tap;
    const w = bounds.findIndex(
      (bound, index) => fromTap >= bound && fromTap < (bounds[index + 1] ?? Infinity),
    );
    if (w < 0 || w >= windows.length) continue;
    const name = node.callFrame.functionName || '(anonymous)';
    if (name === '(idle)' || name === '(program)') {
      idle[w] = (idle[w] ?? 0) + (cpu.timeDeltas[i] ?? 0) / 1000;
      if (name === '(idle)') continue;
    }
    const file = node.callFrame.url.split('/').pop() ?? '';
    const key = `${name} ${file}:${node.callFrame.lineNumber}`;
    const map = windows[w] as Map<string, number>;
    map.set(key, (map.get(key) ?? 0) + (cpu.timeDeltas[i] ?? 0) / 1000);
  }
  const names = [
    'tap → sign-in answered',
    'answered → WebSocket asked',
    'WebSocket → first page',
    'first page → useful',
  ];
  for (const [w, map] of windows.entries()) {
    const busy = [...map.values()].reduce((a, b) => a + b, 0);
    console.log(
      `  cpu ${role} ${names[w]}: ${Math.round(busy)} ms busy (${Math.round(idle[w] ?? 0)} ms idle/program)`,
    );
    for (const [key, ms] of [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, 12))
      console.log(`      ${Math.round(ms).toString().padStart(5)} ms  ${key}`);
  }
}

/**
 * The timeline as RESULTS.md shows it: each run of code files in a row (between other steps) in
 * one line, at the time the last of them came in, with their count and bytes.
 */
function compactTimeline(steps: Step[]): Step[] {
  const out: Step[] = [];
  let run: { kind: string; count: number; kb: number; first: number; at: number } | null = null;
  const flush = () => {
    if (!run) return;
    out.push({
      at: run.at,
      what:
        run.kind === 'downloaded'
          ? `${run.count} code file${run.count > 1 ? 's' : ''} downloaded (${run.kb.toFixed(1)} KB, asked from ${(run.first / 1000).toFixed(2)} s)`
          : `${run.count} code file${run.count > 1 ? 's' : ''} through the service worker (asked from ${(run.first / 1000).toFixed(2)} s)`,
    });
    run = null;
  };
  for (const step of steps) {
    const code =
      /^(downloaded|through the service worker) .* \(([\d.]+) KB, asked at ([\d.]+) s\)$/.exec(
        step.what,
      );
    if (!code) {
      flush();
      out.push(step);
      continue;
    }
    const kind = code[1] ?? '';
    if (run && run.kind !== kind) flush();
    run ??= { kind, count: 0, kb: 0, first: Number(code[3]) * 1000, at: step.at };
    run.count += 1;
    run.kb += Number(code[2]);
    run.first = Math.min(run.first, Number(code[3]) * 1000);
    run.at = step.at;
  }
  flush();
  return out;
}

/** What the first useful screen must show, read from the server's own database. */
interface Expected {
  activeJobs: number;
  dueItems: number;
  /** The ids of the signing-in driver's open jobs: their first screen shows one of them. */
  driverJobIds: string[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const load1 = () => os.loadavg()[0] ?? NaN;

/**
 * The decade's database, seeded once a day (the decade ends at the hour it is seeded, so the
 * last days' open jobs stay "today's") and kept in bench/.cache between runs.
 */
function seededDatabase(): string {
  const seedSource = fs.readFileSync(path.join(ROOT, 'bench', 'scale', 'seed.ts'));
  const key = createHash('sha256').update(seedSource).digest('hex').slice(0, 10);
  const day = new Date().toISOString().slice(0, 10);
  const dir = path.join(ROOT, 'bench', '.cache', `new-device-${key}-${day}`);
  const file = path.join(dir, 'pilbara.sqlite');
  if (!fs.existsSync(path.join(dir, 'seeded'))) {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    const seeded = seedDecade(file);
    console.log(`seeded the decade in ${seeded.seconds.toFixed(1)} s`, seeded.counts);
    fs.writeFileSync(path.join(dir, 'seeded'), JSON.stringify(seeded));
  }
  return file;
}

/** The counts the owner's first screen shows once the day's work is on the device. */
function expectedFirstScreen(file: string): Expected {
  const db = new Database(file, { readonly: true });
  try {
    const latest = (entity: string) =>
      (
        db
          .prepare(
            `SELECT data FROM changes c WHERE entity = ? AND op = 'put' AND NOT EXISTS (
               SELECT 1 FROM changes later WHERE later.entity = c.entity AND later.rowId = c.rowId AND later.seq > c.seq)`,
          )
          .all(entity) as { data: string }[]
      ).map((row) => JSON.parse(row.data) as Record<string, unknown>);
    const jobs = (
      db.prepare('SELECT id, status, assignedDriverId FROM jobs').all() as {
        id: string;
        status: string;
        assignedDriverId: number | null;
      }[]
    ).filter((job) => isActiveStatus(job.status));
    const driver = db.prepare('SELECT id FROM users WHERE username = ?').all(DRIVER.username) as {
      id: number;
    }[];
    const driverJobIds = jobs
      .filter((job) => job.assignedDriverId === driver[0]?.id)
      .map((job) => job.id);
    const today = perthDate(new Date());
    const checks = latest('prestart_checks').filter((c) => c.perthDay === today);
    const due = fleetDueItems(
      latest('vehicles') as unknown as Vehicle[],
      checks as unknown as PrestartCheck[],
      latest('jobs').filter((job) => isActiveStatus(String(job.status))) as never,
      new Date().toISOString(),
      latest('service_records') as unknown as ServiceRecord[],
    );
    return { activeJobs: jobs.length, dueItems: due.length, driverJobIds };
  } finally {
    db.close();
  }
}

/** The resident memory of a process and all its descendants, in bytes. */
function treeRss(rootPid: number): number {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const list = children.get(ppid) ?? [];
      list.push(Number(entry));
      children.set(ppid, list);
    } catch {
      // the process ended meanwhile
    }
  }
  let total = 0;
  const stack = [rootPid];
  while (stack.length > 0) {
    const pid = stack.pop() as number;
    try {
      const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
      total += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
    } catch {
      continue;
    }
    stack.push(...(children.get(pid) ?? []));
  }
  return total;
}

/** The browser process started for a profile folder. */
function browserPid(profileDir: string): number | null {
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmd = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (
        cmd.some((a) => a === `--user-data-dir=${profileDir}`) &&
        !cmd.some((a) => a.startsWith('--type='))
      )
        return Number(entry);
    } catch {
      // ended meanwhile
    }
  }
  return null;
}

/** The bytes of every file under `dir` (what the browser profile holds on disk). */
function folderBytes(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  let total = 0;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) total += fs.statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return total;
}

/**
 * The in-page probe, before any of the app's scripts on every document: long tasks, and the
 * first frame (epoch ms, kept in sessionStorage across documents) in which the first useful
 * screen and the synced chip are on screen.
 */
function probe({ role, expected }: { role: Role; expected: Expected }) {
  /* global window, document, sessionStorage, requestAnimationFrame, PerformanceObserver */
  const w = window as unknown as { __tasks: number[][] };
  w.__tasks = [];
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        w.__tasks.push([performance.timeOrigin + entry.startTime, entry.duration]);
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // no long task timing: the figure stays empty
  }
  const note = (name: string) => {
    if (sessionStorage.getItem(`probe:${name}`) === null)
      sessionStorage.setItem(`probe:${name}`, String(Date.now()));
  };
  // The first IndexedDB transaction that writes jobs, noted when it commits: the device's first
  // synced rows are on disk (Dexie's bulk writes call the store's own put for each row).
  const flagged = new WeakSet<IDBTransaction>();
  const put = IDBObjectStore.prototype.put;
  IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args: [unknown, IDBValidKey?]) {
    if (this.name === 'jobs' && !flagged.has(this.transaction)) {
      flagged.add(this.transaction);
      this.transaction.addEventListener('complete', () => note('jobsCommit'));
    }
    return put.apply(this, args);
  };
  const text = (selector: string) => document.querySelector(selector)?.textContent?.trim() ?? '';
  const checks: Record<string, () => boolean> = {
    useful: () =>
      role === 'owner'
        ? location.pathname === '/admin' &&
          text('[data-testid="tile-active-jobs-value"]') === String(expected.activeJobs) &&
          text('[data-testid="fleet-due"]').includes(`(${expected.dueItems})`)
        : Array.from(document.querySelectorAll('[data-testid="driver-job"]')).some((card) =>
            expected.driverJobIds.includes(card.getAttribute('data-job-id') ?? ''),
          ),
    synced: () =>
      document.querySelector('[data-testid="sync-status"][data-state="online"]') !== null,
  };
  const frame = () => {
    for (const [name, check] of Object.entries(checks)) {
      try {
        if (check()) note(name);
      } catch {
        // the page is between documents
      }
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

/** One new device: signs in as `role` on `baseURL` under `profile` and measures (see above). */
async function newDevice(
  baseURL: string,
  role: Role,
  profile: Profile,
  expected: Expected,
): Promise<Visit> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pilbara-new-device-'));
  try {
    const visit = await visitIn(dir, baseURL, role, profile, expected);
    // Read once the browser has closed and written everything out.
    return { ...visit, idbDisk: folderBytes(path.join(dir, 'Default', 'IndexedDB')) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function visitIn(
  dir: string,
  baseURL: string,
  role: Role,
  profile: Profile,
  expected: Expected,
): Promise<Visit> {
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'en-AU',
    timezoneId: 'Australia/Perth',
  });
  const pid = browserPid(dir);
  const loads: number[] = [load1()];
  try {
    // tsx compiles this file keeping function names, which wraps the probe's and the page
    // evaluations' inner functions in calls to its `__name` helper: the page needs one too.
    await context.addInitScript({ content: 'globalThis.__name ??= (fn) => fn;' });
    await context.addInitScript(probe, { role, expected });
    const page = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(page);
    const record = recordNetwork(cdp);
    await cdp.send('Network.enable');
    await cdp.send('Performance.enable');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpu });
    if (profile.network) {
      const bytesPerSecond = (profile.network.kbps * 1000) / 8;
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: profile.network.latency,
        downloadThroughput: bytesPerSecond,
        uploadThroughput: bytesPerSecond,
      });
    }
    const stopTrace = TRACE ? await traceLongTasks(cdp, { samples: TRACE !== 'events' }) : null;
    await page.goto(`${baseURL}/auth`, { waitUntil: 'commit', timeout: CAP_MS });
    const form = page.locator('form[aria-label="Login"]');
    const username = role === 'owner' ? 'admin' : DRIVER.username;
    const password = role === 'owner' ? ADMIN_PASSWORD : DRIVER.password;
    const button = form.locator('button[type="submit"]');
    // A person: they start once the form is on screen, and type at a phone's pace. The form's
    // HTML works before its script (the button is enabled), so they may type before it runs.
    await page.waitForFunction(
      () => {
        const b = document.querySelector('form[aria-label="Login"] button[type="submit"]');
        return (
          b instanceof HTMLButtonElement &&
          !b.disabled &&
          !/getting ready/i.test(b.textContent ?? '')
        );
      },
      undefined,
      { timeout: CAP_MS, polling: 100 },
    );
    await form.locator('input[name="username"]').click();
    await page.keyboard.type(username, { delay: TYPING_MS_PER_KEY });
    await form.locator('input[name="password"]').click();
    await page.keyboard.type(password, { delay: TYPING_MS_PER_KEY });
    if (CPU_PROFILE) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 1000 });
      await cdp.send('Profiler.start');
    }
    const tap = Date.now();
    await button.click();
    let peakHeap = 0;
    let peakRss = 0;
    const mark = async (name: string) =>
      Number(
        (await page
          .evaluate((n: string) => sessionStorage.getItem(`probe:${n}`), name)
          .catch(() => null)) ?? NaN,
      );
    let synced = NaN;
    let profiled = false;
    while (Date.now() - tap < CAP_MS) {
      const metrics = (await cdp.send('Performance.getMetrics').catch(() => ({ metrics: [] }))) as {
        metrics: { name: string; value: number }[];
      };
      const heap = metrics.metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0;
      peakHeap = Math.max(peakHeap, heap);
      if (pid !== null) peakRss = Math.max(peakRss, treeRss(pid));
      synced = await mark('synced');
      if (Number.isFinite(synced)) break;
      if (CPU_PROFILE && Number.isFinite(await mark('useful')) && !profiled) {
        profiled = true;
        const { profile: cpu } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
        summariseProfile(cpu, record, tap, role);
      }
      loads.push(load1());
      await sleep(1000);
    }
    const useful = await mark('useful');
    const longTasks = stopTrace ? await stopTrace() : undefined;
    // The rest of the page's first pages and commits come in while the marks are read.
    const timeline = timelineOf(record, tap, {
      useful,
      synced,
      jobsCommit: await mark('jobsCommit'),
    });
    const end = Number.isFinite(synced) ? synced : Date.now();
    const tasks = ((await page.evaluate(
      () => (window as unknown as { __tasks: number[][] }).__tasks,
    )) ?? []) as number[][];
    const during = tasks.filter(
      ([at, duration]) => (at ?? 0) + (duration ?? 0) >= tap && (at ?? 0) <= end,
    );
    const estimate = (await page.evaluate(() => navigator.storage.estimate())) as {
      usageDetails?: { indexedDB?: number };
    };
    const rows = (await page.evaluate(async (tables: readonly string[]) => {
      const db = await new Promise<IDBDatabase | null>((resolve) => {
        const open = indexedDB.open('pilbara');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => resolve(null);
      });
      if (!db) return 0;
      let total = 0;
      for (const table of tables) {
        if (!db.objectStoreNames.contains(table)) continue;
        total += await new Promise<number>((resolve) => {
          const request = db.transaction(table).objectStore(table).count();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => resolve(0);
        });
      }
      db.close();
      return total;
    }, SYNCED_TABLES)) as number;
    return {
      useful: Number.isFinite(useful) ? useful - tap : null,
      synced: Number.isFinite(synced) ? synced - tap : null,
      rows,
      idbEstimate: estimate.usageDetails?.indexedDB ?? 0,
      idbDisk: 0,
      longestTask: Math.max(0, ...during.map(([, duration]) => duration ?? 0)),
      tasksOver200: during.filter(([, duration]) => (duration ?? 0) > 200).length,
      peakHeap,
      peakRss,
      load: Math.max(...loads),
      ...(longTasks ? { longTasks } : {}),
      timeline,
    };
  } finally {
    await context.close();
  }
}

/**
 * The database is seeded with this build's migrations; a baseline refuses a database carrying
 * migrations it does not have. Those that only add indexes are taken off its copy (the index
 * dropped, the migration forgotten), so the baseline runs on the data and indexes it knows; any
 * other stops the bench.
 */
function forgetNewerIndexes(file: string, tree: string): void {
  const known = new Set(
    fs
      .readdirSync(path.join(tree, 'sync-server', 'migrations'))
      .map((f) => f.replace(/\.sql$/, '')),
  );
  const db = new Database(file);
  try {
    const applied = db.prepare('SELECT id FROM schema_migrations').all() as { id: string }[];
    for (const { id } of applied.filter((row) => !known.has(row.id))) {
      const sql = fs
        .readFileSync(path.join(ROOT, 'sync-server', 'migrations', `${id}.sql`), 'utf8')
        .replace(/--[^\n]*/g, '');
      const statements = sql
        .split(';')
        .map((part) => part.trim())
        .filter(Boolean);
      const indexes = statements.map((statement) => /^CREATE INDEX (\w+) ON/i.exec(statement)?.[1]);
      if (indexes.some((name) => !name)) {
        throw new Error(`the baseline lacks migration ${id}, which does more than add an index`);
      }
      for (const name of indexes) db.exec(`DROP INDEX IF EXISTS "${name}"`);
      db.prepare('DELETE FROM schema_migrations WHERE id = ?').run(id);
    }
  } finally {
    db.close();
  }
}

/** A server on its own copy of the decade, with the bench's driver able to sign in. */
async function startServer(tree: string, database: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pilbara-new-device-data-'));
  fs.copyFileSync(database, path.join(dataDir, 'pilbara.sqlite'));
  if (tree !== ROOT) forgetNewerIndexes(path.join(dataDir, 'pilbara.sqlite'), tree);
  const server = await startAppServer(tree, {
    adminPassword: ADMIN_PASSWORD,
    dataDir,
    env: { DEMO_DATA: 'false' },
  });
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const staff = (await (
    await fetch(`${server.url}/api/staff`, { headers: { cookie } })
  ).json()) as { staff: { id: number; username: string }[] };
  const account = staff.staff.find((user) => user.username === DRIVER.username);
  if (!account) throw new Error(`no seeded driver account ${DRIVER.username}`);
  const set = await fetch(`${server.url}/api/staff/${account.id}/password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ password: DRIVER.password }),
  });
  if (!set.ok) throw new Error(`driver password: ${set.status} ${await set.text()}`);
  return {
    url: server.url,
    stop: async () => {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? NaN;
}

const secs = (ms: number | null) =>
  ms === null || !Number.isFinite(ms) ? '—' : `${(ms / 1000).toFixed(2)} s`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function main() {
  const started = new Date();
  const loadStart = load1();
  const database = seededDatabase();
  const expected = expectedFirstScreen(database);
  console.log('first screen to wait for', expected);
  const baseline = baselineTree(BASELINE);
  const trees: Record<Side, string> = { before: baseline.dir, after: ROOT };
  const servers = {} as Record<Side, Awaited<ReturnType<typeof startServer>>>;
  const visits: Record<string, Visit[]> = {};
  try {
    for (const side of SIDES) servers[side] = await startServer(trees[side], database);
    for (let run = 0; run < RUNS; run++) {
      for (const role of ROLES) {
        for (const profileName of PROFILES) {
          for (const side of SIDES) {
            const profile = PROFILE_OF[profileName];
            const visit = await newDevice(servers[side].url, role, profile, expected);
            (visits[`${role} ${profileName} ${side}`] ??= []).push(visit);
            console.log(
              `run ${run + 1} ${role} ${profileName} ${side}: useful ${secs(visit.useful)}, synced ${secs(visit.synced)}, ${visit.rows} rows, ${mb(visit.idbEstimate)} IndexedDB, longest task ${Math.round(visit.longestTask)} ms (${visit.tasksOver200} over 200 ms), heap ${mb(visit.peakHeap)}, browser ${mb(visit.peakRss)}, load ${visit.load.toFixed(1)}`,
            );
            for (const step of visit.timeline)
              console.log(`  ${(step.at / 1000).toFixed(2).padStart(7)} s  ${step.what}`);
          }
        }
      }
    }
  } finally {
    for (const side of SIDES) await servers[side]?.stop();
  }
  const loadEnd = load1();
  const cell = (
    role: Role,
    profile: ProfileName,
    field: keyof Visit,
    format: (v: number | null) => string,
  ) =>
    SIDES.map((side) => {
      const runs = visits[`${role} ${profile} ${side}`] ?? [];
      const values = runs.map((v) => v[field] as number | null);
      const done = values.filter((v): v is number => v !== null && Number.isFinite(v));
      const shown =
        done.length === values.length ? format(median(done)) : `not within ${CAP_MS / 1000} s`;
      return `${shown} (runs ${values.map(format).join(', ')})`;
    }).join(' → ');
  const verdict = (ok: boolean) => (ok ? ' (met)' : ' (**NOT met**)');
  const afterMedian = (role: Role, profile: ProfileName, field: keyof Visit) => {
    const values = (visits[`${role} ${profile} after`] ?? []).map((v) => v[field] as number | null);
    return values.some((v) => v === null) ? Infinity : median(values as number[]);
  };
  const loadRange = (role: Role, profile: ProfileName) => {
    const loads = SIDES.flatMap((side) =>
      (visits[`${role} ${profile} ${side}`] ?? []).map((v) => v.load),
    );
    return `${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`;
  };
  const rows: string[] = [];
  for (const role of ROLES) {
    for (const profile of PROFILES) {
      const who = `${role === 'owner' ? 'Owner' : 'Driver'}, ${PROFILE_OF[profile].label}`;
      const usefulGoal = profile === 'weak' ? GOALS.usefulWeakMs : undefined;
      const syncedGoal = profile === 'fast' ? GOALS.everythingFastMs : undefined;
      const load = loadRange(role, profile);
      rows.push(
        `| ${who}: tap on Login → first useful screen | ${usefulGoal ? `≤ ${secs(usefulGoal)}` : '—'} | ${cell(role, profile, 'useful', secs)}${usefulGoal ? verdict(afterMedian(role, profile, 'useful') <= usefulGoal) : ''} | ${load} |`,
        `| ${who}: tap → everything it keeps offline on the device ("Synced") | ${syncedGoal ? `≤ ${secs(syncedGoal)}` : '—'} | ${cell(role, profile, 'synced', secs)}${syncedGoal ? verdict(afterMedian(role, profile, 'synced') <= syncedGoal) : ''} | ${load} |`,
        `| ${who}: rows on the device then | — | ${cell(role, profile, 'rows', (v) => String(v ?? '—'))} | ${load} |`,
        `| ${who}: IndexedDB (the browser's estimate) | — | ${cell(role, profile, 'idbEstimate', (v) => mb(v ?? 0))} | ${load} |`,
        `| ${who}: IndexedDB folder on disk | — | ${cell(role, profile, 'idbDisk', (v) => mb(v ?? 0))} | ${load} |`,
        `| ${who}: longest main-thread task while syncing | ≤ ${GOALS.longestTaskMs} ms | ${cell(role, profile, 'longestTask', (v) => `${Math.round(v ?? 0)} ms`)}${verdict(afterMedian(role, profile, 'longestTask') <= GOALS.longestTaskMs)} | ${load} |`,
        `| ${who}: tasks over 200 ms while syncing | 0 | ${cell(role, profile, 'tasksOver200', (v) => String(v ?? 0))} | ${load} |`,
        `| ${who}: peak JavaScript heap of the page | — | ${cell(role, profile, 'peakHeap', (v) => mb(v ?? 0))} | ${load} |`,
        `| ${who}: peak memory of the whole browser | — | ${cell(role, profile, 'peakRss', (v) => mb(v ?? 0))} | ${load} |`,
      );
    }
  }
  const timelines: string[] = [];
  for (const role of ROLES) {
    for (const profile of PROFILES) {
      for (const side of SIDES) {
        const runs = visits[`${role} ${profile} ${side}`] ?? [];
        const usefuls = runs.map((v) => v.useful ?? Infinity);
        const middle = median(usefuls);
        const visit = runs[usefuls.indexOf(middle)] ?? runs[0];
        if (!visit) continue;
        timelines.push(
          `**${role === 'owner' ? 'Owner' : 'Driver'}, ${PROFILE_OF[profile].label}, ${side === 'before' ? `before (\`${baseline.commit}\`)` : 'after'}** (the run of the median first screen, load ${visit.load.toFixed(1)}):`,
          '',
          '| From the tap | Step |',
          '|---|---|',
          ...compactTimeline(visit.timeline).map(
            (step) => `| ${(step.at / 1000).toFixed(2)} s | ${step.what} |`,
          ),
          '',
        );
      }
    }
  }
  const section = `<!-- new-device:start -->
## A new device with the decade: owner and driver

\`npm run bench\` (\`bench/new-device/run.ts\`): a new Chromium profile per visit (no IndexedDB,
no service worker, no cache) signs in on \`/auth\` of a server holding the decade of a depot
(\`bench/scale/seed.ts\`: 100,000 jobs, 300,000 job updates, 100,000 fuel records, 100,000 quotes,
the last two days' jobs open; three drivers with accounts, each job assigned to one's account),
as the owner (\`admin\`, landing on the admin panel) and as a driver (${DRIVER_NAME}, account
\`${DRIVER.username}\`, a third of the jobs, ${expected.driverJobIds.length} of them open). Times from the tap on Login. The first useful screen: the
owner's panel counting the ${expected.activeJobs} open jobs and listing the fleet's ${expected.dueItems} due items;
the driver's card of one of their jobs. "Synced": the sync chip says so (caught up, nothing
waiting, id blocks held). Long tasks from the tap until synced (or the cap), in the throttled
page's time. "Before" is \`${baseline.commit}\` (the baseline commit) on its own copy of the same
database, measured interleaved with this build; ${RUNS} runs each, median shown with the runs; a
visit not synced within ${CAP_MS / 1000} s stops there. Run ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC on this shared
2-core machine, load average (1 min) ${loadStart.toFixed(1)} at the start and ${loadEnd.toFixed(1)} at the end; the
highest load during each figure's visits is beside it.

| Figure | Goal | Before → after | Load (1 min) |
|---|---|---|---|
${rows.join('\n')}

### Where the first screen's time goes

Each visit's steps from the tap on Login, from Chromium's own network record (CDP: requests with
their bytes on the wire, the WebSocket's handshake and frames, a frame's bytes being its payload)
and the page's marks (the first IndexedDB transaction writing jobs, committed; the first frame
showing the useful screen). The person starts typing once the login form is on screen (its HTML
works before its script, so they may type before the script has run) and types the username and
password at ${TYPING_MS_PER_KEY} ms a key (about 3 s), as on a phone; what the page downloads
meanwhile is counted before the tap. "Through the service worker": a code file the service worker
answered (from its precache, which it fills on the first visit, unthrottled by the bench's
network emulation as far as this bench can tell).

${timelines.join('\n')}
<!-- new-device:end -->`;
  console.log(section);
  const resultsFile = path.join(ROOT, 'bench', 'RESULTS.md');
  let text = fs.readFileSync(resultsFile, 'utf8');
  const marked = /<!-- new-device:start -->[\s\S]*?<!-- new-device:end -->/;
  text = marked.test(text)
    ? text.replace(marked, section)
    : text.replace(/\n## Sync\n/, `\n${section}\n\n## Sync\n`);
  fs.writeFileSync(resultsFile, text);
  fs.writeFileSync(
    path.join(HERE, 'last-run.json'),
    `${JSON.stringify({ baseline: baseline.commit, started, loadStart, loadEnd, expected, visits }, null, 2)}\n`,
  );
}

await main();
