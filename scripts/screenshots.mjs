// Screenshots of the main public screens at phone (390 px) and desktop (1280 px) width, written
// to e2e/screenshots/ for people to look at. Starts the real server on a free port with demo
// data in a temporary folder, serving the built PWA (run `npm start` or build web/ first).
// Usage: node scripts/screenshots.mjs
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './lib.mjs';
import { spawnSyncServer, waitForHealth } from './sync-server-process.mjs';

const dataDir = mkdtempSync(join(tmpdir(), 'pilbara-shots-'));
const { child: server, baseURL: base } = await spawnSyncServer({
  dataDir,
  env: { DEMO_DATA: 'true', LOG_LEVEL: 'warn', BACKUP_EVERY_MINUTES: '0' },
});
try {
  await waitForHealth(server, base, 60_000);
  // A demo customer whose job is En Route, so the portal shows a live job.
  const portal = '/customer-portal?search=Tom%20Nguyen';
  const result = spawnSync(
    process.execPath,
    [
      join(ROOT, 'web', 'scripts', 'screenshots.mjs'),
      base,
      join(ROOT, 'e2e', 'screenshots'),
      '/',
      '/booking',
      '/dashboard',
      portal,
    ],
    { stdio: 'inherit' },
  );
  process.exitCode = result.status ?? 1;
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
