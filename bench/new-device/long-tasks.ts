/**
 * What each long main-thread task of a visit was: a Chrome trace (CDP `Tracing`, with the V8
 * sampling profiler) taken while the page syncs, and for every task over a threshold on the
 * page's main thread, the functions its samples were in and the timeline events inside it
 * (script, garbage collection, style, layout, paint). Used by run.ts when
 * BENCH_NEW_DEVICE_TRACE is set; the function names are readable when the build is not minified
 * (`vite build --minify false`).
 */

import fs from 'node:fs';
import path from 'node:path';

/* eslint-disable @typescript-eslint/no-explicit-any -- the CDP session is playwright-core's, loaded untyped */
type CdpSession = any;

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  id?: string;
  args?: any;
}

/** One long task, in ms of the throttled page, with where its time went. */
export interface LongTaskShare {
  /** ms since the trace began. */
  at: number;
  duration: number;
  /** The timeline events inside, by name: total ms (nested events counted in each). */
  events: Record<string, number>;
  /** Functions the task's samples were in (the whole stack), the most first: name, ms. */
  inclusive: [string, number][];
  /** The innermost function of each sample, the most first. */
  self: [string, number][];
}

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'blink.user_timing',
];
/** The sampling profiler: names the functions, but slows the page it samples. */
const SAMPLES = 'disabled-by-default-v8.cpu_profiler';

/**
 * Starts tracing the page of `cdp`; the returned function stops it and attributes the tasks.
 * Without `samples` the tasks keep their real length and are named by their timeline events only.
 */
export async function traceLongTasks(
  cdp: CdpSession,
  { overMs = 100, samples = true }: { overMs?: number; samples?: boolean } = {},
): Promise<() => Promise<LongTaskShare[]>> {
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (data: { value: TraceEvent[] }) => {
    for (const event of data.value) events.push(event);
  });
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: {
      includedCategories: samples ? [...CATEGORIES, SAMPLES] : CATEGORIES,
      recordMode: 'recordContinuously',
    },
  });
  return async () => {
    const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.end');
    await complete;
    // The whole trace, to open in DevTools' Performance panel.
    const keep = process.env.BENCH_NEW_DEVICE_TRACE_DIR;
    if (keep) {
      fs.mkdirSync(keep, { recursive: true });
      const file = path.join(keep, `trace-${Date.now()}.json`);
      const out = fs.createWriteStream(file);
      out.write('[\n');
      events.forEach((event, i) => out.write(`${i ? ',' : ''}${JSON.stringify(event)}\n`));
      out.write(']\n');
      await new Promise((resolve) => out.end(resolve));
    }
    return attribute(events, overMs);
  };
}

const frameName = (
  frame: { functionName?: string; url?: string; lineNumber?: number } | undefined,
) =>
  `${frame?.functionName || '(anonymous)'} ${(frame?.url ?? '').split('/').pop() ?? ''}:${(frame?.lineNumber ?? -1) + 1}`;

function top(counts: Map<string, number>, n = 12): [string, number][] {
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([name, ms]) => [name, Math.round(ms)]);
}

/** The tasks over `overMs` on the renderers' main threads, each with its share of samples. */
function attribute(events: TraceEvent[], overMs: number): LongTaskShare[] {
  const mainThreads = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const onMain = (e: TraceEvent) => mainThreads.has(`${e.pid}:${e.tid}`);
  const begin = events.reduce((least, e) => (e.ts > 0 && e.ts < least ? e.ts : least), Infinity);
  const tasks = events
    .filter(
      (e) => e.name === 'RunTask' && e.ph === 'X' && onMain(e) && (e.dur ?? 0) > overMs * 1000,
    )
    .sort((a, b) => a.ts - b.ts);

  // The sampling profiler's stacks, per profiled thread: nodes by id, samples with their time.
  const profiles = new Map<
    string,
    { nodes: Map<number, { frame: any; parent?: number }>; samples: [number, number][] }
  >();
  const startOf = new Map<string, number>();
  for (const e of events) {
    if (e.name === 'Profile') startOf.set(`${e.pid}:${e.id}`, e.args?.data?.startTime ?? e.ts);
  }
  const clock = new Map<string, number>();
  for (const e of events) {
    if (e.name !== 'ProfileChunk') continue;
    const key = `${e.pid}:${e.id}`;
    let profile = profiles.get(key);
    if (!profile) profiles.set(key, (profile = { nodes: new Map(), samples: [] }));
    const data = e.args?.data ?? {};
    for (const node of data.cpuProfile?.nodes ?? []) {
      profile.nodes.set(node.id, { frame: node.callFrame, parent: node.parent });
    }
    let time = clock.get(key) ?? startOf.get(key) ?? e.ts;
    const samples: number[] = data.cpuProfile?.samples ?? [];
    const deltas: number[] = data.timeDeltas ?? [];
    samples.forEach((node, i) => {
      time += deltas[i] ?? 0;
      profile.samples.push([time, node]);
    });
    clock.set(key, time);
  }
  const allSamples = [...profiles.values()].flatMap((p) =>
    p.samples.map(([time, node]) => ({ time, node, nodes: p.nodes })),
  );
  allSamples.sort((a, b) => a.time - b.time);

  return tasks.map((task) => {
    const end = task.ts + (task.dur ?? 0);
    const inside = events.filter(
      (e) => e.ph === 'X' && onMain(e) && e !== task && e.ts >= task.ts && e.ts < end,
    );
    const byName = new Map<string, number>();
    for (const e of inside) {
      const detail =
        e.name === 'FunctionCall' || e.name === 'EvaluateScript'
          ? ` ${frameName({
              functionName: e.args?.data?.functionName ?? '',
              url: e.args?.data?.url ?? '',
              lineNumber: (e.args?.data?.lineNumber ?? 1) - 1,
            })}`
          : e.name === 'EventDispatch' || e.name === 'TimerFire'
            ? ` ${e.args?.data?.type ?? ''}`
            : '';
      const name = `${e.name}${detail}`;
      byName.set(name, (byName.get(name) ?? 0) + (e.dur ?? 0) / 1000);
    }
    const inclusive = new Map<string, number>();
    const self = new Map<string, number>();
    const taskSamples = allSamples.filter((s) => s.time >= task.ts && s.time < end);
    const step = taskSamples.length > 0 ? (task.dur ?? 0) / 1000 / taskSamples.length : 0;
    for (const sample of taskSamples) {
      const seen = new Set<string>();
      let id: number | undefined = sample.node;
      let first = true;
      while (id !== undefined) {
        const node = sample.nodes.get(id);
        if (!node) break;
        const name = frameName(node.frame);
        if (first) self.set(name, (self.get(name) ?? 0) + step);
        first = false;
        if (!seen.has(name)) inclusive.set(name, (inclusive.get(name) ?? 0) + step);
        seen.add(name);
        id = node.parent;
      }
    }
    return {
      at: Math.round((task.ts - begin) / 1000),
      duration: Math.round((task.dur ?? 0) / 1000),
      events: Object.fromEntries(top(byName, 15)),
      inclusive: top(inclusive, 25).filter(([name]) => !/^\((root|program)\)/.test(name)),
      self: top(self),
    };
  });
}
