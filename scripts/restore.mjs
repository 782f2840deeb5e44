// `npm run restore -- <backup>`: installs what is needed (a new machine after a disaster has
// nothing yet), then restores the backup into DATA_DIR (default ./data) with the server stopped.
// Everything is in sync-server/src/backup/restore.ts.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT, installWorkspace } from './lib.mjs';

installWorkspace();
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', join('src', 'restore-cli.ts'), ...process.argv.slice(2)],
  {
    cwd: join(ROOT, 'sync-server'),
    stdio: 'inherit',
    env: { ...process.env, DATA_DIR: process.env.DATA_DIR ?? join(ROOT, 'data') },
  },
);
process.exit(result.status ?? 1);
