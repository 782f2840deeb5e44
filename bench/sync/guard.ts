/**
 * The sync throughput guard, run by `npm run bench` with the push and engine figures: the
 * throughput is far beyond what the business produces, so it is not a goal, but a regression
 * must not slip in unseen. The bench exits non-zero, naming each check that failed, when
 * - the 10,000-record push over the WebSocket takes more than {@link LIMITS}.baseline × the same
 *   push of a baseline commit's server, measured in the same run through each tree's own bench;
 * - or more than {@link LIMITS}.floor × the exactly-once floor (sqlite-floor.ts: the rows the
 *   push must write — record, change log, journal, verdict — and nothing else);
 * - the whole client engine in Chromium syncs fewer than {@link LIMITS}.engineRate mutations/s;
 * - or the WebSocket is slower than the HTTP fallback (the raw push, or the engine in Chromium);
 * - or the floor no longer writes what the push writes (the same rows in each of those tables,
 *   about the same bytes), which would make the floor check measure a different amount of work.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { Written } from './sqlite-floor';

const LIMITS = { baseline: 1.3, floor: 2, engineRate: 1000, writtenBytes: 0.01 } as const;

/** The baseline commit the push is compared with (built once into bench/.cache). */
export const GUARD_BASELINE = process.env.BENCH_GUARD_BASELINE ?? '405df7d';

/** One raw push of a tree's server (its own bench/sync/run.ts), in ms. */
export interface PushTimes {
  socket: number;
  http: number;
}

/** Set in the process {@link pushOf} starts, so that its run measures the push alone. */
export const GUARD_CHILD = process.env.BENCH_GUARD_CHILD === '1';

/**
 * A tree's own push benchmark (this one's or the baseline commit's), run once in a process of
 * its own with the same N: both sides start cold through the same harness, and a pair is
 * measured back to back so both see the same machine load.
 */
export function pushOf(tree: string, n: number): PushTimes {
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join('sync', 'run.ts')], {
    cwd: path.join(tree, 'bench'),
    env: {
      ...process.env,
      BENCH_ONLY: 'push',
      BENCH_PUSH_REPEAT: '1',
      BENCH_MUTATIONS: String(n),
      BENCH_GUARD_CHILD: '1',
    },
    encoding: 'utf8',
    maxBuffer: 1 << 24,
  });
  const socket = /\| WebSocket \(batches of \d+\) \| (\d+) ms/.exec(run.stdout)?.[1];
  const http = /\| HTTP fallback, same batches \(baseline\) \| (\d+) ms/.exec(run.stdout)?.[1];
  if (run.status !== 0 || socket === undefined || http === undefined)
    throw new Error(`the push of ${tree} did not run:\n${run.stdout}\n${run.stderr}`);
  return { socket: Number(socket), http: Number(http) };
}

/** The figures the guard judges: each the fastest of runs interleaved in one process. */
export interface GuardFigures {
  /** This build's push in this process (warm), against the floor and between transports. */
  push: PushTimes;
  /** This build's and the baseline's push, each in a process of its own (cold), in pairs. */
  cold: PushTimes;
  baseline: PushTimes;
  exactlyOnceFloor: number;
  /**
   * What the push and the floor wrote into each per-mutation table: the floor is a fair measure
   * only while it writes the same rows and about the same bytes as the server does.
   */
  written?: { push: Written; floor: Written };
  /** The engine in Chromium, fully synced, mutations/s; absent when that part did not run. */
  engine?: { socket: number; http: number };
}

interface Check {
  name: string;
  limit: string;
  value: string;
  ok: boolean;
}

export function judge(figures: GuardFigures): Check[] {
  const { push, cold, baseline, exactlyOnceFloor, engine, written } = figures;
  const ratio = (value: number) => `${value.toFixed(2)}×`;
  const checks: Check[] = [
    {
      name: 'WebSocket push against the baseline commit’s',
      limit: `≤ ${LIMITS.baseline}×`,
      value: `${ratio(cold.socket / baseline.socket)} (${cold.socket.toFixed(0)} ms against ${baseline.socket.toFixed(0)} ms)`,
      ok: cold.socket <= LIMITS.baseline * baseline.socket,
    },
    {
      name: 'WebSocket push against the exactly-once floor',
      limit: `≤ ${LIMITS.floor}×`,
      value: `${ratio(push.socket / exactlyOnceFloor)} (floor ${exactlyOnceFloor.toFixed(0)} ms)`,
      ok: push.socket <= LIMITS.floor * exactlyOnceFloor,
    },
    {
      name: 'Raw push: WebSocket not behind HTTP',
      limit: 'WebSocket ≤ HTTP',
      value: `${push.socket.toFixed(0)} ms against ${push.http.toFixed(0)} ms`,
      ok: push.socket <= push.http,
    },
  ];
  if (written) {
    const tables = Object.keys(written.push) as (keyof Written)[];
    const differs = tables.filter((table) => {
      const pushed = written.push[table];
      const floor = written.floor[table];
      return (
        pushed.rows !== floor.rows ||
        Math.abs(pushed.bytes - floor.bytes) > LIMITS.writtenBytes * pushed.bytes
      );
    });
    checks.push({
      name: 'The exactly-once floor writes what the push writes',
      limit: `same rows, bytes within ${LIMITS.writtenBytes * 100}%`,
      value: (differs.length > 0 ? differs : tables)
        .map(
          (table) =>
            `${table} ${written.push[table].rows} rows, ${written.push[table].bytes.toLocaleString('en-AU')} B against ${written.floor[table].rows}, ${written.floor[table].bytes.toLocaleString('en-AU')} B`,
        )
        .join('; '),
      ok: differs.length === 0,
    });
  }
  if (engine) {
    checks.push(
      {
        name: 'Client engine in Chromium, WebSocket',
        limit: `≥ ${LIMITS.engineRate.toLocaleString('en-AU')} mutations/s`,
        value: `${Math.round(engine.socket).toLocaleString('en-AU')}/s`,
        ok: engine.socket >= LIMITS.engineRate,
      },
      {
        name: 'Client engine in Chromium: WebSocket not behind HTTP',
        limit: 'WebSocket ≥ HTTP',
        value: `${Math.round(engine.socket).toLocaleString('en-AU')}/s against ${Math.round(engine.http).toLocaleString('en-AU')}/s`,
        ok: engine.socket >= engine.http,
      },
    );
  }
  return checks;
}

/** Prints the checks as a Markdown table; returns whether all held. */
export function report(checks: Check[]): boolean {
  console.log('| Throughput guard | limit | this run | |');
  console.log('|---|---|---|---|');
  for (const check of checks)
    console.log(
      `| ${check.name} | ${check.limit} | ${check.value} | ${check.ok ? 'holds' : '**FAILED**'} |`,
    );
  console.log('');
  const failed = checks.filter((check) => !check.ok);
  for (const check of failed)
    console.error(`THROUGHPUT REGRESSION: ${check.name}: ${check.value}, limit ${check.limit}`);
  return failed.length === 0;
}
