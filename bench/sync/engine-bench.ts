/**
 * The whole web client engine: N fuel records queued on a device (Dexie on fake-indexeddb), the
 * real `SyncEngine` started against the real server, until every result is in and the device is
 * fully synced (its pages applied, its outbox empty), over the WebSocket and over the HTTP
 * fallback.
 *
 * The server runs in a process of its own by default (`BENCH_ENGINE_SERVER=process`), as a
 * device meets it; `inline` runs it in the device's own thread, as this benchmark did before
 * 2026-11-27, so the server's apply and the device's work take turns on one core. Each transport
 * is run once unmeasured (JIT, caches), then `BENCH_ENGINE_REPEAT` times in alternating order;
 * medians are reported with the device's CPU time (user + system of its process, which with the
 * inline server includes the server's) and the server process's.
 */
import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import type WsSocket from 'ws';
import { PilbaraDatabase } from '../../web/src/db/database';
import { SyncEngine } from '../../web/src/sync/engine';
import {
  httpConnector,
  socketConnector,
  type Connector,
  type WebSocketLike,
} from '../../web/src/sync/transport';
import type { ServerMessage } from '@pilbara/shared-schema';
import { NOW, fuelArgs, startServer } from './bench-server';

const requireFromServer = createRequire(new URL('../../sync-server/package.json', import.meta.url));
const WebSocket = requireFromServer('ws') as typeof WsSocket;

/** The whole client engine on fake-indexeddb is far slower than a browser's IndexedDB; fewer. */
const ENGINE_N = Number(process.env.BENCH_ENGINE_MUTATIONS ?? 2_000);
const REPEAT = Number(process.env.BENCH_ENGINE_REPEAT ?? 3);
const PLACEMENTS = (process.env.BENCH_ENGINE_SERVER ?? 'process,inline')
  .split(',')
  .map((part) => part.trim()) as Placement[];

type Transport = 'socket' | 'http';
type Placement = 'process' | 'inline';

interface BenchServer {
  baseUrl: string;
  cookie: string;
  storedFuelRecords(): Promise<number>;
  /** CPU ms of the server's own process (0 when it runs in the device's thread). */
  cpuMs(): Promise<number>;
  close(): Promise<void>;
}

async function inlineServer(): Promise<BenchServer> {
  const { app, baseUrl, cookie } = await startServer();
  return {
    baseUrl,
    cookie,
    storedFuelRecords: async () =>
      (app.db.prepare('SELECT count(*) AS n FROM fuel_records').get() as { n: number }).n,
    cpuMs: async () => 0,
    close: () => app.close(),
  };
}

async function processServer(): Promise<BenchServer> {
  const child = fork(new URL('./engine-server.ts', import.meta.url), {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ask = <T>(type: string, answer: string) =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (message: { type: string } & T) => {
        if (message.type !== answer) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(message);
      };
      const onExit = (code: number | null) => reject(new Error(`server exited (${code})`));
      child.on('message', onMessage);
      child.once('exit', onExit);
      if (type) child.send({ type });
    });
  const ready = await ask<{ baseUrl: string; cookie: string }>('', 'ready');
  return {
    baseUrl: ready.baseUrl,
    cookie: ready.cookie,
    storedFuelRecords: async () => (await ask<{ n: number }>('count', 'count')).n,
    cpuMs: async () => (await ask<{ ms: number }>('cpu', 'cpu')).ms,
    close: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.send({ type: 'stop' });
      }),
  };
}

const cookieSocket = (cookie: string) => (url: string) =>
  new WebSocket(url, { headers: { cookie } }) as unknown as WebSocketLike;
const cookieFetch = (cookie: string) => (input: string, init?: RequestInit) =>
  fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), cookie } });

interface EngineRun {
  /** ms until the results of the last push arrived. */
  acked: number;
  /** ms until the device was fully synced. */
  synced: number;
  deviceCpu: number;
  serverCpu: number;
}

const cpuNow = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

/** Syncs `count` queued fuel records from a fresh device. */
async function engineRun(
  transport: Transport,
  placement: Placement,
  count: number,
): Promise<EngineRun> {
  const server = placement === 'process' ? await processServer() : await inlineServer();
  const db = new PilbaraDatabase(`bench-${transport}-${Date.now()}`);
  const clientId = crypto.randomUUID();
  await db.meta.bulkPut([
    { key: 'clientId', value: clientId },
    { key: 'lastIssuedSeq', value: count },
  ]);
  // The queue as `count` offline writes leave it (the local apply is not what is measured here).
  await db.outbox.bulkAdd(
    Array.from({ length: count }, (_, i) => ({
      seq: i + 1,
      mutationId: crypto.randomUUID(),
      clientId,
      name: 'fuel.add',
      args: fuelArgs(i + 1),
      createdAt: NOW,
      // What the local run of fuel.add records: it read its own row and the vehicle, wrote its row.
      reads: [`fuel_records:${i + 1}`, 'vehicles:1'],
      writes: [`fuel_records:${i + 1}`],
      keys: [`fuel_records:${i + 1}`, 'vehicles:1'],
    })),
  );
  let ackedAt = 0;
  const serverCpuBefore = await server.cpuMs();
  const cpuBefore = cpuNow();
  const start = performance.now();
  const base: Connector =
    transport === 'socket'
      ? socketConnector(server.baseUrl, cookieSocket(server.cookie))
      : httpConnector(server.baseUrl, cookieFetch(server.cookie));
  const watched: Connector = (handlers) =>
    base({
      ...handlers,
      onMessage: (message: ServerMessage) => {
        if (message.type === 'results' && message.lastSeq === count && !ackedAt)
          ackedAt = performance.now();
        handlers.onMessage(message);
      },
    });
  const engine = new SyncEngine({ db, connectors: [watched], httpPollMs: 60_000 });
  await engine.start();
  // Checked every 25 ms (a count is an IndexedDB transaction the engine waits behind).
  while (!ackedAt || (await db.outbox.count()) > 0) {
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const synced = performance.now() - start;
  const deviceCpu = cpuNow() - cpuBefore;
  const serverCpu = (await server.cpuMs()) - serverCpuBefore;
  await engine.stop();
  const stored = await server.storedFuelRecords();
  if (stored !== count) throw new Error(`expected ${count} fuel records, found ${stored}`);
  db.close();
  await db.delete();
  await server.close();
  return { acked: ackedAt - start, synced, deviceCpu, serverCpu };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? NaN;
}

/** Runs the engine benchmark and prints its Markdown table. */
export async function engineBench(): Promise<void> {
  const runs = new Map<string, EngineRun[]>();
  for (const placement of PLACEMENTS) {
    // Unmeasured: the first run of each pays for loading and compiling the code.
    await engineRun('socket', placement, Math.min(ENGINE_N, 500));
    await engineRun('http', placement, Math.min(ENGINE_N, 500));
    for (let round = 0; round < REPEAT; round++) {
      const order: Transport[] = round % 2 === 0 ? ['socket', 'http'] : ['http', 'socket'];
      for (const transport of order) {
        const key = `${placement} ${transport}`;
        runs.set(key, [...(runs.get(key) ?? []), await engineRun(transport, placement, ENGINE_N)]);
      }
    }
  }
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  console.log(
    `| ${ENGINE_N.toLocaleString('en-AU')} queued fuel records, the whole web client engine (Dexie on fake-indexeddb), median of ${REPEAT} | all results | fully synced (pages applied, outbox empty) | mutations/s (synced) | device CPU | server CPU | fully synced, runs |`,
  );
  console.log('|---|---|---|---|---|---|---|');
  for (const [key, list] of runs) {
    const [placement, transport] = key.split(' ');
    const synced = median(list.map((run) => run.synced));
    const name = `${transport === 'socket' ? 'WebSocket' : 'HTTP fallback'}, server ${placement === 'process' ? 'in its own process' : 'in the same thread'}`;
    console.log(
      `| ${name} | ${ms(median(list.map((run) => run.acked)))} | ${ms(synced)} | ${Math.round((ENGINE_N / synced) * 1000).toLocaleString('en-AU')}/s | ${ms(median(list.map((run) => run.deviceCpu)))} | ${placement === 'process' ? ms(median(list.map((run) => run.serverCpu))) : '(in device)'} | ${list.map((run) => run.synced.toFixed(0)).join(', ')} |`,
    );
  }
  console.log('');
}
