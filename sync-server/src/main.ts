/**
 * Process entry: read configuration, build the app, listen. Prints the URL (and, on the very
 * first start without ADMIN_PASSWORD, the generated admin login), and shuts down gracefully on
 * SIGINT/SIGTERM: stop accepting, let in-flight requests finish, then close SQLite.
 */
import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config';

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const app = await buildApp(config, {
    notifier: true,
    logCompaction: true,
    backups: true,
    responseCheck: 'log',
  });
  await app.listen({ port: config.port, host: config.host });
  // `npm run restore` refuses to replace the data under a running server (backup/restore.ts).
  const pidFile = path.join(config.dataDir, 'server.pid');
  fs.writeFileSync(pidFile, `${process.pid}\n`);
  process.on('exit', () => fs.rmSync(pidFile, { force: true }));

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  console.log(`Listening on http://${shownHost}:${port}`);
  // No valid ABN, no tax invoice: said where the owner starting the server reads.
  if (app.abnProblem) console.warn(`Warning: ${app.abnProblem}`);
  if (app.generatedAdmin) {
    console.log(
      `Admin login (shown once, change it by setting ADMIN_PASSWORD): ` +
        `username "${app.generatedAdmin.username}", password "${app.generatedAdmin.password}"`,
    );
  }

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // A request stuck for more than 10 s should not keep the process alive forever.
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
