/**
 * The server process of the engine benchmark (engine-bench.ts): the real server in a process of
 * its own, as a device meets it, so the device's CPU time is measured apart from the server's.
 * Serves the page of the in-browser run (engine-chromium.ts) when given one. Tells its parent
 * (IPC) where it listens; answers `count` (fuel records stored), `cpu` (its CPU time so far) and
 * `stop`.
 */
import { removeTemps, startServer } from './bench-server';

// BENCH_WEB_DIST: the page it serves, so a browser's page and the API share one origin.
const server = await startServer(process.env.BENCH_WEB_DIST);
const tell = (message: unknown) => process.send?.(message);
tell({ type: 'ready', baseUrl: server.baseUrl, cookie: server.cookie });
// The benchmark ended or failed: no server outlives it.
process.on('disconnect', () => process.exit(0));
process.on('message', (message: { type: string }) => {
  if (message.type === 'count') {
    const row = server.app.db.prepare('SELECT count(*) AS n FROM fuel_records').get() as {
      n: number;
    };
    tell({ type: 'count', n: row.n });
  } else if (message.type === 'cpu') {
    const usage = process.cpuUsage();
    tell({ type: 'cpu', ms: (usage.user + usage.system) / 1000 });
  } else if (message.type === 'stop') {
    void server.app.close().then(() => {
      removeTemps();
      process.exit(0);
    });
  }
});
