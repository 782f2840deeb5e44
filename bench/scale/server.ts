/**
 * The server process of the scale benchmark: `main.ts`'s setup (compaction and notifier on) on
 * the database in DATA_DIR, on the port in PORT. Prints one JSON line once it listens: how long
 * the server's start took (buildApp on the database until listening), with the code already
 * loaded, so the figure is the server's own start-up work and not the TypeScript loader's.
 */
import { buildApp } from '../../sync-server/src/app';
import { loadConfig } from '../../sync-server/src/config';

const started = performance.now();
const app = await buildApp(loadConfig(process.env), {
  notifier: true,
  logCompaction: true,
  responseCheck: 'log',
  logger: false,
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log(JSON.stringify({ listening: true, startupMs: performance.now() - started }));
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
