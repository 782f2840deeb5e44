/**
 * Where the server's own folder is (sync-server/, with migrations/ in it) and the repository
 * above it, found from this module's place: the folder above it that holds sync-server's
 * package.json. The same code runs from src/ through tsx and from a build in dist/<hash>/
 * (build.mjs), at different depths, so no fixed number of `../` would do for both.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findServerRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (
      fs.existsSync(manifest) &&
      (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string }).name ===
        '@pilbara/sync-server'
    )
      return dir;
    if (path.dirname(dir) === dir) throw new Error(`sync-server's folder is not above ${start}`);
  }
}

/** sync-server/ */
export const SERVER_ROOT = findServerRoot(path.dirname(fileURLToPath(import.meta.url)));

/** The repository root, the folder above sync-server/. */
export const REPO_ROOT = path.dirname(SERVER_ROOT);
