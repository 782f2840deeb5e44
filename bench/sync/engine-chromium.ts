/**
 * The whole web client engine as a device runs it: the real `SyncEngine` and `PilbaraDatabase`
 * (Dexie on Chromium's own IndexedDB) bundled into a page (engine-chromium/entry.ts) and run in
 * the system Chromium, against the real server in a process of its own, over the WebSocket and
 * over the HTTP fallback. The same queue, end condition, server check and rounds as the
 * fake-indexeddb benchmark (engine-device.ts, engine-bench.ts); only the storage is the device's.
 *
 * The page is served by the bench server itself (the bundle as its WEB_DIST, with a page table
 * naming it), so the page, the socket and the HTTP API share one origin and the browser sends
 * its own session cookie (set in the browser context, as a sign-in leaves it): no proxy, no CORS.
 * A fresh server and a fresh browser context (its own IndexedDB) per run. The CPU counted for the
 * device is Chromium's, every process of it (the page's and the IndexedDB backing store's).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { withBundle } from '../lib/bundled-page.mjs';
import {
  TRANSPORT_NAMES,
  alternateTransports,
  printEngineTable,
  processServer,
  syncedRate,
  type EngineRun,
  type Transport,
} from './engine-bench';

const here = dirname(fileURLToPath(import.meta.url));
/** A folder to keep the page's CPU profile of each run in (open in DevTools' Performance panel). */
const PROFILE_DIR = process.env.BENCH_ENGINE_PROFILE;
let profiled = 0;

/**
 * Runs the engine benchmark in Chromium and prints its Markdown table; returns each transport's
 * rate in its fastest run, fully synced, in mutations/s (for the throughput guard, guard.ts).
 */
export async function engineChromiumBench(): Promise<Record<Transport, number>> {
  return await withBundle({ entryDir: join(here, 'engine-chromium') }, async (bundle) => {
    // The server's static plugin serves what its page table lists (sync-server plugins/static.ts).
    writeFileSync(
      join(bundle.outDir, 'prerendered.json'),
      JSON.stringify({
        pages: { '/': 'index.html' },
        notFound: 'index.html',
        shell: 'index.html',
        clientRoutes: [],
      }),
    );
    const run = async (transport: Transport, count: number): Promise<EngineRun> => {
      const server = await processServer(bundle.outDir);
      try {
        const sid = server.cookie.replace(/^sid=/, '');
        const page = await bundle.open(`${server.baseUrl}/`, {
          readyGlobal: 'dropDevice',
          cookies: [{ name: 'sid', value: sid, url: server.baseUrl }],
        });
        try {
          await page.evaluate((n) => window.queueDevice(n), count);
          const serverCpuBefore = await server.cpuMs();
          const cpuBefore = bundle.cpuMs();
          const sync = () =>
            page.evaluate((options) => window.syncDevice(options), { transport, count });
          let times;
          if (PROFILE_DIR) {
            const { value, profile } = await page.profile(sync);
            mkdirSync(PROFILE_DIR, { recursive: true });
            profiled += 1;
            const file = `${String(profiled).padStart(2, '0')}-${transport}-${count}.cpuprofile`;
            writeFileSync(join(PROFILE_DIR, file), JSON.stringify(profile));
            times = value;
          } else {
            times = await sync();
          }
          const deviceCpu = bundle.cpuMs() - cpuBefore;
          const serverCpu = (await server.cpuMs()) - serverCpuBefore;
          await server.expectStored(count);
          await page.evaluate(() => window.dropDevice(), undefined);
          return { ...times, deviceCpu, serverCpu };
        } finally {
          await page.close();
        }
      } finally {
        await server.close();
      }
    };
    const runs = await alternateTransports(run);
    console.log(`Chromium ${bundle.version} (headless)\n`);
    printEngineTable(
      "Dexie on Chromium's IndexedDB",
      'Chromium CPU',
      (['socket', 'http'] as const).map((transport) => ({
        name: `${TRANSPORT_NAMES[transport]}, server in its own process`,
        runs: runs[transport],
        serverCpu: true,
      })),
    );
    const fastest = (times: number[]) => Math.min(...times);
    return { socket: syncedRate(runs.socket, fastest), http: syncedRate(runs.http, fastest) };
  });
}
