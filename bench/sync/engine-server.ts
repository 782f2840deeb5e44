/**
 * The server process of the engine benchmark (engine-bench.ts): the real server in a process of
 * its own, as a device meets it, so the device's CPU time is measured apart from the server's.
 * Tells its parent (IPC) where it listens; answers `count` (fuel records stored), `cpu` (its
 * CPU time so far) and `stop`.
 */
import { removeTemps, startServer } from './bench-server';

const server = await startServer();
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
