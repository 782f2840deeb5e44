// `npm start`: install, build the PWA and the server, and run the sync server on the embedded
// default (SQLite in ./data, demo data on first start, the admin login printed to the console).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ROOT, installWorkspace, pnpm } from './lib.mjs';

installWorkspace();
pnpm(['--filter', '@pilbara/web', 'build']);
// Imported only now: the build needs esbuild, which the install has just brought.
const { serverBuild } = await import('./sync-server-process.mjs');
const build = await serverBuild();

const child = spawn(process.execPath, ['--enable-source-maps', join(build, 'main.mjs')], {
  cwd: join(ROOT, 'sync-server'),
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: process.env.DATA_DIR ?? join(ROOT, 'data') },
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
