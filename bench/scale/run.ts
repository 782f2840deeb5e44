/**
 * The seeded scale benchmark: the same measurements on a fresh database and on a
 * decade of a busy depot (seed.ts), in one run, printed as Markdown and written between the
 * scale markers of bench/RESULTS.md.
 *
 * For each database the real server runs in its own process (server.ts: main.ts's setup, with
 * compaction and the notifier on), and a prober process asks `/api/health` every 20 ms the whole
 * time, so every phase gets its worst health wait. Measured, in this order:
 * 1. start-up: the server's own start on the database (buildApp until listening);
 * 2. a new device's full snapshot: hello from cursor 0 over the WebSocket until the last page;
 * 3. push of 500 mutations + pull: one batch of 500 fuel records from a synced device, until its
 *    results and the page carrying them arrived (median of 3);
 * 4. 200 and then 500 connected devices, each pulling on every poke, while a writer pushes one
 *    job update every 100 ms for BENCH_SCALE_SECONDS (60): poke and page latency from the
 *    writer's push (p50/p95/p99), errors, and the server's peak RSS.
 *
 * Run from the repository root: `pnpm --dir sync-server exec tsx ../bench/scale/run.ts`
 * (`npm run bench` runs it after the others). A benchmark, not a test: it reports numbers.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type WsSocket from 'ws';
import { PROTOCOL_VERSION, type ServerMessage } from '../../shared-schema/src/index';
import { fuelAddArgs } from '../../shared-schema/src/testing';
import { DECADE, seedDecade } from './seed';
import { quantile, startBenchServer, type BenchServer } from '../lib/bench-server';
import { HealthProber } from '../lib/health-prober';

const requireFromServer = createRequire(new URL('../../sync-server/package.json', import.meta.url));
const WebSocket = requireFromServer('ws') as typeof WsSocket;

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '..', '..');
const SECONDS = Number(process.env.BENCH_SCALE_SECONDS ?? 60);
const DEVICE_COUNTS = (process.env.BENCH_SCALE_DEVICES ?? '200,500').split(',').map(Number);
const WRITE_EVERY_MS = 100;
const SCHEMA_VERSION = 1;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : '—');

async function stopServer(server: BenchServer): Promise<void> {
  const exited = new Promise((resolve) => server.child.on('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
}

/** The server process's peak resident memory so far (VmHWM), in MB. */
function peakRssMb(server: BenchServer): number {
  const status = fs.readFileSync(`/proc/${server.child.pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

/**
 * The CPU time the server process has used so far (user + system, all its threads), in ms:
 * unlike wall time it hardly depends on what else the machine runs, so phases can be compared
 * across runs on a busy machine.
 */
function serverCpuMs(server: BenchServer): number {
  const stat = fs.readFileSync(`/proc/${server.child.pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}
const CLOCK_TICKS = 100;

/** A protocol-level device on a socket: sends messages, hands every answer to `onMessage`. */
class Device {
  readonly clientId = crypto.randomUUID();
  cursor = 0;
  epoch: string | null = null;
  errors = 0;
  private socket!: WsSocket;
  onMessage: (message: ServerMessage, at: number) => void = () => undefined;

  async open(server: BenchServer): Promise<void> {
    this.socket = new WebSocket(`${server.baseUrl.replace('http', 'ws')}/api/sync/ws`, {
      headers: { cookie: server.cookie },
    });
    this.socket.on('message', (data) => {
      const at = performance.now();
      const message = JSON.parse(String(data)) as ServerMessage;
      if (message.type === 'error') this.errors += 1;
      this.onMessage(message, at);
    });
    this.socket.on('error', () => {
      this.errors += 1;
    });
    await new Promise<void>((resolve, reject) => {
      this.socket.once('open', () => resolve());
      this.socket.once('error', reject);
    });
  }

  send(message: unknown): void {
    this.socket.send(JSON.stringify(message));
  }

  /** Hello from its cursor; resolves with the number of changes once the last page is in. */
  hello(): Promise<number> {
    return new Promise((resolve) => {
      let changes = 0;
      this.onMessage = (message) => {
        if (message.type !== 'changes') return;
        changes += message.changes.length;
        this.cursor = message.cursor;
        this.epoch = message.epoch ?? null;
        if (!message.hasMore) resolve(changes);
      };
      this.send({
        type: 'hello',
        protocolVersion: PROTOCOL_VERSION,
        schemaVersion: SCHEMA_VERSION,
        clientId: this.clientId,
        cursor: this.cursor,
        ackedSeq: 0,
        epoch: this.epoch,
      });
    });
  }

  pull(): void {
    this.send({
      type: 'pull',
      clientId: this.clientId,
      cursor: this.cursor,
      ackedSeq: 0,
      epoch: this.epoch,
    });
  }

  close(): void {
    this.socket.close();
  }
}

const NOW = '2026-11-24T00:00:00.000Z';
let nextFuelId = 5_000_000;
let nextUpdateId = 5_000_000;

function fuelMutation(seq: number) {
  nextFuelId += 1;
  return {
    seq,
    mutationId: crypto.randomUUID(),
    name: 'fuel.add',
    args: {
      ...fuelAddArgs({ id: nextFuelId, vehicleId: 900_001 }),
      dateTime: NOW,
      fillType: 'Full',
    },
    createdAt: NOW,
  };
}

/** Push 500 + pull from a synced device: ms until the page carrying the batch has arrived. */
async function pushAndPull(device: Device, seqFrom: number): Promise<number> {
  const batch = Array.from({ length: 500 }, (_, i) => fuelMutation(seqFrom + i));
  const start = performance.now();
  await new Promise<void>((resolve, reject) => {
    let pulled = 0;
    device.onMessage = (message, at) => {
      if (message.type === 'results') {
        if (message.lastSeq !== seqFrom + 499)
          reject(new Error(`push stopped at ${message.lastSeq}`));
        device.pull();
      } else if (message.type === 'changes') {
        pulled += message.changes.length;
        device.cursor = message.cursor;
        if (message.hasMore) device.pull();
        else if (pulled >= 500) resolve();
        void at;
      }
    };
    device.send({ type: 'push', clientId: device.clientId, mutations: batch });
  });
  return performance.now() - start;
}

/** Opens `count` devices at the head, writes for SECONDS, and measures pokes and pages. */
async function fanOut(
  server: BenchServer,
  head: { cursor: number; epoch: string | null },
  count: number,
) {
  const devices: Device[] = [];
  for (let i = 0; i < count; i++) {
    const device = new Device();
    device.cursor = head.cursor;
    device.epoch = head.epoch;
    await device.open(server);
    await device.hello();
    devices.push(device);
  }
  const writer = new Device();
  await writer.open(server);
  writer.cursor = head.cursor;
  writer.epoch = head.epoch;
  await writer.hello();
  // The writer's pushes by the job update id they write, and when each was sent.
  const sentAt = new Map<number, number>();
  const seqOfUpdate = new Map<number, number>();
  const pokes: { cursor: number; at: number }[] = [];
  const pages: { seqs: number[]; at: number }[] = [];
  for (const device of devices) {
    let pulling = false;
    let again = false;
    device.onMessage = (message, at) => {
      if (message.type === 'poke') {
        pokes.push({ cursor: message.cursor, at });
        if (pulling) again = true;
        else {
          pulling = true;
          device.pull();
        }
      } else if (message.type === 'changes') {
        device.cursor = message.cursor;
        const seqs: number[] = [];
        for (const change of message.changes) {
          if (change.entity === 'job_updates' && typeof change.rowId === 'number') {
            seqOfUpdate.set(change.seq, change.rowId);
            seqs.push(change.seq);
          }
        }
        pages.push({ seqs, at });
        if (message.hasMore || again) {
          again = false;
          device.pull();
        } else pulling = false;
      }
    };
  }
  let seq = 0;
  writer.onMessage = () => undefined;
  const cpuFrom = serverCpuMs(server);
  const started = Date.now();
  const from = Date.now();
  while (Date.now() - started < SECONDS * 1000) {
    seq += 1;
    nextUpdateId += 1;
    sentAt.set(nextUpdateId, performance.now());
    writer.send({
      type: 'push',
      clientId: writer.clientId,
      mutations: [
        {
          seq,
          mutationId: crypto.randomUUID(),
          name: 'job.reassign',
          args: { id: 'JOB-2026-900001', updateId: nextUpdateId, assignedTo: `Driver ${seq % 2}` },
          createdAt: NOW,
        },
      ],
    });
    await sleep(WRITE_EVERY_MS);
  }
  await sleep(2000);
  const to = Date.now();
  // A poke's latency: from the push whose change it announces (the newest update at or below
  // its cursor); a page's: from the push of each job update it carries.
  const sendOfSeq = (s: number) => sentAt.get(seqOfUpdate.get(s) ?? -1);
  const loggedSeqs = [...seqOfUpdate.keys()].sort((a, b) => a - b);
  const pokeLatencies: number[] = [];
  for (const poke of pokes) {
    let lo = 0;
    let hi = loggedSeqs.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if ((loggedSeqs[mid] ?? 0) <= poke.cursor) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    const sent = found >= 0 ? sendOfSeq(loggedSeqs[found] ?? -1) : undefined;
    if (sent !== undefined && poke.at >= sent) pokeLatencies.push(poke.at - sent);
  }
  const pageLatencies: number[] = [];
  for (const page of pages) {
    for (const s of page.seqs) {
      const sent = sendOfSeq(s);
      if (sent !== undefined) pageLatencies.push(page.at - sent);
    }
  }
  const cpuPerWrite = (serverCpuMs(server) - cpuFrom) / seq;
  const errors = devices.reduce((sum, d) => sum + d.errors, writer.errors);
  const expectedPages = seq * count;
  for (const device of devices) device.close();
  writer.close();
  return {
    count,
    writes: seq,
    poke: [0.5, 0.95, 0.99].map((q) => quantile(pokeLatencies, q)),
    page: [0.5, 0.95, 0.99].map((q) => quantile(pageLatencies, q)),
    delivered: pageLatencies.length,
    expectedPages,
    errors,
    cpuPerWrite,
    window: [from, to] as const,
  };
}

/** The job the fan-out writer moves on, written before the devices connect. */
async function prepareWriterJob(server: BenchServer): Promise<void> {
  const device = new Device();
  await device.open(server);
  await new Promise<void>((resolve, reject) => {
    device.onMessage = (message) => {
      if (message.type === 'results') {
        const failed = message.results.find((r) => r.status !== 'applied');
        if (failed) reject(new Error(`setup: ${failed.message}`));
        else resolve();
      }
    };
    device.send({
      type: 'push',
      clientId: device.clientId,
      mutations: [
        {
          seq: 1,
          mutationId: crypto.randomUUID(),
          name: 'vehicle.add',
          args: {
            id: 900_001,
            name: 'Bench truck',
            make: 'Isuzu',
            model: 'FVZ',
            year: 2021,
            registration: 'BENCH-1',
            type: 'Heavy Recovery',
            status: 'active',
            mileage: 1000,
            serviceInterval: 10000,
          },
          createdAt: NOW,
        },
        {
          seq: 2,
          mutationId: crypto.randomUUID(),
          name: 'job.create',
          args: {
            id: 'JOB-2026-900001',
            updateId: 4_999_999,
            customerName: 'Bench Customer',
            phone: '0412345678',
            service: 'Emergency Towing',
            location: 'Karratha',
          },
          createdAt: NOW,
        },
      ],
    });
  });
  device.close();
}

interface Figures {
  label: string;
  rows: string;
  seedSeconds?: number;
  startupMs: number;
  spawnToListenMs: number;
  snapshotMs: number;
  snapshotCpuMs: number;
  snapshotChanges: number;
  pushPullMs: number;
  pushPullRuns: number[];
  health: Record<string, { max: number; n: number; failed: number }>;
  fan: Awaited<ReturnType<typeof fanOut>>[];
  rssMb: number;
  load: string;
}

const loadavg = () =>
  os
    .loadavg()
    .map((v) => v.toFixed(1))
    .join(' / ');

async function measure(label: string, dataDir: string, seed?: () => number): Promise<Figures> {
  const seedSeconds = seed?.();
  const loadStart = loadavg();
  const server = await startBenchServer(dataDir);
  const prober = new HealthProber(`${server.baseUrl}/api/health`);
  track(prober.child);
  await sleep(300);
  const health: Figures['health'] = {};

  // The truck the pushed fuel records belong to, and the job the fan-out writer reassigns.
  await prepareWriterJob(server);

  let from = Date.now();
  const newcomer = new Device();
  await newcomer.open(server);
  const t0 = performance.now();
  const cpu0 = serverCpuMs(server);
  const snapshotChanges = await newcomer.hello();
  const snapshotMs = performance.now() - t0;
  const snapshotCpuMs = serverCpuMs(server) - cpu0;
  health.snapshot = prober.worst(from, Date.now());

  from = Date.now();
  const runs: number[] = [];
  for (let r = 0; r < 3; r++) runs.push(await pushAndPull(newcomer, 1 + r * 500));
  health.push = prober.worst(from, Date.now());
  const head = { cursor: newcomer.cursor, epoch: newcomer.epoch };
  newcomer.close();

  const fan = [];
  for (const count of DEVICE_COUNTS) {
    const result = await fanOut(server, head, count);
    health[`fan${count}`] = prober.worst(result.window[0], result.window[1]);
    fan.push(result);
  }
  const rssMb = peakRssMb(server);
  prober.stop();
  await stopServer(server);

  // Start-up on the database the run above left behind, as an operator's restart meets it.
  const again = await startBenchServer(dataDir);
  const startupMs = again.startupMs;
  const spawnToListenMs = again.spawnToListenMs;
  await stopServer(again);

  const db = path.join(dataDir, 'pilbara.sqlite');
  const rows = fs.existsSync(db)
    ? `${(fs.statSync(db).size / 1024 / 1024).toFixed(0)} MB file`
    : '';
  return {
    label,
    rows,
    seedSeconds,
    startupMs,
    spawnToListenMs,
    snapshotMs,
    snapshotCpuMs,
    snapshotChanges,
    pushPullMs: quantile(runs, 0.5),
    pushPullRuns: runs,
    health,
    fan,
    rssMb,
    load: `${loadStart} → ${loadavg()}`,
  };
}

function table(fresh: Figures, seeded: Figures): string {
  const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(2)}×` : '—');
  const h = (f: Figures, key: string) => {
    const w = f.health[key];
    return w ? `${ms(w.max)} (${w.n} probes${w.failed ? `, ${w.failed} failed` : ''})` : '—';
  };
  const lines = [
    `| Figure | Goal | Fresh database | Decade of a depot | Seeded ÷ fresh |`,
    `|---|---|---|---|---|`,
    `| Push of 500 mutations + pull (median of 3) | ≤ 2× fresh | ${ms(fresh.pushPullMs)} (runs ${fresh.pushPullRuns.map((v) => v.toFixed(0)).join(', ')}) | **${ms(seeded.pushPullMs)}** (runs ${seeded.pushPullRuns.map((v) => v.toFixed(0)).join(', ')}) | ${ratio(seeded.pushPullMs, fresh.pushPullMs)} |`,
    `| /api/health worst wait during the pushes | ≤ 100 ms | ${h(fresh, 'push')} | **${h(seeded, 'push')}** | |`,
    `| New device's full snapshot (hello from 0 to the last page) | ≤ 10 s | ${ms(fresh.snapshotMs)} (${fresh.snapshotChanges} rows) | **${ms(seeded.snapshotMs)}** (${seeded.snapshotChanges} rows) | ${ratio(seeded.snapshotMs, fresh.snapshotMs)} |`,
    `| /api/health worst wait during the snapshot | ≤ 100 ms | ${h(fresh, 'snapshot')} | **${h(seeded, 'snapshot')}** | |`,
    `| Server CPU time for the snapshot (user + system) | — | ${ms(fresh.snapshotCpuMs)} | ${ms(seeded.snapshotCpuMs)} | |`,
    `| Start-up (buildApp on the database until listening) | ≤ 2 s | ${ms(fresh.startupMs)} | **${ms(seeded.startupMs)}** | ${ratio(seeded.startupMs, fresh.startupMs)} |`,
    `| Start-up with Node and the TypeScript loader (spawn until listening) | — | ${ms(fresh.spawnToListenMs)} | ${ms(seeded.spawnToListenMs)} | |`,
  ];
  fresh.fan.forEach((f, i) => {
    const s = seeded.fan[i];
    if (!s) return;
    const p = (v: number[]) => v.map((x) => x.toFixed(1)).join(' / ');
    lines.push(
      `| ${f.count} devices, writer every ${WRITE_EVERY_MS} ms for ${SECONDS} s: poke p50 / p95 / p99 | p95 ≤ 50 ms | ${p(f.poke)} ms | **${p(s.poke)} ms** | |`,
      `| ${f.count} devices: page p50 / p95 / p99 (push → page at the device) | p95 ≤ 250 ms | ${p(f.page)} ms | **${p(s.page)} ms** | |`,
      `| ${f.count} devices: job updates delivered / expected, errors | 0 errors | ${f.delivered} / ${f.expectedPages}, ${f.errors} errors | **${s.delivered} / ${s.expectedPages}, ${s.errors} errors** | |`,
      `| /api/health worst wait with ${f.count} devices | ≤ 100 ms | ${h(fresh, `fan${f.count}`)} | **${h(seeded, `fan${f.count}`)}** | |`,
      `| Server CPU time per write with ${f.count} devices (the push, its pokes, ${f.count} pulls) | — | ${ms(f.cpuPerWrite)} | ${ms(s.cpuPerWrite)} | ${ratio(s.cpuPerWrite, f.cpuPerWrite)} |`,
    );
  });
  lines.push(
    `| Server peak RSS over the run | — | ${fresh.rssMb.toFixed(0)} MB | ${seeded.rssMb.toFixed(0)} MB | |`,
    `| Load average (1 / 5 / 15 min), start → end | — | ${fresh.load} | ${seeded.load} | |`,
  );
  return lines.join('\n');
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pilbara-scale-'));
// A failed run must not leave a server or a prober behind.
const children = new Set<ChildProcess>();
const track = <T extends ChildProcess>(child: T): T => {
  children.add(child);
  child.on('exit', () => children.delete(child));
  return child;
};
process.on('exit', () => {
  for (const child of children) child.kill('SIGTERM');
});
try {
  const fresh = await measure('fresh', path.join(work, 'fresh'));
  const seededDir = path.join(work, 'seeded');
  fs.mkdirSync(seededDir, { recursive: true });
  let seedInfo: ReturnType<typeof seedDecade> | undefined;
  const seeded = await measure('decade', seededDir, () => {
    seedInfo = seedDecade(path.join(seededDir, 'pilbara.sqlite'));
    return seedInfo.seconds;
  });
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const body = [
    `Run ${when} UTC by \`bench/scale/run.ts\`, both databases in the same run, on this shared 2-core machine (Node ${process.version}).`,
    `Seeded database: ${DECADE.jobs.toLocaleString('en-AU')} jobs, ${DECADE.jobUpdates.toLocaleString('en-AU')} job updates, ${DECADE.fuelRecords.toLocaleString('en-AU')} fuel records, ${DECADE.quotes.toLocaleString('en-AU')} quotes, ${DECADE.vehicles} trucks (${seedInfo?.counts.changes.toLocaleString('en-AU')} log entries, ${seeded.rows}), built by \`bench/scale/seed.ts\` in ${seedInfo?.seconds.toFixed(1)} s.`,
    '',
    table(fresh, seeded),
  ].join('\n');
  console.log(body);
  const results = path.join(ROOT, 'bench', 'RESULTS.md');
  const text = fs.readFileSync(results, 'utf8');
  const start = '<!-- scale:start -->';
  const end = '<!-- scale:end -->';
  const section = `${start}\n## Years of data, same speed: the seeded scale benchmark\n\n${body}\n${end}`;
  const next = text.includes(start)
    ? text.slice(0, text.indexOf(start)) + section + text.slice(text.indexOf(end) + end.length)
    : `${text.trimEnd()}\n\n${section}\n`;
  if (!process.env.BENCH_SCALE_NO_WRITE) fs.writeFileSync(results, next);
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
