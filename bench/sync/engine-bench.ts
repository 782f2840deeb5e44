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
 * inline server includes the server's) and the server process's. The same device in Chromium, on
 * the browser's own IndexedDB, is engine-chromium.ts; both use this file's server and rounds.
 */
import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import type WsSocket from 'ws';
import { httpConnector, socketConnector, type WebSocketLike } from '../../web/src/sync/transport';
import { startServer } from './bench-server';
import { queuedDevice, syncDevice, type DeviceRun } from './engine-device';

const requireFromServer = createRequire(new URL('../../sync-server/package.json', import.meta.url));
const WebSocket = requireFromServer('ws') as typeof WsSocket;

/** The whole client engine on fake-indexeddb is far slower than a browser's IndexedDB; fewer. */
const ENGINE_N = Number(process.env.BENCH_ENGINE_MUTATIONS ?? 2_000);
const REPEAT = Number(process.env.BENCH_ENGINE_REPEAT ?? 3);
const PLACEMENTS = (process.env.BENCH_ENGINE_SERVER ?? 'process,inline')
  .split(',')
  .map((part) => part.trim()) as Placement[];

export type Transport = 'socket' | 'http';
type Placement = 'process' | 'inline';

interface BenchServer {
  baseUrl: string;
  cookie: string;
  /** Fails unless the server stored exactly `count` fuel records (each mutation once). */
  expectStored(count: number): Promise<void>;
  /** CPU ms of the server's own process (0 when it runs in the device's thread). */
  cpuMs(): Promise<number>;
  close(): Promise<void>;
}

const expectCount = (stored: number, count: number) => {
  if (stored !== count) throw new Error(`expected ${count} fuel records, found ${stored}`);
};

async function inlineServer(): Promise<BenchServer> {
  const { app, baseUrl, cookie } = await startServer();
  return {
    baseUrl,
    cookie,
    expectStored: async (count) =>
      expectCount(
        (app.db.prepare('SELECT count(*) AS n FROM fuel_records').get() as { n: number }).n,
        count,
      ),
    cpuMs: async () => 0,
    close: () => app.close(),
  };
}

/** The server in a process of its own; serving `webDist` (a built page) when given one. */
export async function processServer(webDist?: string): Promise<BenchServer> {
  const child = fork(new URL('./engine-server.ts', import.meta.url), {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: webDist ? { ...process.env, BENCH_WEB_DIST: webDist } : process.env,
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
    expectStored: async (count) =>
      expectCount((await ask<{ n: number }>('count', 'count')).n, count),
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

export interface EngineRun extends DeviceRun {
  deviceCpu: number;
  serverCpu: number;
}

const cpuNow = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

/** Syncs `count` queued fuel records from a fresh device on fake-indexeddb. */
async function engineRun(
  transport: Transport,
  placement: Placement,
  count: number,
): Promise<EngineRun> {
  const server = placement === 'process' ? await processServer() : await inlineServer();
  const db = await queuedDevice(`bench-${transport}-${Date.now()}`, count);
  const serverCpuBefore = await server.cpuMs();
  const cpuBefore = cpuNow();
  const run = await syncDevice(
    db,
    transport === 'socket'
      ? socketConnector(server.baseUrl, cookieSocket(server.cookie))
      : httpConnector(server.baseUrl, cookieFetch(server.cookie)),
    count,
  );
  const deviceCpu = cpuNow() - cpuBefore;
  const serverCpu = (await server.cpuMs()) - serverCpuBefore;
  await server.expectStored(count);
  db.close();
  await db.delete();
  await server.close();
  return { ...run, deviceCpu, serverCpu };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? NaN;
}

/**
 * One unmeasured run of each transport (the first pays for loading and compiling the code), then
 * `BENCH_ENGINE_REPEAT` runs of each in alternating order, so both see the same machine load.
 */
export async function alternateTransports(
  run: (transport: Transport, count: number) => Promise<EngineRun>,
): Promise<Record<Transport, EngineRun[]>> {
  await run('socket', Math.min(ENGINE_N, 500));
  await run('http', Math.min(ENGINE_N, 500));
  const runs: Record<Transport, EngineRun[]> = { socket: [], http: [] };
  for (let round = 0; round < REPEAT; round++) {
    const order: Transport[] = round % 2 === 0 ? ['socket', 'http'] : ['http', 'socket'];
    for (const transport of order) runs[transport].push(await run(transport, ENGINE_N));
  }
  return runs;
}

/** The rate of `runs`, fully synced, in mutations/s: of the median run, or of the one `pick` picks. */
export function syncedRate(runs: EngineRun[], pick: (times: number[]) => number = median): number {
  return (ENGINE_N / pick(runs.map((run) => run.synced))) * 1000;
}

/** Prints one engine table: `device` names where the device runs and whose CPU is counted. */
export function printEngineTable(
  device: string,
  deviceCpu: string,
  rows: { name: string; runs: EngineRun[]; serverCpu: boolean }[],
): void {
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  console.log(
    `| ${ENGINE_N.toLocaleString('en-AU')} queued fuel records, the whole web client engine (${device}), median of ${REPEAT} | all results | fully synced (pages applied, outbox empty) | mutations/s (synced) | ${deviceCpu} | server CPU | fully synced, runs |`,
  );
  console.log('|---|---|---|---|---|---|---|');
  for (const { name, runs, serverCpu } of rows) {
    const synced = median(runs.map((run) => run.synced));
    console.log(
      `| ${name} | ${ms(median(runs.map((run) => run.acked)))} | ${ms(synced)} | ${Math.round(syncedRate(runs)).toLocaleString('en-AU')}/s | ${ms(median(runs.map((run) => run.deviceCpu)))} | ${serverCpu ? ms(median(runs.map((run) => run.serverCpu))) : '(in device)'} | ${runs.map((run) => run.synced.toFixed(0)).join(', ')} |`,
    );
  }
  console.log('');
}

export const TRANSPORT_NAMES: Record<Transport, string> = {
  socket: 'WebSocket',
  http: 'HTTP fallback',
};

/** Runs the engine benchmark on fake-indexeddb and prints its Markdown table. */
export async function engineBench(): Promise<void> {
  const rows = [];
  for (const placement of PLACEMENTS) {
    const runs = await alternateTransports((transport, count) =>
      engineRun(transport, placement, count),
    );
    for (const transport of ['socket', 'http'] as const) {
      rows.push({
        name: `${TRANSPORT_NAMES[transport]}, server ${placement === 'process' ? 'in its own process' : 'in the same thread'}`,
        runs: runs[transport],
        serverCpu: placement === 'process',
      });
    }
  }
  printEngineTable('Dexie on fake-indexeddb', 'device CPU', rows);
}
