/**
 * The server's own CPU time for a long push: N queued `fuel.add` in batches of the
 * protocol's maximum, taken four at a time into one commit as a socket does when the device
 * keeps SOCKET_PUSH_WINDOW batches in flight (session.ts `answerPushes`: apply, then encode the
 * answers), on the real server's database file with its restore guard armed — against the
 * floor's CPU: the same rows inserted into SQLite in one transaction. In-process and without the
 * network, so the figure is the server's work alone, steadier than wall time on a busy machine.
 *
 * `pnpm --dir sync-server exec tsx ../bench/sync/server-cpu.ts` (or `BENCH_ONLY=server-cpu` of
 * run.ts); `BENCH_REPEAT` runs (default 5) after one unmeasured warm-up, medians. The runs share one
 * server, so each later one meets a larger database (as a server in use does).
 */
import fs from 'node:fs';
import inspector from 'node:inspector/promises';
import { pathToFileURL } from 'node:url';
import { MAX_PUSH_BATCH, clientMessageSchema, type PushMessage } from '@pilbara/shared-schema';
import { answerPushes } from '../../sync-server/src/sync/session';
import { removeTemps, startServer } from './bench-server';
import { NOW, fuelArgs } from './fuel-queue';
import { cpuMs, sqliteFloor, type Cost } from './sqlite-floor';

/**
 * Batches per commit: the web engine keeps SOCKET_PUSH_WINDOW (4) in flight, and the socket
 * takes those waiting into one commit (not imported: the engine module pulls the web app in).
 */
const SOCKET_PUSH_WINDOW = 4;
const N = Number(process.env.BENCH_MUTATIONS ?? 10_000);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 5);

/** The push messages a device sends for N queued records, as the socket receives them (text). */
function pushTexts(clientId: string, firstId: number): string[] {
  const texts: string[] = [];
  for (let start = 1; start <= N; start += MAX_PUSH_BATCH) {
    const mutations = [];
    for (let seq = start; seq < Math.min(start + MAX_PUSH_BATCH, N + 1); seq++) {
      mutations.push({
        seq,
        mutationId: crypto.randomUUID(),
        name: 'fuel.add',
        args: fuelArgs(firstId + seq),
        createdAt: NOW,
      });
    }
    texts.push(JSON.stringify({ type: 'push', clientId, mutations }));
  }
  return texts;
}

/** A measured run; for the server, CPU of the whole path: parsed as the socket does, applied, answered. */
type ServerRun = Cost;

/**
 * `BENCH_CPU_PROFILE=file.cpuprofile`: the measured part of the last run profiled (open it in
 * Chrome's DevTools), without the server's start.
 */
const PROFILE = process.env.BENCH_CPU_PROFILE;

type BenchServer = Awaited<ReturnType<typeof startServer>>;

/**
 * One device's N records pushed into `server` (the runs share one server: its start is most of
 * a run's time; each run is a new device with records of its own, `run` numbers them).
 */
async function serverRun(server: BenchServer, run: number, profile = false): Promise<ServerRun> {
  const db = server.app.db;
  const ctx = { db, userId: 1, now: () => new Date(NOW) };
  const texts = pushTexts(crypto.randomUUID(), run * N);
  const session = profile ? new inspector.Session() : null;
  if (session) {
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
  }
  const start = performance.now();
  const usage = process.cpuUsage();
  for (let at = 0; at < texts.length; at += SOCKET_PUSH_WINDOW) {
    const group = texts.slice(at, at + SOCKET_PUSH_WINDOW).map((text) => {
      const parsed = clientMessageSchema.parse(JSON.parse(text));
      if (parsed.type !== 'push') throw new Error('not a push');
      return parsed as PushMessage;
    });
    const answers = answerPushes(ctx, group);
    if (answers.length !== group.length || !answers.every((a) => a.startsWith('{"type":"results"')))
      throw new Error(`unexpected answer: ${answers[0]?.slice(0, 200)}`);
  }
  const cpu = cpuMs(usage);
  const wall = performance.now() - start;
  if (session && PROFILE) {
    const { profile: taken } = await session.post('Profiler.stop');
    fs.writeFileSync(PROFILE, JSON.stringify(taken));
    session.disconnect();
  }
  const stored = (db.prepare('SELECT count(*) AS n FROM fuel_records').get() as { n: number }).n;
  if (stored !== N * (run + 1))
    throw new Error(`expected ${N * (run + 1)} records, found ${stored}`);
  return { cpu, wall };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? NaN;
}

/** Prints the figures as a Markdown table row set; returns the median server CPU. */
export async function serverCpuBench(): Promise<number> {
  const server = await startServer();
  await serverRun(server, 0);
  sqliteFloor(N);
  const servers: ServerRun[] = [];
  const floors: ServerRun[] = [];
  for (let run = 1; run <= REPEAT; run++) {
    floors.push(sqliteFloor(N));
    servers.push(await serverRun(server, run, PROFILE !== undefined && run === REPEAT));
  }
  await server.app.close();
  const list = (runs: ServerRun[], key: keyof ServerRun) =>
    runs.map((run) => run[key].toFixed(0)).join(', ');
  const serverCpu = median(servers.map((run) => run.cpu));
  const floorCpu = median(floors.map((run) => run.cpu));
  console.log(
    `| Server CPU for ${N.toLocaleString('en-AU')} pushed \`fuel.add\` (batches of ${MAX_PUSH_BATCH}, ${SOCKET_PUSH_WINDOW} per commit; median of ${REPEAT}) | CPU | × floor CPU | wall | runs (CPU ms) |`,
  );
  console.log('|---|---|---|---|---|');
  console.log(
    `| Parsed, applied and answered as the socket does | ${serverCpu.toFixed(0)} ms | ${(serverCpu / floorCpu).toFixed(1)}× | ${median(servers.map((run) => run.wall)).toFixed(0)} ms | ${list(servers, 'cpu')} |`,
  );
  console.log(
    `| Floor: the same rows inserted into SQLite in one transaction | ${floorCpu.toFixed(0)} ms | 1× | ${median(floors.map((run) => run.wall)).toFixed(0)} ms | ${list(floors, 'cpu')} |\n`,
  );
  return serverCpu;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  serverCpuBench()
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    })
    .finally(removeTemps);
}
