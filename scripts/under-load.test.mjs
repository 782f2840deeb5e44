// The load runner docs/testing.md tells contributors to use: its arguments, its repeats, its
// verdict, and that it really keeps the cores busy while the command runs.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './lib.mjs';
import { parseArguments } from './under-load.mjs';

const RUNNER = join(ROOT, 'scripts', 'under-load.mjs');
const underLoad = (...args) =>
  spawnSync(process.execPath, [RUNNER, ...args], { encoding: 'utf8', timeout: 60_000 });

describe('under-load', () => {
  it('reads its options and the command after --', () => {
    expect(parseArguments(['-n', '3', '-r', '2', '--', 'npx', 'vitest', 'run'])).toEqual({
      workers: 3,
      repeat: 2,
      command: ['npx', 'vitest', 'run'],
    });
    expect(parseArguments(['--', 'true']).repeat).toBe(1);
    expect(() => parseArguments(['-r', '0', '--', 'true'])).toThrow(/-r needs a whole number/);
    expect(() => parseArguments(['-n', '1'])).toThrow(/usage/);
  });

  it('runs the command each time and says all passed', () => {
    const result = underLoad(
      '-n',
      '1',
      '-r',
      '3',
      '--',
      process.execPath,
      '-e',
      'console.log("ran")',
    );
    expect(result.status).toBe(0);
    expect(result.stdout.match(/^ran$/gm)).toHaveLength(3);
    expect(result.stdout.trim().split('\n').at(-1)).toBe('under-load: 3 of 3 runs passed');
  });

  it('stops at the first failure and fails', () => {
    const result = underLoad('-n', '1', '-r', '3', '--', process.execPath, '-e', 'process.exit(4)');
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('under-load: run 1 failed');
    expect(result.stdout.trim().split('\n').at(-1)).toBe('under-load: 0 of 3 runs passed');
  });

  it('keeps busy processes spinning while the command runs, and stops them after', async () => {
    // The command lists its siblings: the runner's children that spin its busy loop.
    const siblings =
      "const fs = require('node:fs');" +
      'const pids = fs.readdirSync("/proc").filter((p) => /^\\d+$/.test(p)).filter((p) => {' +
      '  try {' +
      '    const stat = fs.readFileSync(`/proc/${p}/stat`, "utf8");' +
      '    const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);' +
      '    return p !== String(process.pid) && ppid === process.ppid && fs.readFileSync(`/proc/${p}/cmdline`, "utf8").includes("Math.random()");' +
      '  } catch { return false; }' +
      '});' +
      'console.log(pids.join(" "));';
    const result = underLoad('-n', '2', '--', process.execPath, '-e', siblings);
    expect(result.status).toBe(0);
    const pids = result.stdout.split('\n')[0].trim().split(' ').filter(Boolean);
    expect(pids).toHaveLength(2);
    await expect
      .poll(() => pids.filter((pid) => existsSync(`/proc/${pid}`)), { timeout: 10_000 })
      .toEqual([]);
  });
});
