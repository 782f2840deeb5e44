/**
 * Sync benchmarks, measured in one run on this machine and printed as Markdown:
 *
 * 1. 10,000 queued fuel records pushed from one device and acknowledged, over the WebSocket and
 *    over the HTTP fallback, against the floor: inserting the same 10,000 rows into SQLite in one
 *    transaction. `server-cpu` (server-cpu.ts): the server's own CPU for the same push, parsed,
 *    applied and answered in-process as the socket does, against the floor's CPU.
 * 2. A job status change fanned out to 100 connected devices: latency until the last device has
 *    the changed row (poke → pull → page), p50 and p95 over repeated changes.
 * 3. The whole web client engine syncing 2,000 queued fuel records, on fake-indexeddb in Node
 *    (engine-bench.ts) and on Chromium's IndexedDB in the system Chromium (engine-chromium.ts).
 * 4. Applying a 1,000-change page in Dexie (fake-indexeddb in Node; the same in Chromium is
 *    dexie-chromium.mjs).
 * 5. The throughput guard (guard.ts) over the push's and the Chromium engine's figures: the push
 *    is also measured on a baseline commit's server and against the exactly-once floor, and the
 *    process exits non-zero when a check fails.
 *
 * Run from the repository root: `pnpm --dir sync-server exec tsx ../bench/sync/run.ts`
 * (`npm run bench` runs it with the others).
 * `BENCH_ONLY=push,server-cpu,engine,engine-chromium,fanout,page` picks parts.
 * The real server (buildApp on a temporary SQLite file, on a loopback port) and the real web
 * client engine are used throughout.
 */
import '../../web/src/sync/testing/node-indexeddb';
import os from 'node:os';
import { createRequire } from 'node:module';
import type WsSocket from 'ws';
import { PilbaraDatabase } from '../../web/src/db/database';
import { jobsPage } from './jobs-page';
import { SOCKET_PUSH_WINDOW } from '../../web/src/sync/engine';
import { removeTemps, startServer } from './bench-server';
import { NOW, fuelArgs } from './fuel-queue';
import { engineBench } from './engine-bench';
import { engineChromiumBench } from './engine-chromium';
import { serverCpuBench } from './server-cpu';
import { exactlyOnceFloor, sqliteFloor, written, writtenSince, type Written } from './sqlite-floor';
import type { PushTimes } from './guard';
import { GUARD_BASELINE, GUARD_CHILD, judge, pushOf, report, type GuardFigures } from './guard';
import { baselineTree } from '../lib/app-server.mjs';
import { applyChangesPage } from '../../web/src/sync/apply-page';
import { MAX_PUSH_BATCH, type ChangeEntry, type ServerMessage } from '@pilbara/shared-schema';
import { applyServerMutation } from '../../sync-server/src/sync/server-apply';
import { notifyChanges } from '../../sync-server/src/db/change-log';

const requireFromServer = createRequire(new URL('../../sync-server/package.json', import.meta.url));
const WebSocket = requireFromServer('ws') as typeof WsSocket;
const ROOT = new URL('../..', import.meta.url).pathname.replace(/\/$/, '');

const N = Number(process.env.BENCH_MUTATIONS ?? 10_000);
const FANOUT_CLIENTS = Number(process.env.BENCH_CLIENTS ?? 100);
const FANOUT_ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);
/** Changes fanned out before the measured ones (JIT, socket buffers). */
const FANOUT_WARMUP = Number(process.env.BENCH_WARMUP ?? 5);

/**
 * The server side of the push alone: a protocol-level device sends the N queued mutations in
 * batches of the protocol's maximum as the engine does — over the socket up to
 * SOCKET_PUSH_WINDOW batches in flight, a new one as each answer arrives; over the HTTP fallback
 * each after the previous answer — and returns ms until the last results arrive.
 */
async function rawPushBench(
  transport: 'socket' | 'http',
): Promise<{ elapsed: number; written: Written }> {
  const server = await startServer();
  const before = written(server.app.db);
  const clientId = crypto.randomUUID();
  const batches: unknown[][] = [];
  for (let start = 1; start <= N; start += MAX_PUSH_BATCH) {
    const batch = [];
    for (let seq = start; seq < Math.min(start + MAX_PUSH_BATCH, N + 1); seq++) {
      batch.push({
        seq,
        mutationId: crypto.randomUUID(),
        name: 'fuel.add',
        args: fuelArgs(seq),
        createdAt: NOW,
      });
    }
    batches.push(batch);
  }
  let elapsed: number;
  if (transport === 'socket') {
    const socket = new WebSocket(`${server.baseUrl.replace('http', 'ws')}/api/sync/ws`, {
      headers: { cookie: server.cookie },
    });
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    const answers: ((message: ServerMessage) => void)[] = [];
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as ServerMessage;
      if (message.type === 'results') answers.shift()?.(message);
    });
    const start = performance.now();
    const inFlight: Promise<ServerMessage>[] = [];
    for (const mutations of batches) {
      if (inFlight.length >= SOCKET_PUSH_WINDOW) await inFlight.shift();
      inFlight.push(new Promise<ServerMessage>((resolve) => answers.push(resolve)));
      socket.send(JSON.stringify({ type: 'push', clientId, mutations }));
    }
    await Promise.all(inFlight);
    elapsed = performance.now() - start;
    socket.close();
  } else {
    const start = performance.now();
    for (const mutations of batches) {
      const response = await fetch(`${server.baseUrl}/api/sync/push`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: server.cookie },
        body: JSON.stringify({ clientId, mutations }),
      });
      if (!response.ok) throw new Error(`push ${response.status}`);
      await response.json();
    }
    elapsed = performance.now() - start;
  }
  const stored = (
    server.app.db.prepare('SELECT count(*) AS n FROM fuel_records').get() as { n: number }
  ).n;
  if (stored !== N) throw new Error(`expected ${N} fuel records, found ${stored}`);
  const rows = writtenSince(before, written(server.app.db));
  await server.app.close();
  return { elapsed, written: rows };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** A job status change fanned out to many connected devices (protocol-level sockets). */
async function fanoutBench(): Promise<{
  p50: number;
  p95: number;
  max: number;
  rounds: number;
}> {
  const server = await startServer();
  const url = `${server.baseUrl.replace('http', 'ws')}/api/sync/ws`;
  const created = applyServerMutation(
    server.app.db,
    'job.create',
    {
      id: 'JOB-2026-1',
      updateId: 1,
      customerName: 'Dana',
      phone: '0412345678',
      service: 'Emergency Towing',
      location: 'Karratha',
    },
    1,
    NOW,
  );
  if (!created.ok) throw new Error(created.message);
  let waiting: ((at: number) => void) | null = null;
  let received = 0;
  let target = '';
  const sockets = await Promise.all(
    Array.from(
      { length: FANOUT_CLIENTS },
      (_, i) =>
        new Promise<WsSocket>((resolve, reject) => {
          const socket = new WebSocket(url, { headers: { cookie: server.cookie } });
          const clientId = `fan-${i}`;
          let cursor = 0;
          let first = true;
          socket.on('open', () =>
            socket.send(
              JSON.stringify({
                type: 'hello',
                protocolVersion: 1,
                schemaVersion: 1,
                clientId,
                cursor: 0,
                ackedSeq: 0,
              }),
            ),
          );
          socket.on('message', (data) => {
            const message = JSON.parse(String(data)) as ServerMessage;
            if (message.type === 'poke' && message.cursor > cursor)
              socket.send(JSON.stringify({ type: 'pull', clientId, cursor, ackedSeq: 0 }));
            if (message.type === 'changes') {
              cursor = message.cursor;
              if (first) {
                first = false;
                resolve(socket);
              } else if (
                message.changes.some(
                  (c: ChangeEntry) => c.entity === 'jobs' && c.data?.notes === target,
                )
              ) {
                received += 1;
                if (received === FANOUT_CLIENTS) waiting?.(performance.now());
              }
            }
          });
          socket.on('error', reject);
        }),
    ),
  );
  const latencies: number[] = [];
  for (let round = 1; round <= FANOUT_WARMUP + FANOUT_ROUNDS; round++) {
    received = 0;
    target = `round ${round}`;
    const done = new Promise<number>((resolve) => {
      waiting = resolve;
    });
    const start = performance.now();
    // The change as a staff write commits it (the REST path pokes through notifyChanges too).
    const outcome = applyServerMutation(
      server.app.db,
      'job.update',
      { id: 'JOB-2026-1', patch: { notes: target } },
      1,
      NOW,
    );
    if (!outcome.ok) throw new Error(outcome.message);
    notifyChanges(server.app.db);
    const latency = (await done) - start;
    if (round > FANOUT_WARMUP) latencies.push(latency);
  }
  for (const socket of sockets) socket.close();
  await server.app.close();
  return {
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    max: Math.max(...latencies),
    rounds: FANOUT_ROUNDS,
  };
}

/** Applying a 1,000-change page in Dexie (fake-indexeddb), one transaction. */
async function pageBench(): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run < 5; run++) {
    const db = new PilbaraDatabase(`bench-page-${run}-${Date.now()}`);
    await db.open();
    const changes = jobsPage(1000);
    const start = performance.now();
    await applyChangesPage(db, {
      changes,
      cursor: 1000,
      hasMore: false,
      reset: false,
      lastSeq: 0,
      results: [],
    });
    times.push(performance.now() - start);
    db.close();
    await db.delete();
  }
  return times;
}

/**
 * `BENCH_ONLY=push,server-cpu,engine,engine-chromium,fanout,page` runs only those parts
 * (default: all).
 */
const ONLY = new Set(
  (process.env.BENCH_ONLY ?? 'push,server-cpu,engine,engine-chromium,fanout,page')
    .split(',')
    .map((part) => part.trim()),
);
/** How many times the server push is measured (the median is reported). */
const PUSH_REPEAT = Number(process.env.BENCH_PUSH_REPEAT ?? 5);

async function main(): Promise<void> {
  const fmt = (ms: number) => `${ms.toFixed(0)} ms`;
  const rate = (count: number, ms: number) =>
    `${Math.round((count / ms) * 1000).toLocaleString('en-AU')}/s`;
  const list = (values: number[]) => values.map((ms) => ms.toFixed(0)).join(', ');
  console.log(
    `Run ${new Date().toISOString()} on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, load average ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')}\n`,
  );
  let guard: GuardFigures | undefined;
  if (ONLY.has('push')) {
    // Floor and push runs interleaved, so both see the same machine load.
    const floors: number[] = [];
    const onceFloors: number[] = [];
    let pushWritten: Written | undefined;
    let floorWritten: Written | undefined;
    const sockets: number[] = [];
    const https: number[] = [];
    const colds: PushTimes[] = [];
    const baselines: PushTimes[] = [];
    // The process pushOf starts measures the push alone (no baseline, no guard of its own).
    const baseline = GUARD_CHILD ? null : baselineTree(GUARD_BASELINE);
    // One unmeasured push of each transport first: the first run in a process pays for loading
    // and compiling the code, and would count against whichever transport went first.
    await rawPushBench('socket');
    await rawPushBench('http');
    for (let run = 0; run < PUSH_REPEAT; run++) {
      floors.push(sqliteFloor(N).wall);
      const socketRun = await rawPushBench('socket');
      sockets.push(socketRun.elapsed);
      pushWritten = socketRun.written;
      https.push((await rawPushBench('http')).elapsed);
      if (baseline) {
        const floor = exactlyOnceFloor(N, MAX_PUSH_BATCH * SOCKET_PUSH_WINDOW, MAX_PUSH_BATCH);
        onceFloors.push(floor.wall);
        floorWritten = floor.written;
        const pair = run % 2 === 0 ? [ROOT, baseline.dir] : [baseline.dir, ROOT];
        const [first, second] = pair.map((tree) => ({ tree, times: pushOf(tree, N) }));
        for (const side of [first, second])
          (side?.tree === ROOT ? colds : baselines).push(side?.times as PushTimes);
      }
    }
    const floorMs = percentile(floors, 50);
    const rawSocket = percentile(sockets, 50);
    const rawHttp = percentile(https, 50);
    const medianOf = (runs: PushTimes[]): PushTimes => ({
      socket: percentile(
        runs.map((r) => r.socket),
        50,
      ),
      http: percentile(
        runs.map((r) => r.http),
        50,
      ),
    });
    console.log(
      `| ${N.toLocaleString('en-AU')} queued fuel records pushed by one device until acknowledged (median of ${PUSH_REPEAT}) | time | mutations/s | × SQLite floor | runs |`,
    );
    console.log('|---|---|---|---|---|');
    console.log(
      `| WebSocket (batches of ${MAX_PUSH_BATCH}) | ${fmt(rawSocket)} | ${rate(N, rawSocket)} | ${(rawSocket / floorMs).toFixed(1)}× | ${list(sockets)} ms |`,
    );
    console.log(
      `| HTTP fallback, same batches (baseline) | ${fmt(rawHttp)} | ${rate(N, rawHttp)} | ${(rawHttp / floorMs).toFixed(1)}× | ${list(https)} ms |`,
    );
    if (baseline) {
      const onceFloorMs = percentile(onceFloors, 50);
      const cold = medianOf(colds);
      const before = medianOf(baselines);
      const row = (name: string, ms: number, runs: number[]) =>
        console.log(
          `| ${name} | ${fmt(ms)} | ${rate(N, ms)} | ${(ms / floorMs).toFixed(1)}× | ${list(runs)} ms |`,
        );
      row(
        'This build, WebSocket, in a process of its own (cold)',
        cold.socket,
        colds.map((r) => r.socket),
      );
      row(
        `Baseline \`${baseline.commit}\`'s server, WebSocket, in a process of its own (cold)`,
        before.socket,
        baselines.map((r) => r.socket),
      );
      row(
        `Baseline \`${baseline.commit}\`'s server, HTTP fallback (cold)`,
        before.http,
        baselines.map((r) => r.http),
      );
      row(
        `Exactly-once floor: record, change log, journal and verdict per mutation, ${MAX_PUSH_BATCH * SOCKET_PUSH_WINDOW} per commit`,
        onceFloorMs,
        onceFloors,
      );
      // The guard judges each figure's fastest run: on a shared machine, load only ever adds
      // time, so the fastest run is the nearest to what the code itself costs.
      const best = (runs: PushTimes[]): PushTimes => ({
        socket: Math.min(...runs.map((r) => r.socket)),
        http: Math.min(...runs.map((r) => r.http)),
      });
      guard = {
        push: { socket: Math.min(...sockets), http: Math.min(...https) },
        cold: best(colds),
        baseline: best(baselines),
        exactlyOnceFloor: Math.min(...onceFloors),
      };
      if (pushWritten && floorWritten) guard.written = { push: pushWritten, floor: floorWritten };
    }
    console.log(
      `| Floor: the same rows inserted into SQLite in one transaction | ${fmt(floorMs)} | ${rate(N, floorMs)} | 1× | ${list(floors)} ms |\n`,
    );
  }
  if (ONLY.has('server-cpu')) {
    await serverCpuBench();
  }
  if (ONLY.has('engine')) {
    await engineBench();
  }
  if (ONLY.has('engine-chromium')) {
    const engine = await engineChromiumBench();
    if (guard) guard.engine = engine;
  }
  if (ONLY.has('fanout')) {
    const fanout = await fanoutBench();
    console.log(
      `Fan-out of a job change to ${FANOUT_CLIENTS} connected devices (commit → poke → pull → page at the last device), ${fanout.rounds} changes after ${FANOUT_WARMUP} warm-up changes: p50 ${fanout.p50.toFixed(1)} ms, p95 ${fanout.p95.toFixed(1)} ms, max ${fanout.max.toFixed(1)} ms\n`,
    );
  }
  if (ONLY.has('page')) {
    const page = await pageBench();
    console.log(
      `Applying a 1,000-change page in Dexie on fake-indexeddb (Node), one transaction, 5 runs: ${list(page)} ms (median ${percentile(page, 50).toFixed(0)} ms)`,
    );
  }
  if (guard) {
    console.log('');
    if (!report(judge(guard))) process.exitCode = 1;
  }
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(removeTemps);
