// Runs a command while busy processes keep every core loaded, the way a shared CI machine is.
// Timing bugs (races in sync, waits that are too short) show here long before they show in CI.
//
//   node scripts/under-load.mjs [-n WORKERS] [-r REPEAT] -- COMMAND ARGS...
//   npm run under-load -- -r 3 -- pnpm --filter @pilbara/e2e exec playwright test tests/x.spec.ts
//
// WORKERS busy processes (default: one per core) spin until the command is done. The command runs
// REPEAT times (default 1), one after another, and the runs stop at the first failure. The last
// line says "under-load: K of REPEAT runs passed"; the exit status is 0 only if all passed.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';

const USAGE = 'usage: under-load [-n WORKERS] [-r REPEAT] -- COMMAND ARGS...';

/** The options and the command of an argument list (exported for its test). */
export function parseArguments(args) {
  let workers = availableParallelism();
  let repeat = 1;
  let rest = [...args];
  while (rest.length > 0) {
    const [flag, value] = rest;
    if (flag === '--') {
      rest = rest.slice(1);
      break;
    }
    if (flag !== '-n' && flag !== '-r') break;
    const number = Number(value);
    if (!Number.isInteger(number) || number < (flag === '-n' ? 0 : 1))
      throw new Error(`${flag} needs a whole number, not "${value ?? ''}"\n${USAGE}`);
    if (flag === '-n') workers = number;
    else repeat = number;
    rest = rest.slice(2);
  }
  if (rest.length === 0) throw new Error(USAGE);
  return { workers, repeat, command: rest };
}

function runOnce([command, ...args]) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit' });
    child.on('error', (error) => {
      console.error(`under-load: ${error.message}`);
      resolve(1);
    });
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function main() {
  let options;
  try {
    options = parseArguments(process.argv.slice(2));
  } catch (error) {
    console.error(error.message);
    process.exit(2);
  }
  const { workers, repeat, command } = options;
  const busy = Array.from({ length: workers }, () =>
    spawn(process.execPath, ['-e', 'for (;;) Math.sqrt(Math.random())'], { stdio: 'ignore' }),
  );
  const stopBusy = () => busy.forEach((child) => child.kill('SIGKILL'));
  process.on('exit', stopBusy);
  for (const signal of ['SIGINT', 'SIGTERM'])
    process.on(signal, () => {
      stopBusy();
      process.exit(130);
    });
  let passed = 0;
  for (let run = 1; run <= repeat; run += 1) {
    if ((await runOnce(command)) !== 0) {
      console.log(`under-load: run ${run} failed`);
      break;
    }
    passed += 1;
  }
  stopBusy();
  console.log(`under-load: ${passed} of ${repeat} runs passed`);
  process.exit(passed === repeat ? 0 : 1);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
