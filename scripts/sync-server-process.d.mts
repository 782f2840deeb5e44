import type { ChildProcess, StdioOptions } from 'node:child_process';

/** The folder of the current server build, built first when the sources changed. */
export function serverBuild(): Promise<string>;

/** Spawns the real sync server on a free loopback port (scripts/sync-server-process.mjs). */
export function spawnSyncServer(options: {
  dataDir: string;
  env?: Record<string, string>;
  stdio?: StdioOptions;
}): Promise<{ child: ChildProcess; baseURL: string }>;

/** Resolves once the server answers /api/health (scripts/sync-server-process.mjs). */
export function waitForHealth(
  child: ChildProcess,
  baseURL: string,
  deadlineMs: number,
  output?: () => string,
): Promise<void>;
